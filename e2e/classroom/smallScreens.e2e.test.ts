/**
 * Small and large screens (issue 28 items 9 and 10) in Chromium against the real server and the
 * demo school: at 390 px the student, lesson and teacher tables keep every action button on
 * screen with no sideways scroll (rows drawn as cards), the admin drawer opens as an overlay above
 * the page instead of pushing it down; at 2000 px the curriculum grid has the 6 columns of
 * classroom.md §9, checked against the window's width; the student page names its lecture, says
 * the printed id is also the pupil's password, and QR labels of a wrong or shared pen are warned of.
 */
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { columnsAt } from './page/cardColumns';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN, DEMO_SCHOOL } from './support/classroomPage';
import { apiCall } from './support/lecturesPage';
import { demoReplayTarget, replayPath } from './support/replayPage';

let server: RealServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const PHONE = { width: 390, height: 844 } as const;

// the build alone takes minutes on a loaded machine
beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function open(viewport: { width: number; height: number }): Promise<ClassroomPage> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  return new ClassroomPage(await context.newPage(), server.origin);
}

/** The demo lecture (its class has the 30 demo pupils). */
async function demoLecture(app: ClassroomPage): Promise<{ id: number; title: string; eduClassId: number }> {
  const lectures = await apiCall<{ curriculums: { id: number; title: string; eduClassId: number }[] }>(
    app,
    'GET',
    '/edu/v1/curriculums',
  );
  return lectures.data.curriculums[0]!;
}

async function expectAccessible(app: ClassroomPage): Promise<void> {
  expect(await app.seriousViolations()).toEqual([]);
}

/** The page and the table's frame do not scroll sideways. */
async function expectNoSidewaysScroll(app: ClassroomPage, table: Locator): Promise<void> {
  const page = await app.page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    width: window.innerWidth,
  }));
  expect(page.scroll).toBeLessThanOrEqual(page.width);
  const frame = await table.evaluate((el) => ({ scroll: el.scrollWidth, width: el.clientWidth }));
  expect(frame.scroll).toBeLessThanOrEqual(frame.width);
}

/** Every button is wholly inside the window's width and reads as one line (no letter per line). */
async function expectButtonsOnScreen(buttons: Locator, minimum: number): Promise<void> {
  const boxes = await buttons.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight) || 20;
      return {
        left: r.left,
        right: r.right,
        width: r.width,
        height: r.height,
        lineHeight,
        text: el.textContent,
      };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(minimum);
  for (const b of boxes) {
    expect(b.left, b.text ?? '').toBeGreaterThanOrEqual(0);
    expect(b.right, b.text ?? '').toBeLessThanOrEqual(PHONE.width);
    // one line of text plus the button's padding, never a column of letters
    expect(b.height, b.text ?? '').toBeLessThan(b.lineHeight * 2 + 16);
  }
}

