/**
 * A brand-new teacher's first day (issue 28's "Done when"), in Chromium against the real server
 * started as a district's first day: the database holds the demo school and its administrator
 * only (`SEED_DEMO=school`), no teacher, class or pupil. Every step goes through the real pages:
 * the teacher signs up and registers the school; the administrator approves her, and a reload of
 * her tab is enough; the administrator makes a class with her as its teacher and imports a roster
 * with a nameless pupil and wrong and duplicated pen addresses (saved, the flags kept); she prints
 * QR labels (warned about the bad addresses), creates a lecture with a textbook, creates and edits
 * a lesson, and annotates a pupil's page the pupil wrote on; the replay's length and the pupil's
 * figures stay the pupil's own. Then each screen of the day is checked with axe-core in ko and en,
 * at 1280 × 800 and 390 × 844 (and has no sideways scroll on the phone).
 */
import { readFileSync } from 'node:fs';
import { encodePageArray, pageAddress } from '@dotink/ncode';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { connectPen, installPen, penWrite, simulatedPensScript } from './support/annotationPage';
import { buildClassroom } from './support/buildClassroom';
import { type Account, ClassroomPage, DEMO_ADMIN, DEMO_SCHOOL } from './support/classroomPage';
import { fillTemplate } from './support/files';
import { apiCall, card, fillCourse, fillLesson, lessonRow, localParts } from './support/lecturesPage';
import { uploadPupilStrokes } from './support/livePage';

let server: RealServer;
let browser: Browser;
let penScript: string;
const contexts: BrowserContext[] = [];

const TEACHER: Account = { username: 'first.day@school.example', password: 'first-day-pass-1' };
const TEACHER_NAME = 'Ms First Day';
const CLASS_NAME = 'Owls 5-3';
const LECTURE = 'Owls maths';
/** The built-in textbook of book 1191 (classroom.md §3: the first of the nine). */
const TEXTBOOK = { id: 1, section: 3, owner: 1012, book: 1191, pages: 124 } as const;
const PAGE_NUMBER = 10;
const PAGE_ID = `${TEXTBOOK.section}.${TEXTBOOK.owner}.${TEXTBOOK.book}.${PAGE_NUMBER}`;
const PEN_PASSWORD = '1234';
const MIN = 60_000;

