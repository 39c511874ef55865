/**
 * The pen station (issue 16) in Chromium against the real server (demo school, nothing mocked):
 * the teacher sets up a lesson running now and prints a pupil's QR label; a station tab opens
 * `/pen?course=…`, signs one pupil in by the typed id and one by their printed label held up to a
 * fake camera (a canvas stream of the label cut from the app's PDF), connects simulated pens (a
 * wrong one is named and disconnected), and the pupils write: the teacher's socket on the room
 * hears the live strokes, and the ink store has them under the lesson's tag. The station loses
 * the network for 10 s (the 'not saved yet' banner shows) and catches up; a stroke queued when
 * the page reloads survives the reload. Screenshots (ko, en; 1280 × 800, 390 × 844), axe-core.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonRoom, lessonTag } from '../../packages/contracts/src/eduLive';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import {
  createLiveLesson,
  fakeCameraScript,
  heardInRoom,
  installPen,
  type LiveLessonSetup,
  lessonStrokeTimes,
  listenToRoom,
  penWrite,
  printedLabel,
  type SimStroke,
  stationPensScript,
} from './support/stationPage';

let server: RealServer;
let browser: Browser;
let pensScript: string;
const contexts: BrowserContext[] = [];

const PAGE_ID = '3.1012.1191.20';
const OTHER_PAGE_ID = '3.1012.1191.21';
const WRONG_PEN = '9C:7B:D2:99:99:99';

beforeAll(async () => {
  const [dist, script] = await Promise.all([buildClassroom(), stationPensScript()]);
  pensScript = script;
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function open(
  scripts: readonly string[] = [],
): Promise<{ app: ClassroomPage; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  for (const content of scripts) await page.addInitScript({ content });
  return { app: new ClassroomPage(page, server.origin), context };
}

const stroke = (n: number, page = PAGE_ID): SimStroke => ({
  page,
  points: [
    [10 + n * 3, 10],
    [16 + n * 3, 14],
    [22 + n * 3, 11],
  ],
});

const card = (app: ClassroomPage, studentId: string) =>
  app.page.locator(`[data-testid="station-pupil"][data-student-id="${studentId}"]`);

async function savedText(app: ClassroomPage): Promise<string> {
  return (await app.testId('station-save-text').textContent()) ?? '';
}

/** Waits until the saving banner says `text`. */
async function waitSaveText(app: ClassroomPage, text: string, timeout = 30_000): Promise<void> {
  await app.page.waitForFunction(
    (text) => document.querySelector('[data-testid="station-save-text"]')?.textContent === text,
    text,
    { timeout },
  );
}

const waitAllSaved = (app: ClassroomPage, timeout?: number) => waitSaveText(app, 'all saved', timeout);