describe('classroom on a phone (390 px) and a wide screen (2000 px)', () => {
  it('a pending teacher of the demo school (for the teachers table)', async () => {
    const app = await open({ width: 1280, height: 800 });
    await app.signUp('Phone Pending', 'phone-pending@e2e.test', 'pending-password-1');
    await app.testId('no-school-confirm').click();
    await app.testId('school-name-input').fill('도트잉크');
    await app.page.getByRole('option', { name: DEMO_SCHOOL.name }).click();
    await expect.poll(() => app.testId('school-code').inputValue()).toBe(DEMO_SCHOOL.code);
    await app.page.getByRole('listbox').waitFor({ state: 'detached' });
    await app.testId('school-submit').click();
    await app.testId('school-confirm-confirm').click();
    await app.testId('not-approval').waitFor();
  }, 120_000);

  it('the student, lesson and teacher tables keep their buttons on screen without a sideways scroll', async () => {
    const app = await open(PHONE);
    await app.signIn(DEMO_ADMIN);
    await app.testId('curriculum-card').first().waitFor();
    const lecture = await demoLecture(app);

    await app.goto(`/main/student?eduClassId=${lecture.eduClassId}`);
    const students = app.testId('students-table');
    await app.testId('students-table-row').first().waitFor();
    await expectNoSidewaysScroll(app, students);
    await expectButtonsOnScreen(app.testId('student-apply'), 30);
    // the address field of the first pupil can be typed into and its 'apply' pressed, on screen
    await app.testId('student-mac').first().fill('9C:7B:D2:0F:0F:0F');
    await app.testId('student-apply').first().click({ trial: true });
    await expectAccessible(app);

    await app.goto(
      `/main/course?curriculumId=${lecture.id}&curriculumTitle=${encodeURIComponent(lecture.title)}&eduClassId=${lecture.eduClassId}`,
    );
    const lessons = app.testId('lessons-table');
    await app.testId('lessons-table-row').first().waitFor();
    await expectNoSidewaysScroll(app, lessons);
    await expectButtonsOnScreen(lessons.locator('tbody button'), 2);
    await expectAccessible(app);

    await app.goto('/main/admin/teachers');
    const teachers = app.testId('teachers-table');
    await app.testId('teachers-table-row').filter({ hasText: 'phone-pending@e2e.test' }).waitFor();
    await expectNoSidewaysScroll(app, teachers);
    await expectButtonsOnScreen(app.testId('approval-toggle'), 1);
    await expectAccessible(app);
  }, 180_000);

  it('the admin drawer opens as an overlay above the page, and closes when a link is followed', async () => {
    const app = await open(PHONE);
    await app.signIn(DEMO_ADMIN);
    await app.goto('/main/admin/eduClass');
    const heading = app.page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    // closed at first on a phone
    expect(await app.testId('drawer').count()).toBe(0);
    const before = (await heading.boundingBox())!;
    await app.testId('menu-toggle').click();
    const drawer = app.testId('drawer');
    await drawer.waitFor();
    const after = (await heading.boundingBox())!;
    // the page stays where it was: the drawer lies above it
    expect(after.y).toBe(before.y);
    const box = (await drawer.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await drawer.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // the drawer is on top where it covers the heading
    const onTop = await app.page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid=drawer]') !== null,
      [box.x + 20, after.y + after.height / 2],
    );
    expect(onTop).toBe(true);
    await expectAccessible(app);
    await drawer.getByRole('link').first().click();
    await app.page.waitForURL(/\/main\/admin\/teachers/);
    await drawer.waitFor({ state: 'detached' });
  }, 120_000);

  it('the student page names the lecture, says the printed id is the password, and warns of wrong pens on QR labels', async () => {
    const app = await open({ width: 1280, height: 800 });
    await app.signIn(DEMO_ADMIN);
    const lecture = await demoLecture(app);
    const pupils = await apiCall<{ students: { num: number; name: string; macAddress: string }[] }>(
      app,
      'GET',
      `/edu/v1/class/${lecture.eduClassId}/students`,
    );
    const first = pupils.data.students.find((s) => s.macAddress !== '00:00:00:00:00:00')!;
    // a pupil added anyway with the first pupil's pen (classroom.md §4: flagged, kept)
    const added = await apiCall(
      app,
      'POST',
      `/edu/v1/class/admin/${lecture.eduClassId}/students?addAnyway=true`,
      [{ num: 99, name: 'Twin Pen', macAddress: first.macAddress }],
    );
    expect(added.status).toBe(200);
    await app
      .testId('curriculum-card')
      .filter({ hasText: lecture.title })
      .getByRole('button', { name: 'manage students' })
      .click();
    await app.page.waitForURL(/\/main\/student\?/);
    expect(await app.testId('lecture-title').textContent()).toBe(lecture.title);
    expect(await app.testId('qr-password-note').textContent()).toContain(
      "which is also the pupil's password",
    );
    await app.testId('students-table-row').filter({ hasText: '99' }).waitFor();
    await app.testId('select-all').check();
    await app.testId('qr-print').click();
    const warning = app.testId('qr-warning');
    await warning.waitFor();
    const text = await app.testId('qr-warning-text').textContent();
    expect(text).toContain('Twin Pen');
    expect(text).toContain(first.name);
    await expectAccessible(app);
    const [download] = await Promise.all([
      app.page.waitForEvent('download', { timeout: 60_000 }),
      app.testId('qr-warning-confirm').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`qr-labels-${lecture.eduClassId}.pdf`);
  }, 180_000);

  it('the admin adds one pupil by hand and removes it (classroom.md §5 row appending)', async () => {
    const app = await open({ width: 1280, height: 800 });
    await app.signIn(DEMO_ADMIN);
    const lecture = await demoLecture(app);
    await app.goto(`/main/admin/students?eduClassId=${lecture.eduClassId}`);
    await app.testId('students-table-row').first().waitFor();
    const submit = app.testId('add-pupil-submit');
    // the next free number is proposed; 'add' waits for every column
    expect(Number(await app.testId('add-pupil-num').inputValue())).toBeGreaterThan(30);
    expect(await submit.isDisabled()).toBe(true);
    await app.testId('add-pupil-name').fill('Hand Added');
    await app.testId('add-pupil-mac').fill('not a pen');
    expect(await app.testId('add-pupil-problem').textContent()).toContain('This is not a pen address');
    expect(await submit.isDisabled()).toBe(true);
    await app.testId('add-pupil-mac').fill('9c7bd2abcdef');
    await submit.click();
    const row = app
      .testId('students-table-row')
      .filter({ has: app.page.locator('input[value="Hand Added"]') });
    await row.waitFor();
    expect(await row.getByTestId('student-mac').inputValue()).toBe('9C:7B:D2:AB:CD:EF');
    await expectAccessible(app);
    await row.getByTestId('student-remove').click();
    await app.testId('remove-pupil').waitFor();
    expect(await app.testId('remove-pupil-text').textContent()).toContain('Hand Added');
    await app.testId('remove-pupil-confirm').click();
    await row.waitFor({ state: 'detached' });
    // kept, hidden (classroom.md §3: deleteYn 'Y' is deleted and hidden)
    const after = await apiCall<{ students: { name: string; deleteYn: string }[] }>(
      app,
      'GET',
      `/edu/v1/class/${lecture.eduClassId}/students`,
    );
    expect(after.data.students.find((s) => s.name === 'Hand Added')?.deleteYn).toBe('Y');
  }, 120_000);

  it('the replay names the pupil it replays', async () => {
    const app = await open({ width: 1280, height: 800 });
    await app.signIn(DEMO_ADMIN);
    const target = await demoReplayTarget(app.page, server.origin);
    const pupils = await apiCall<{ students: { id: string; num: number; name: string }[] }>(
      app,
      'GET',
      `/edu/v1/class/${target.eduClassId}/students`,
    );
    const pupil = pupils.data.students.find((s) => s.id === target.studentId)!;
    await app.goto(replayPath(target));
    await app.page.locator('[data-testid=replay-screen][data-loading=false]').waitFor({ timeout: 30_000 });
    await expect.poll(() => app.testId('replay-pupil').textContent()).toContain(`${pupil.num} ${pupil.name}`);
  }, 120_000);

  it('the curriculum grid follows the window: 6 columns at 2000 px, 4 at 1280, 1 at 390 (§9)', async () => {
    const app = await open({ width: 2000, height: 1000 });
    await app.signIn(DEMO_ADMIN);
    const grid = app.testId('curriculum-grid');
    await app.testId('curriculum-card').first().waitFor();
    const tracks = () => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    for (const width of [2000, 1850, 1799, 1280, 390]) {
      await app.page.setViewportSize({ width, height: 1000 });
      const viewport = await app.page.evaluate(() => window.innerWidth);
      expect(viewport).toBe(width);
      await expect
        .poll(async () => Number(await grid.getAttribute('data-columns')))
        .toBe(columnsAt(viewport));
      expect(await tracks()).toBe(columnsAt(viewport));
    }
    expect(columnsAt(2000)).toBe(6);
  }, 120_000);
});