beforeAll(async () => {
  const [dist, script] = await Promise.all([buildClassroom(), simulatedPensScript()]);
  penScript = script;
  server = await startRealServer({ seedDemo: 'school', env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function open(viewport = { width: 1280, height: 800 }): Promise<ClassroomPage> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript({ content: penScript });
  return new ClassroomPage(page, server.origin);
}

async function expectAccessible(app: ClassroomPage): Promise<void> {
  expect(await app.seriousViolations()).toEqual([]);
}

/** What the day made, filled in as it goes. */
const day = {
  classId: 0,
  curriculumId: 0,
  pupils: [] as { id: string; num: number; name: string; macAddress: string }[],
  replayPath: '',
  studentsPath: '',
  coursePath: '',
  pupilFigures: undefined as unknown,
};

describe.sequential('classroom: a new teacher on a district first day', () => {
  let teacher: ClassroomPage;
  let admin: ClassroomPage;

  it('the database holds the demo school and its administrator only', async () => {
    admin = await open();
    await admin.signIn(DEMO_ADMIN);
    const classes = await apiCall<{ classes: unknown[] }>(admin, 'GET', '/edu/v1/classes');
    expect(classes.data.classes).toEqual([]);
    const teachers = await apiCall<{ teachers: { email: string }[] }>(admin, 'GET', '/edu/v1/teachers');
    expect(teachers.status).toBe(200);
    expect(teachers.data.teachers.map((t) => t.email)).toEqual([DEMO_ADMIN.username]);
  }, 120_000);

  it('signs up, registers the school (confirmed with its region and level) and waits for approval', async () => {
    teacher = await open();
    await teacher.signUp(TEACHER_NAME, TEACHER.username, TEACHER.password);
    await teacher.testId('no-school-dialog').waitFor();
    await teacher.testId('no-school-confirm').click();
    await teacher.testId('school-page').waitFor();
    await teacher.testId('school-name-input').fill('도트잉크');
    await teacher.page.getByRole('option', { name: DEMO_SCHOOL.name }).click();
    await expect.poll(() => teacher.testId('school-code').inputValue()).toBe(DEMO_SCHOOL.code);
    await teacher.page.getByRole('listbox').waitFor({ state: 'detached' });
    await teacher.testId('school-submit').click();
    await teacher.testId('school-confirm').waitFor();
    expect(await teacher.testId('school-confirm').textContent()).toContain(DEMO_SCHOOL.name);
    await teacher.testId('school-confirm-confirm').click();
    await teacher.testId('not-approval').waitFor();
    await expectAccessible(teacher);
  }, 120_000);

  it('the administrator approves her; a reload of her tab is enough, and she is told to ask for a class', async () => {
    await admin.goto('/main/curriculum');
    const badge = admin.testId('pending-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    await badge.click();
    await admin.page.waitForURL(/\/main\/admin\/teachers/);
    const row = admin.testId('teachers-table-row').filter({ hasText: TEACHER.username });
    await row.getByRole('button', { name: /Approve/ }).click();
    await row.getByText('approved').waitFor();
    await expectAccessible(admin);

    await teacher.page.reload();
    await teacher.page.waitForURL((u) => u.pathname === '/main/curriculum', { timeout: 30_000 });
    await teacher.testId('curriculum-create').click();
    await teacher.testId('course-no-class').waitFor();
    expect(await teacher.testId('course-no-class').textContent()).toContain('Ask your school administrator');
    await teacher.page.keyboard.press('Escape');
    await teacher.testId('course-dialog').waitFor({ state: 'detached' });
  }, 120_000);

  it('the administrator makes her class with her as its teacher, from the class dialog', async () => {
    await admin.goto('/main/admin/eduClass');
    await admin.testId('classes-table').waitFor();
    await admin.testId('class-new').click();
    await admin.testId('class-grade').selectOption('5');
    await admin.testId('class-num').selectOption('3');
    await admin.testId('class-name').fill(CLASS_NAME);
    await admin.testId('class-teacher').selectOption({ label: TEACHER_NAME });
    await expectAccessible(admin);
    await admin.testId('class-submit').click();
    await admin.testId('classes-table-row').filter({ hasText: CLASS_NAME }).waitFor();
    const classes = await apiCall<{ classes: { eduClassId: number; className: string }[] }>(
      admin,
      'GET',
      '/edu/v1/classes',
    );
    day.classId = classes.data.classes.find((c) => c.className === CLASS_NAME)!.eduClassId;
    expect(day.classId).toBeGreaterThan(0);
  }, 120_000);

  it('imports her roster: a nameless pupil and wrong and duplicated pen addresses are saved, flags kept', async () => {
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.testId('template-download').click(),
    ]);
    const template = readFileSync((await download.path())!);
    await admin.testId('classes-table-row').filter({ hasText: CLASS_NAME }).getByRole('link').click();
    await admin.page.waitForURL(/\/main\/admin\/students\?eduClassId=/);
    await admin.testId('import-open').click();
    const roster = await fillTemplate(template, [
      [1, 'Ahn', '9C:7B:D2:00:05:01'],
      [2, '', '9C:7B:D2:00:05:02'],
      [3, 'Cho', 'NOT-A-PEN'],
      [4, 'Dal', '9C:7B:D2:00:05:04'],
      [5, 'Eun', '9c7bd2000504'],
    ]);
    await admin
      .testId('import-file')
      .setInputFiles({ name: 'owls.xlsx', mimeType: 'application/octet-stream', buffer: roster });
    const problems = admin.testId('import-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('pen information may have been entered wrongly');
    expect(await problems.textContent()).toContain('pen information may have been duplicated');
    expect(await admin.testId('import-preview').textContent()).toContain('(no name)');
    await expectAccessible(admin);
    await admin.testId('import-confirm').click();
    await admin.testId('add-anyway-dialog').waitFor();
    await admin.testId('add-anyway-confirm').click();
    await admin.testId('import-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => admin.testId('students-table-row').count()).toBe(5);
    expect(await admin.testId('mark-error').count()).toBe(1);
    expect(await admin.testId('mark-duplicate').count()).toBe(2);

    const students = await apiCall<{ students: typeof day.pupils }>(
      admin,
      'GET',
      `/edu/v1/class/${day.classId}/students`,
    );
    day.pupils = [...students.data.students].sort((a, b) => a.num - b.num);
    expect(day.pupils.map((p) => [p.num, p.name, p.macAddress])).toEqual([
      [1, 'Ahn', '9C:7B:D2:00:05:01'],
      [2, '', '9C:7B:D2:00:05:02'],
      [3, 'Cho', 'NOT-A-PEN'],
      [4, 'Dal', '9C:7B:D2:00:05:04'],
      [5, 'Eun', '9C:7B:D2:00:05:04'],
    ]);
  }, 120_000);

  it('creates her lecture with the textbook, then creates and edits a lesson', async () => {
    await teacher.goto('/main/curriculum');
    await teacher.testId('curriculum-create').click();
    await teacher
      .testId('course-class')
      .locator('option', { hasText: CLASS_NAME })
      .waitFor({ state: 'attached' });
    await fillCourse(teacher, { className: CLASS_NAME, title: LECTURE });
    await card(teacher, LECTURE).waitFor();
    const lectures = await apiCall<{ curriculums: { id: number; title: string }[] }>(
      teacher,
      'GET',
      '/edu/v1/curriculums',
    );
    day.curriculumId = lectures.data.curriculums.find((c) => c.title === LECTURE)!.id;

    // the textbook, through the material screen
    await card(teacher, LECTURE).getByRole('button', { name: 'register learning material' }).click();
    await teacher.page.waitForURL(/\/main\/textbook\?/);
    await teacher.testId('material-add').click();
    await teacher.testId('material-dialog').waitFor();
    await teacher.testId('material-kind-REGULAR').check();
    await teacher.testId('material-book').selectOption(String(TEXTBOOK.id));
    await teacher.testId('material-submit').click();
    await teacher.testId('material-dialog').waitFor({ state: 'detached' });
    await teacher.testId('materials-table-row').first().waitFor();
    await expectAccessible(teacher);

    day.coursePath = `/main/course?curriculumId=${day.curriculumId}&curriculumTitle=${encodeURIComponent(LECTURE)}&eduClassId=${day.classId}`;
    await teacher.goto(day.coursePath);
    await teacher.testId('lesson-new').click();
    const start = Math.ceil((Date.now() + 60 * MIN) / (5 * MIN)) * 5 * MIN;
    const at = localParts(start);
    await teacher.testId('lesson-date').fill(at.date);
    await teacher.testId('lesson-start').selectOption(at.time);
    await fillLesson(teacher, { hours: 1, name: 'Fractions', memo: 'p. 10' });
    await teacher.testId('lesson-dialog').waitFor({ state: 'detached' });
    const row = lessonRow(teacher, 'Fractions');
    await row.waitFor();
    expect(await row.textContent()).toContain(`${at.date} ${at.time}`);
    // edited: the dialog shows the saved start time, and keeps it
    await row.getByTestId('lesson-edit').click();
    expect(await teacher.testId('lesson-name').inputValue()).toBe('Fractions');
    expect(await teacher.testId('lesson-start').inputValue()).toBe(at.time);
    await expectAccessible(teacher);
    await fillLesson(teacher, { name: 'Fractions, part 1' });
    await teacher.testId('lesson-confirm-confirm').click();
    const edited = lessonRow(teacher, 'Fractions, part 1');
    await edited.waitFor();
    expect(await edited.textContent()).toContain(`${at.date} ${at.time}`);
  }, 180_000);

  it('prints QR labels, warned first of the wrong and duplicated addresses', async () => {
    day.studentsPath = `/main/student?eduClassId=${day.classId}&curriculumId=${day.curriculumId}&curriculumTitle=${encodeURIComponent(LECTURE)}`;
    await teacher.goto(day.studentsPath);
    await expect.poll(() => teacher.testId('students-table-row').count()).toBe(5);
    expect(await teacher.testId('qr-password-note').textContent()).toBeTruthy();
    await teacher.testId('select-all').check();
    await teacher.testId('qr-print').click();
    const warning = teacher.testId('qr-warning');
    await warning.waitFor();
    const text = (await warning.textContent()) ?? '';
    expect(text).toContain('3 Cho');
    expect(text).toContain('4 Dal');
    expect(text).toContain('5 Eun');
    expect(text).not.toContain('1 Ahn');
    await expectAccessible(teacher);
    const [labels] = await Promise.all([
      teacher.page.waitForEvent('download'),
      teacher.testId('qr-warning-confirm').click(),
    ]);
    const pdf = readFileSync((await labels.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);

  it("annotates a pupil's page; the replay's length and the pupil's figures stay the pupil's own", async () => {
    const pupil = day.pupils[0]!;
    // the pupil wrote on page 10 half an hour ago: three strokes over 20 seconds
    const t0 = Date.now() - 30 * MIN;
    await uploadPupilStrokes(
      server.origin,
      { id: pupil.id, mac: pupil.macAddress },
      PAGE_ID,
      [0, 1, 2].map((i) =>
        Array.from(
          { length: 12 },
          (_, k) => [20 + i * 8 + k, 30 + (k % 2), t0 + i * 10_000 + k * 20] as const,
        ),
      ),
      'first-day',
    );

    const range = {
      eduClassId: String(day.classId),
      curriculumId: String(day.curriculumId),
      section: String(TEXTBOOK.section),
      owner: String(TEXTBOOK.owner),
      book: String(TEXTBOOK.book),
      ncodeStartPage: '1',
      ncodeEndPage: String(TEXTBOOK.pages),
    };
    // the pupil's figures, as the pupil screen reads them (less the instant they were computed)
    const figures = async () => {
      const { computedAtMs: _, ...rest } = (
        await apiCall<Record<string, unknown>>(
          teacher,
          'GET',
          `/edu/v1/math/summary/student/${pupil.id}?${new URLSearchParams({ ...range, timeZone: 'UTC' })}`,
        )
      ).data;
      return rest;
    };
    day.pupilFigures = await figures();
    // the pupil's own study: one day, her 20.22 s from the first dot to the last
    expect((day.pupilFigures as { days: { durationMs: number }[] }).days.map((d) => d.durationMs)).toEqual([
      20_220,
    ]);

    day.replayPath = `/main/replay?${new URLSearchParams({
      ...range,
      studentId: pupil.id,
      pages: encodePageArray([pageAddress(TEXTBOOK.section, TEXTBOOK.owner, TEXTBOOK.book, PAGE_NUMBER)]),
    })}`;
    await teacher.goto(day.replayPath);
    await teacher.testId('replay-screen').waitFor({ timeout: 30_000 });
    expect(await teacher.testId('replay-pupil').textContent()).toContain('Ahn');
    const length = async () => (await teacher.testId('replay-time').textContent())?.split('/')[1]?.trim();
    await expect.poll(length).toBe('0:20');

    await installPen(teacher.page, { password: PEN_PASSWORD });
    await connectPen(teacher, PEN_PASSWORD);
    await penWrite(teacher.page, [
      {
        page: PAGE_ID,
        points: [
          [60, 60],
          [70, 64],
          [80, 61],
        ],
      },
    ]);
    await teacher.page.getByText('Strokes not uploaded: 1').waitFor();
    await teacher.testId('annotation-upload').click();
    await teacher.page
      .getByTestId('annotation-outcome')
      .getByText('Uploaded the annotation information.')
      .waitFor();

    // read again from the server: her stroke is there, the replay is still the pupil's 20 s
    await teacher.page.reload();
    await teacher.testId('replay-screen').waitFor({ timeout: 30_000 });
    await expect.poll(() => teacher.testId('replay-screen').getAttribute('data-strokes')).toBe('4');
    await expect.poll(length).toBe('0:20');
    expect(await figures()).toEqual(day.pupilFigures);
  }, 180_000);

  it('each screen of the day is axe-clean in ko and en, at 1280 × 800 and 390 × 844, without sideways scroll on the phone', async () => {
    const screens = [
      { path: '/main/curriculum', ready: 'curriculum-grid' },
      { path: () => day.coursePath, ready: 'lessons-table-row' },
      { path: () => day.studentsPath, ready: 'students-table-row' },
      { path: () => day.replayPath, ready: 'replay-screen' },
    ];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const app = await open(viewport);
      await app.signIn(TEACHER);
      for (const lang of ['ko', 'en']) {
        for (const screen of screens) {
          const path = typeof screen.path === 'string' ? screen.path : screen.path();
          await app.goto(path, lang);
          await app.testId(screen.ready).first().waitFor({ timeout: 30_000 });
          expect(await app.page.evaluate(() => document.documentElement.lang)).toBe(lang);
          expect(await app.seriousViolations(), `${path} ${lang} ${viewport.width}`).toEqual([]);
          if (viewport.width === 390) {
            const overflow = await app.page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow, `${path} ${lang}: sideways scroll`).toBeLessThanOrEqual(0);
          }
        }
      }
    }
  }, 240_000);
});