describe.sequential('classroom: the pen station', () => {
  let teacher: ClassroomPage;
  let lesson: LiveLessonSetup;
  let station: ClassroomPage;
  let stationContext: BrowserContext;
  let tag: string;

  it('without a lesson in its address, the station says where to open it', async () => {
    const { app } = await open();
    await app.goto('/pen');
    expect(await app.testId('station-no-lesson').textContent()).toContain('This address names no lesson');
    expect(await app.seriousViolations()).toEqual([]);
  }, 60_000);

  it('says so when the browser refuses its offline shell (a reload without the network would not open it)', async () => {
    const { app, context } = await open();
    await context.route('**/station-sw.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await app.goto('/pen?course=1');
    await app.testId('station-no-offline-shell').waitFor({ timeout: 15_000 });
    expect(await app.testId('station-no-offline-shell').textContent()).toContain(
      'could not keep the station for offline use',
    );
  }, 60_000);

  it('signs a pupil in by the typed id and one by the QR label the app printed, seen by a camera', async () => {
    ({ app: teacher } = await open());
    await teacher.signIn(DEMO_ADMIN);
    lesson = await createLiveLesson(teacher, Date.now());
    tag = lessonTag(lesson.courseId, lesson.sessionId);
    const label = await printedLabel(teacher, lesson.eduClassId, 2);
    await listenToRoom(teacher, lessonRoom(lesson.courseId, lesson.sessionId));

    ({ app: station, context: stationContext } = await open([pensScript, fakeCameraScript(label)]));
    await station.goto(`/pen?course=${lesson.courseId}`);
    const [p1, p2] = lesson.pupils;
    await station.testId('station-id').fill(p1!.id);
    await station.testId('station-sign-in').click();
    await card(station, p1!.id).waitFor({ timeout: 20_000 });
    expect(await station.testId('station-lesson').textContent()).toContain('live station e2e');
    expect(await card(station, p1!.id).textContent()).toContain(p1!.macAddress);

    // the fake camera shows the label at once: the dialog may close before anyone sees it
    await station.testId('station-scan-open').click();
    await card(station, p2!.id).waitFor({ timeout: 20_000 });
    // the label was read: the dialog closed and the camera stopped
    expect(await station.testId('station-scan').count()).toBe(0);
    expect(
      await station.page.evaluate(() => (window as { __fakeCameraStopped?: boolean }).__fakeCameraStopped),
    ).toBe(true);
    expect(await card(station, p2!.id).textContent()).toContain(p2!.macAddress);
    // the browser kept the offline shell: no notice about it
    expect(await station.testId('station-no-offline-shell').count()).toBe(0);
    expect(await station.seriousViolations()).toEqual([]);
  }, 180_000);

  it('connects each pupil’s pen by address; a wrong pen is named and disconnected', async () => {
    const [p1, p2] = lesson.pupils;
    await installPen(station.page, p1!.macAddress);
    await card(station, p1!.id).getByTestId('station-connect-pen').click();
    await card(station, p1!.id).getByText(`Pen connected: ${p1!.macAddress}`).waitFor({ timeout: 15_000 });

    await installPen(station.page, WRONG_PEN);
    await card(station, p2!.id).getByTestId('station-connect-pen').click();
    const notice = station.testId('station-notice');
    await notice.getByText(`The pen ${WRONG_PEN} is not`).waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain(p2!.macAddress);
    expect(await card(station, p2!.id).getByTestId('station-pen').textContent()).toBe('Pen not connected');

    await installPen(station.page, p2!.macAddress);
    await card(station, p2!.id).getByTestId('station-connect-pen').click();
    await card(station, p2!.id).getByText(`Pen connected: ${p2!.macAddress}`).waitFor({ timeout: 15_000 });
    await station.page
      .locator('[data-testid="station-live"][data-state="open"]')
      .nth(1)
      .waitFor({ timeout: 15_000 });
  }, 120_000);

  it('streams the strokes live to the room and saves them under the lesson’s tag', async () => {
    const [p1, p2] = lesson.pupils;
    await penWrite(station.page, p1!.macAddress, [stroke(0), stroke(1)]);
    await penWrite(station.page, p2!.macAddress, [stroke(0, OTHER_PAGE_ID)]);
    await waitAllSaved(station);
    expect(await lessonStrokeTimes(teacher, p1!.id, tag)).toHaveLength(2);
    expect(await lessonStrokeTimes(teacher, p2!.id, tag)).toHaveLength(1);

    const heard = await heardInRoom(teacher);
    const of = (type: string, writer: string) =>
      heard.filter(
        (m) => m.type === type && (m.stroke as { writerId?: string } | undefined)?.writerId === writer,
      );
    expect(of('strokeOpen', p1!.id)).toHaveLength(2);
    expect(of('strokeOpen', p2!.id)).toHaveLength(1);
    expect(heard.filter((m) => m.type === 'strokeClose')).toHaveLength(3);
    expect(heard.some((m) => m.type === 'strokeDots')).toBe(true);
    expect(heard.some((m) => m.type === 'page' && m.mac === p2!.macAddress && m.page === OTHER_PAGE_ID)).toBe(
      true,
    );
    expect(heard.some((m) => m.type === 'connected' && m.mac === p1!.macAddress)).toBe(true);
  }, 120_000);

  it('loses the network for 10 s: the banner says what is not saved, then it catches up', async () => {
    const [p1] = lesson.pupils;
    await stationContext.setOffline(true);
    await penWrite(station.page, p1!.macAddress, [stroke(2), stroke(3)]);
    await waitSaveText(station, 'not saved yet (2 strokes)', 10_000);
    await station.page.waitForTimeout(10_000);
    expect(await savedText(station)).toBe('not saved yet (2 strokes)');
    await stationContext.setOffline(false);
    await waitAllSaved(station, 45_000);
    expect(await lessonStrokeTimes(teacher, p1!.id, tag)).toHaveLength(4);
  }, 120_000);

  it('keeps a queued stroke across a reload, with the pupils, and saves it after', async () => {
    const [p1, p2] = lesson.pupils;
    // the upload is refused at the network level (never answered by the test)
    await station.page.route('**/inkstore/v1/data', (route) => route.abort('internetdisconnected'));
    await penWrite(station.page, p1!.macAddress, [stroke(4)]);
    await waitSaveText(station, 'not saved yet (1 strokes)', 10_000);
    await station.page.reload();
    await card(station, p1!.id).waitFor({ timeout: 20_000 });
    await card(station, p2!.id).waitFor();
    await waitSaveText(station, 'not saved yet (1 strokes)', 10_000);
    // the banner while a stroke waits (ko, en; both sizes), each reload reading the queue again
    const violations: string[] = [];
    await station.shots('station-unsaved', async () => {
      await station.page
        .locator('[data-testid="station-save"][data-pending="1"]')
        .waitFor({ timeout: 20_000 });
      await station.testId('station-save-error').waitFor({ timeout: 20_000 });
      violations.push(...(await station.seriousViolations()));
    });
    expect(violations).toEqual([]);
    await station.goto(`/pen?course=${lesson.courseId}`);
    await station.page.unroute('**/inkstore/v1/data');
    // the next retry (back-off from 1 s, or at once on 'Try again now') saves it
    await waitAllSaved(station);
    expect(await lessonStrokeTimes(teacher, p1!.id, tag)).toHaveLength(5);
    expect(station.errors).toEqual([]);
  }, 120_000);

  it('screenshots of the station (ko, en) with no serious accessibility violation', async () => {
    const violations: string[] = [];
    await station.shots('station', async () => {
      await station.testId('station-pupil').nth(1).waitFor({ timeout: 20_000 });
      violations.push(...(await station.seriousViolations()));
    });
    await station.page.setViewportSize({ width: 390, height: 844 });
    violations.push(...(await station.seriousViolations()));
    expect(violations).toEqual([]);
  }, 120_000);
});
