/**
 * The lectures screens in Chromium against the real server and the demo school, no mocked API
 * (issue 14): course cards and the course dialog (with the 400 clash), the missing-textbook
 * question, lessons and each status of classroom.md §4 under a moved browser clock
 * (`page.clock`), 'proceed with learning' opening a window, and courseStudyCheck listing the demo
 * pupils with their last writing times. Screenshots in ko and en at 1280 × 800 and 390 × 844 and
 * axe-core on each screen.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { columnsAt } from './page/cardColumns';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import {
  apiCall,
  card,
  cardMenu,
  fillCourse,
  fillLesson,
  lessonRow,
  lessonState,
  localParts,
} from './support/lecturesPage';

let server: RealServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const DEMO_LECTURE = '3학년 1반 수학';
const MIN = 60_000;

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function signedIn(): Promise<{ app: ClassroomPage; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const app = new ClassroomPage(await context.newPage(), server.origin);
  await app.signIn(DEMO_ADMIN);
  await app.testId('curriculum-card').first().waitFor();
  return { app, context };
}

async function expectAccessible(app: ClassroomPage): Promise<void> {
  expect(await app.seriousViolations()).toEqual([]);
}

describe('classroom: lectures, lessons and the study check', () => {
  it('course cards: the §9 grid, the course dialog with its checks and the clash, edit, the missing textbook, delete', async () => {
    const { app } = await signedIn();
    const grid = app.testId('curriculum-grid');
    // the columns drawn, against the window's width (§9), not the width the grid measures itself
    const tracks = () => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columnsAt(1280)).toBe(4);
    expect(await tracks()).toBe(4);
    await app.page.setViewportSize({ width: 2000, height: 1000 });
    await expect.poll(tracks).toBe(6);
    await app.page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(tracks).toBe(1);
    await app.page.setViewportSize({ width: 1280, height: 800 });
    const demo = card(app, DEMO_LECTURE);
    expect(await demo.textContent()).toContain('30 persons');
    for (const label of [
      'live lesson',
      'register learning material',
      'check learning results',
      'manage students',
    ])
      await demo.getByRole('button', { name: label }).waitFor();
    await expectAccessible(app);
    await app.shots('lectures-curriculum', () => app.testId('curriculum-card').first().waitFor());

    // the create card opens 'Create new course'; nothing entered → the §5 message
    await app.testId('curriculum-create').click();
    const dialog = app.testId('course-dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('Create new course');
    const individual = app.testId('course-class').locator('option[value=individual]');
    expect(await individual.isDisabled()).toBe(true);
    await app.testId('course-submit').click();
    expect(await app.testId('course-missing').textContent()).toBe('There is a value that was not entered');
    await expectAccessible(app);
    await app.shots('lectures-courseDialog', async () => {
      await app.testId('curriculum-create').click();
      await app.testId('course-title').fill('국어');
    });
    await app.testId('course-title').fill('');

    // the class of the demo lecture, its title again: the server's 400
    const className = (await app.testId('course-class').locator('option').nth(1).textContent())!;
    await fillCourse(app, { className, title: DEMO_LECTURE });
    expect(await app.testId('course-error').textContent()).toBe('400 - already existing class');

    // a new lecture; the description stops at 40 characters
    await fillCourse(app, { title: 'E2E 과학', description: 'x'.repeat(45) });
    await dialog.waitFor({ state: 'detached' });
    const mine = card(app, 'E2E 과학');
    await mine.waitFor();
    expect(await mine.locator('p').first().textContent()).toBe(`${'x'.repeat(18)}…`);
    const saved = await apiCall<{ curriculums: { title: string; description: string }[] }>(
      app,
      'GET',
      '/edu/v1/curriculums',
    );
    expect(saved.data.curriculums.find((c) => c.title === 'E2E 과학')?.description).toBe('x'.repeat(40));

    // edit through the card menu: 'Edit/delete course'
    await cardMenu(app, 'E2E 과학', 'edit');
    expect(await dialog.getByRole('heading').textContent()).toBe('Edit/delete course');
    await fillCourse(app, { title: 'E2E 과학 2' });
    await card(app, 'E2E 과학 2').waitFor();

    // no textbook yet: the lesson screens ask to register one
    await card(app, 'E2E 과학 2').getByRole('button', { name: 'live lesson' }).click();
    const ask = app.testId('no-textbook');
    await ask.waitFor();
    expect(await app.testId('no-textbook-text').textContent()).toBe(
      'no textbook is registered in the course. Please register a textbook.',
    );
    expect(await ask.getByRole('heading').textContent()).toBe('Learning material not registered');
    await expectAccessible(app);
    await app.testId('no-textbook-cancel').click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(app.page.url()).pathname).toBe('/main/curriculum');
    await card(app, 'E2E 과학 2').getByRole('button', { name: 'check learning results' }).click();
    await app.testId('no-textbook-confirm').click();
    await app.page.waitForURL(/\/main\/textbook\?/);
    const q = new URL(app.page.url()).searchParams;
    expect(q.get('curriculumTitle')).toBe('E2E 과학 2');
    expect(q.get('curriculumId')).toMatch(/^\d+$/);
    expect(q.get('eduClassId')).toMatch(/^\d+$/);

    // delete with the §2 confirm
    await app.goto('/main/curriculum');
    await cardMenu(app, 'E2E 과학 2', 'delete');
    expect(await app.testId('delete-confirm-text').textContent()).toBe(
      'Deleted data cannot be restored. Proceed with deletion?',
    );
    await expectAccessible(app);
    await app.testId('delete-confirm-confirm').click();
    await card(app, 'E2E 과학 2').waitFor({ state: 'detached' });
  }, 180_000);

  it('lessons: the dialog, each status under a moved clock, proceed, re-register, edit, delete', async () => {
    const { app, context } = await signedIn();
    await card(app, DEMO_LECTURE).getByRole('button', { name: 'live lesson' }).click();
    // 'live lesson' opens the live screen; its link leads to the lecture's lessons
    await app.page.waitForURL((u) => u.pathname === '/main/live' && u.searchParams.has('courseId'));
    await app.testId('live-lessons').click();
    await app.page.waitForURL(/\/main\/course\?/);
    const coursePage = app.page.url();
    await app.testId('lessons-table-row').first().waitFor();
    expect(await app.testId('lessons-table-page-size').inputValue()).toBe('25');
    const headers = await app.page.locator('[data-testid=lessons-table] th').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼]/g, '').trim())).toEqual([
      'number',
      'course name',
      'lesson name',
      'lesson date and time',
      'status',
      'action',
    ]);
    expect(await lessonState(lessonRow(app, '1단원'))).toEqual({ state: 'ENDED', text: 'lesson ended' });
    // inside the lecture, the top bar's lecture menu also leads to its screens
    await app.testId('lecture-menu').click();
    expect(await app.page.getByRole('menuitem').allTextContents()).toEqual([
      'manage students',
      'Class list',
      'check learning results',
      'live lesson',
      'register learning material',
    ]);
    await app.page.getByRole('menuitem', { name: 'register learning material' }).click();
    await app.page.waitForURL(/\/main\/textbook\?/);
    expect(new URL(app.page.url()).searchParams.get('curriculumTitle')).toBe(DEMO_LECTURE);
    await app.page.goto(coursePage);
    await lessonRow(app, '1단원').waitFor();
    await lessonRow(app, '1단원').getByTestId('lesson-check').waitFor();
    await expectAccessible(app);

    // the dialog: name missing → the §5 message; then a lesson 2 hours from now, 1 hour long
    await app.testId('lesson-new').click();
    await app.testId('lesson-name').fill('');
    await app.testId('lesson-submit').click();
    expect(await app.testId('lesson-missing').textContent()).toBe('There is a value that was not entered');
    await expectAccessible(app);
    const start = Math.ceil((Date.now() + 2 * 60 * MIN) / (5 * MIN)) * 5 * MIN;
    const at = localParts(start);
    await app.testId('lesson-hours').selectOption('2');
    await app.testId('lesson-date').fill(at.date);
    await app.testId('lesson-start').selectOption(at.time);
    expect(await app.testId('lesson-end').textContent()).toBe(localParts(start + 120 * MIN).time);
    await fillLesson(app, { hours: 1, name: 'E2E 수업', memo: '교과서 40쪽' });
    await app.testId('lesson-dialog').waitFor({ state: 'detached' });
    const row = lessonRow(app, 'E2E 수업');
    expect(await row.textContent()).toContain(`${at.date} ${at.time}–${localParts(start + 60 * MIN).time}`);

    // the status follows the browser's clock (page.clock), the rule shared with the server
    const expectations: [number, string, string, string | undefined][] = [
      [start - 30 * MIN, 'BEFORE', 'before lesson time', 'lesson-proceed'],
      [start + 10 * MIN, 'IN_PROGRESS', 'lesson in progress', 'lesson-proceed'],
      [start + 70 * MIN, 'AFTER_END', 'within 30 minutes after the end', 'lesson-proceed'],
      [start + 95 * MIN, 'MISSED', 'ended without lesson', undefined],
    ];
    for (const [now, state, text, action] of expectations) {
      await app.page.clock.setFixedTime(now);
      await app.page.goto(coursePage);
      await row.waitFor(); // still signed in: the token renewal survives the moved clock
      expect(await lessonState(row), new Date(now).toISOString()).toEqual({ state, text });
      for (const id of ['lesson-proceed', 'lesson-check', 'lesson-reregister'])
        expect(await row.getByTestId(id).count(), `${state}: ${id}`).toBe(id === action ? 1 : 0);
      if (state === 'IN_PROGRESS') {
        await app.shots('lectures-course', () => row.waitFor());
        await app.page.goto(coursePage);
        // 'proceed with learning' opens the lesson's URL in a new window
        const lesson = (
          await apiCall<{ courses: { tag: string; eduCourseUrl: string }[] }>(
            app,
            'GET',
            `/edu/v1/curriculum/${new URL(coursePage).searchParams.get('curriculumId')}/course`,
          )
        ).data.courses.find((c) => c.tag === 'E2E 수업')!;
        const [popup] = await Promise.all([
          context.waitForEvent('page'),
          row.getByTestId('lesson-proceed').click(),
        ]);
        await popup.waitForURL((u) => u.pathname !== 'blank');
        expect(popup.url()).toBe(new URL(lesson.eduCourseUrl, server.origin).href);
        await popup.close();
      }
    }

    // a lesson saved as draft offers 're-register lesson'; registering makes it a live lesson
    const curriculumId = new URL(coursePage).searchParams.get('curriculumId');
    await apiCall(app, 'POST', `/edu/v1/curriculum/${curriculumId}/course`, {
      tag: 'E2E 임시',
      startAt: new Date(start + 24 * 60 * MIN).toISOString(),
      prgsTime: 1,
      sessionStatus: 'DRAFT',
    });
    await app.page.goto(coursePage);
    const draft = lessonRow(app, 'E2E 임시');
    await draft.waitFor();
    expect(await lessonState(draft)).toEqual({ state: 'DRAFT', text: 'saved as draft' });
    await draft.getByTestId('lesson-reregister').click();
    await expect.poll(async () => (await lessonState(draft)).state).toBe('BEFORE');

    // edit asks 'Edit the lesson?'; delete asks the deletion confirm
    await row.getByTestId('lesson-edit').click();
    expect(await app.testId('lesson-name').inputValue()).toBe('E2E 수업');
    await expectAccessible(app);
    await app.shots('lectures-lessonDialog', async () => {
      await row.getByTestId('lesson-edit').click();
      await app.testId('lesson-dialog').waitFor();
    });
    await fillLesson(app, { name: 'E2E 수업 2' });
    expect(await app.testId('lesson-confirm-text').textContent()).toBe('Edit the lesson?');
    await app.testId('lesson-confirm-confirm').click();
    await lessonRow(app, 'E2E 수업 2').waitFor();
    await draft.getByTestId('lesson-delete').click();
    expect(await app.testId('lesson-confirm-text').textContent()).toBe(
      'Deleted data cannot be restored. Proceed with deletion?',
    );
    await app.testId('lesson-confirm-confirm').click();
    await draft.waitFor({ state: 'detached' });
  }, 240_000);

  it('a class without students: the lesson is refused with the §8 message', async () => {
    const { app } = await signedIn();
    const klass = await apiCall<{ eduClassId: number }>(app, 'POST', '/edu/v1/class', {
      year: new Date().getFullYear(),
      grade: 5,
      classNum: 17,
      className: 'E2E 빈 학급',
    });
    expect(klass.status).toBe(200);
    const lecture = await apiCall<{ id: number }>(app, 'POST', '/edu/v1/curriculum', {
      eduClassId: klass.data.eduClassId,
      title: 'E2E 빈 강의',
    });
    await app.goto(
      `/main/course?curriculumId=${lecture.data.id}&curriculumTitle=E2E&eduClassId=${klass.data.eduClassId}`,
    );
    await app.testId('lesson-new').click();
    await fillLesson(app, { name: 'E2E 혼자' });
    expect(await app.testId('lesson-error').textContent()).toBe(
      'A lesson cannot be started if no students are registered in the class.',
    );
  }, 120_000);

  it('courseStudyCheck lists the demo pupils with their last writing times and leads to the replay', async () => {
    const { app } = await signedIn();
    // the card's 'check learning results' opens the pen-activity analysis of the lecture's textbook
    await card(app, DEMO_LECTURE).getByRole('button', { name: 'check learning results' }).click();
    await app.page.waitForURL(/\/main\/math\/all\?/);
    const all = new URL(app.page.url()).searchParams;
    expect([all.get('section'), all.get('owner'), all.get('book')]).toEqual(['3', '1012', '1191']);
    // the lessons page's 'check learning' of the ended lesson opens its study check
    await app.goto('/main/curriculum');
    await card(app, DEMO_LECTURE).getByRole('button', { name: 'live lesson' }).click();
    // 'live lesson' opens the live screen; its link leads to the lecture's lessons
    await app.page.waitForURL((u) => u.pathname === '/main/live' && u.searchParams.has('courseId'));
    await app.testId('live-lessons').click();
    await lessonRow(app, '1단원').getByTestId('lesson-check').click();
    await app.page.waitForURL(/\/main\/courseStudyCheck\?/);
    const q = new URL(app.page.url()).searchParams;
    for (const k of ['eduClassId', 'sessionId', 'courseId', 'courseTitle', 'curriculumId', 'curriculumTitle'])
      expect(q.get(k), k).toBeTruthy();
    expect([q.get('section'), q.get('owner'), q.get('book')]).toEqual(['3', '1012', '1191']);
    const rows = app.testId('study-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(25); // 30 pupils, 25 a page by default
    expect(await app.testId('study-table-page-size').inputValue()).toBe('25');
    // every row ends loaded: pupils 1–6 wrote in that lesson, the others did not
    await app.page.waitForFunction(
      () => document.querySelectorAll('[data-testid=upload-time][data-state=fetching]').length === 0,
    );
    const times = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cell = tr.querySelector('[data-testid=upload-time]')!;
        return {
          num: tr.querySelector('td')!.textContent,
          state: cell.getAttribute('data-state'),
          text: cell.textContent,
        };
      }),
    );
    for (const r of times) {
      if (Number(r.num) <= 6) {
        expect(r.state, `pupil ${r.num}`).toBe('loaded');
        expect(r.text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      } else expect(r, `pupil ${r.num}`).toMatchObject({ state: 'none', text: '(no activity)' });
    }
    await expectAccessible(app);
    await app.shots('lectures-courseStudyCheck', async () => {
      await rows.first().waitFor();
      await app.page.waitForFunction(
        () => document.querySelectorAll('[data-testid=upload-time][data-state=fetching]').length === 0,
      );
    });
    await rows.first().getByTestId('replay-all').click();
    await app.page.waitForURL(/\/main\/replay\?/);
    const replay = new URL(app.page.url()).searchParams;
    expect([...replay.keys()]).toEqual([
      'eduClassId',
      'curriculumId',
      'studentId',
      'sessionId',
      'courseId',
      'section',
      'owner',
      'book',
      'ncodeStartPage',
      'ncodeEndPage',
    ]);
    expect(replay.get('sessionId')).toBe(q.get('sessionId'));
  }, 180_000);
});
