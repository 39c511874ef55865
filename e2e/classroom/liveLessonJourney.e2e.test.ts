/**
 * A whole live lesson (issue 16, "Done when") in Chromium against the real server (demo school,
 * nothing mocked): the teacher's tab on the live screen of a lesson running now; two station tabs
 * (`/pen?course=…`) carrying three simulated pens (Web Bluetooth stand-in) of three pupils, one
 * signed in by the QR label the app printed held up to a fake camera, the others by typed id. The
 * pupils write on two pages and the teacher sees each one's ink on that pupil's tile, live: the
 * live screen's latency probe times each draw (dot-to-pixel, printed with the budget of p99 < 150 ms
 * beside it); the budget itself is asserted by the bench (`npm run bench`, liveLesson: 40 pens on
 * a machine not running the test suite), never by a timed test. The teacher's socket is
 * dropped while a pupil writes and restored: nothing is missing. A station loses the network for
 * 10 s while its pupil writes ('not saved yet') and catches up: the ink store and the teacher's
 * tile have the strokes. After class, collect pens empties a pupil's pen into the pupil's replay;
 * a pen whose upload dies at the network keeps its memory.
 */
import { cpus, loadavg } from 'node:os';
import { encodePageArray, pageAddress } from '@dotink/ncode';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonTag } from '../../packages/contracts/src/eduLive';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { searchedStrokes } from './support/annotationPage';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import {
  collectPensScript,
  connectNextPen,
  installOfflinePen,
  offlineLeft,
  penRow,
} from './support/collectPage';
import {
  LATENCY_PROBE_SCRIPT,
  liveTile,
  probeDelays,
  probeOn,
  quantile,
  stationCard,
  waitSaveText,
} from './support/journeyPage';
import { dropTeacherSocket, roomStrokeStarts, tileInkPixels } from './support/livePage';
import { DEMO_BOOK, layerHash } from './support/replayPage';
import {
  createLiveLesson,
  fakeCameraScript,
  installPen,
  type LiveLessonSetup,
  lessonStrokeTimes,
  penWrite,
  printedLabel,
  type SimStroke,
  stationPensScript,
  teacherCall,
} from './support/stationPage';

let server: RealServer;
let browser: Browser;
let pensScript: string;
let collectScript: string;
const contexts: BrowserContext[] = [];

/** The two pages the pupils write on during the lesson. */
const PAGE_A = '3.1012.1191.20';
const PAGE_B = '3.1012.1191.21';
/** The page of the pens' offline memory (in the demo book's pages 10–13, which the replay shows). */
const OFFLINE_PAGE = { section: DEMO_BOOK.section, owner: DEMO_BOOK.owner, book: DEMO_BOOK.book, page: 11 };
const OFFLINE_PAGE_ID = `${OFFLINE_PAGE.section}.${OFFLINE_PAGE.owner}.${OFFLINE_PAGE.book}.${OFFLINE_PAGE.page}`;
/** The live-screen budget of issue 16 (p99 dot-to-pixel), printed beside the figure; the bench asserts it. */
const P99_BUDGET_MS = 150;
/** Live, not fetched later: half of the draws come within a second of the pen (a loaded CI machine included). */
const LIVE_P50_MS = 1000;

beforeAll(async () => {
  const [dist, pens, collect] = await Promise.all([
    buildClassroom(),
    stationPensScript(),
    collectPensScript(),
  ]);
  pensScript = pens;
  collectScript = collect;
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function open(scripts: readonly string[]): Promise<{ app: ClassroomPage; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  for (const content of scripts) await page.addInitScript({ content });
  return { app: new ClassroomPage(page, server.origin), context };
}

/** A stroke of two segments at (x, y) nu: about 25 dots, a quarter of a second at the pen's rate. */
const stroke = (page: string, x: number, y: number): SimStroke => ({
  page,
  points: [
    [x, y],
    [x + 5, y + 3],
    [x + 10, y],
  ],
});

/** `n` strokes in a row on `page`, from line `line`. */
const strokes = (page: string, n: number, line: number): SimStroke[] =>
  Array.from({ length: n }, (_, i) => stroke(page, 10 + (i % 5) * 12, 12 + (line + Math.floor(i / 5)) * 8));

describe.sequential('classroom: a live lesson from the stations to collect pens', () => {
  let teacher: ClassroomPage;
  let teacherContext: BrowserContext;
  let lesson: LiveLessonSetup;
  let curriculumId: number;
  let tag: string;
  let stationA: ClassroomPage;
  let stationB: ClassroomPage;
  let stationBContext: BrowserContext;

  it('the teacher opens the live screen; two stations sign three pupils in (one by the printed QR label) and connect their pens', async () => {
    ({ app: teacher, context: teacherContext } = await open([LATENCY_PROBE_SCRIPT, collectScript]));
    await teacher.signIn(DEMO_ADMIN);
    // a lesson that started at least five minutes ago and runs for the next fifty
    lesson = await createLiveLesson(teacher, Date.now() - 5 * 60_000);
    tag = lessonTag(lesson.courseId, lesson.sessionId);
    const { curriculums } = await teacherCall<{ curriculums: { id: number; eduClassId: number }[] }>(
      teacher,
      'GET',
      '/edu/v1/curriculums',
    );
    curriculumId = curriculums.find((c) => c.eduClassId === lesson.eduClassId)!.id;
    const label = await printedLabel(teacher, lesson.eduClassId, 2);
    await teacher.goto(`/main/live?courseId=${lesson.courseId}`);
    await teacher.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 30_000 });

    const [p1, p2, p3] = lesson.pupils;
    ({ app: stationA } = await open([pensScript, fakeCameraScript(label)]));
    await stationA.goto(`/pen?course=${lesson.courseId}`);
    await stationA.testId('station-id').fill(p1!.id);
    await stationA.testId('station-sign-in').click();
    await stationCard(stationA, p1!.id).waitFor({ timeout: 20_000 });
    // pupil 2 holds up the label the app printed
    await stationA.testId('station-scan-open').click();
    await stationCard(stationA, p2!.id).waitFor({ timeout: 20_000 });

    ({ app: stationB, context: stationBContext } = await open([pensScript]));
    await stationB.goto(`/pen?course=${lesson.courseId}`);
    await stationB.testId('station-id').fill(p3!.id);
    await stationB.testId('station-sign-in').click();
    await stationCard(stationB, p3!.id).waitFor({ timeout: 20_000 });

    for (const [station, pupil] of [
      [stationA, p1!],
      [stationA, p2!],
      [stationB, p3!],
    ] as const) {
      await installPen(station.page, pupil.macAddress);
      await stationCard(station, pupil.id).getByTestId('station-connect-pen').click();
      await stationCard(station, pupil.id)
        .getByText(`Pen connected: ${pupil.macAddress}`)
        .waitFor({ timeout: 15_000 });
    }
    await stationA.page
      .locator('[data-testid="station-live"][data-state="open"]')
      .nth(1)
      .waitFor({ timeout: 15_000 });
    await stationB.page
      .locator('[data-testid="station-live"][data-state="open"]')
      .waitFor({ timeout: 15_000 });
    // the teacher sees the three pens connected, without a reload
    for (const p of [p1!, p2!, p3!]) {
      await expect
        .poll(() => liveTile(teacher, p.id).getAttribute('data-state'), { timeout: 20_000 })
        .not.toBe('offline');
    }
  }, 240_000);

  it('the pupils write on two pages: each one’s ink on their own tile, drawn live as the pens write', async () => {
    const [p1, p2, p3] = lesson.pupils;
    await probeOn(teacher.page, true);
    // the three pens write at once
    await Promise.all([
      penWrite(stationA.page, p1!.macAddress, strokes(PAGE_A, 6, 0)),
      penWrite(stationA.page, p2!.macAddress, strokes(PAGE_B, 6, 0)),
      penWrite(stationB.page, p3!.macAddress, strokes(PAGE_A, 6, 3)),
    ]);
    for (const [p, page] of [
      [p1!, PAGE_A],
      [p2!, PAGE_B],
      [p3!, PAGE_A],
    ] as const) {
      await liveTile(teacher, p.id)
        .and(teacher.page.locator(`[data-page="${page}"]`))
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => tileInkPixels(teacher.page, p.id), { timeout: 10_000 }).toBeGreaterThan(50);
      await expect
        .poll(() => roomStrokeStarts(teacher.page, p.id, page), { timeout: 10_000 })
        .toHaveLength(6);
    }
    await probeOn(teacher.page, false);
    const delays = await probeDelays(teacher.page);
    const p50 = quantile(delays, 0.5);
    const p99 = quantile(delays, 0.99);
    // the figure with the machine's load beside it: on a loaded machine it is reported, not hidden
    const figure = `dot-to-pixel over ${delays.length} draws: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${delays.at(-1)?.toFixed(1)} ms (budget p99 < ${P99_BUDGET_MS} ms; load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores)`;
    console.info(`live journey: ${figure}`);
    // at least one draw per stroke (18): the stations batch dots, so draws are fewer than dots
    expect(delays.length).toBeGreaterThanOrEqual(18);
    expect(p50, figure).toBeLessThan(LIVE_P50_MS);

    await waitSaveText(stationA, 'all saved');
    await waitSaveText(stationB, 'all saved');
    expect(await lessonStrokeTimes(teacher, p1!.id, tag)).toHaveLength(6);
    expect(await lessonStrokeTimes(teacher, p2!.id, tag)).toHaveLength(6);
    expect(await lessonStrokeTimes(teacher, p3!.id, tag)).toHaveLength(6);
    expect(teacher.errors).toEqual([]);
  }, 180_000);

  it('the teacher’s socket drops while a pupil writes and comes back: nothing is missing on the tile', async () => {
    const p1 = lesson.pupils[0]!;
    const pixels = await tileInkPixels(teacher.page, p1.id);
    // the pupil writes five strokes; the first reaches the teacher live, then the socket drops
    const writing = penWrite(stationA.page, p1.macAddress, strokes(PAGE_A, 5, 2));
    await expect
      .poll(async () => (await roomStrokeStarts(teacher.page, p1.id, PAGE_A)).length, { timeout: 10_000 })
      .toBeGreaterThan(6);
    await teacherContext.setOffline(true);
    try {
      await dropTeacherSocket(teacher.page);
      await teacher.page
        .locator('[data-testid=live-status][data-status=retrying]')
        .waitFor({ timeout: 10_000 });
      await writing;
      await waitSaveText(stationA, 'all saved');
    } finally {
      // back online even when a step failed, so the later steps test their own part
      await teacherContext.setOffline(false);
    }
    await teacher.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 30_000 });
    const saved = (await lessonStrokeTimes(teacher, p1.id, tag)).map(Math.round).sort((a, b) => a - b);
    expect(saved).toHaveLength(11);
    // the room holds what the store has: the missed strokes fetched, none doubled
    await expect
      .poll(() => roomStrokeStarts(teacher.page, p1.id, PAGE_A), { timeout: 20_000 })
      .toEqual(saved);
    await expect.poll(() => tileInkPixels(teacher.page, p1.id), { timeout: 10_000 }).toBeGreaterThan(pixels);
  }, 120_000);

  it('a station loses the network for 10 s while its pupil writes: not saved yet, then it catches up', async () => {
    const p3 = lesson.pupils[2]!;
    const pixels = await tileInkPixels(teacher.page, p3.id);
    await stationBContext.setOffline(true);
    try {
      await penWrite(stationB.page, p3.macAddress, strokes(PAGE_A, 2, 6));
      await waitSaveText(stationB, 'not saved yet (2 strokes)', 10_000);
      // ten seconds without network: the strokes wait at the station
      await stationB.page.waitForTimeout(10_000);
      expect(await stationB.testId('station-save-text').textContent()).toBe('not saved yet (2 strokes)');
    } finally {
      await stationBContext.setOffline(false);
    }
    await waitSaveText(stationB, 'all saved', 45_000);
    const saved = (await lessonStrokeTimes(teacher, p3.id, tag)).map(Math.round).sort((a, b) => a - b);
    expect(saved).toHaveLength(8);
    await expect
      .poll(() => roomStrokeStarts(teacher.page, p3.id, PAGE_A), { timeout: 30_000 })
      .toEqual(saved);
    await expect.poll(() => tileInkPixels(teacher.page, p3.id), { timeout: 10_000 }).toBeGreaterThan(pixels);
    expect(teacher.errors).toEqual([]);
  }, 120_000);

  it('after class, collect pens empties a pupil’s pen into the replay; a pen whose upload fails keeps its memory', async () => {
    const [p1, p2] = lesson.pupils;
    await teacher.testId('live-collect').click();
    await teacher.testId('collect-dialog').waitFor();
    await teacher.page.getByTestId('collect-none').waitFor({ timeout: 15_000 });
    const writtenAt = Date.now() - 60_000;
    // the demo has ink of its own on that page: count from what is there
    const before1 = (await searchedStrokes(teacher, p1!.id, OFFLINE_PAGE)).length;
    const before2 = (await searchedStrokes(teacher, p2!.id, OFFLINE_PAGE)).length;
    await installOfflinePen(teacher.page, {
      mac: p1!.macAddress,
      offline: [{ page: OFFLINE_PAGE_ID, count: 10, startMs: writtenAt }],
    });
    expect(await offlineLeft(teacher.page, p1!.macAddress)).toBe(10);
    await connectNextPen(teacher);
    const row = penRow(teacher, p1!.macAddress);
    await row.and(teacher.page.locator('[data-phase="done"]')).waitFor({ timeout: 30_000 });
    expect(await offlineLeft(teacher.page, p1!.macAddress)).toBe(0);
    expect(await searchedStrokes(teacher, p1!.id, OFFLINE_PAGE)).toHaveLength(before1 + 10);

    // the second pen's upload dies at the network (no answer from the server; nothing mocked)
    let aborted = 0;
    await teacher.page.route('**/inkstore/v1/data', async (route) => {
      aborted++;
      await route.abort('internetdisconnected');
    });
    await installOfflinePen(teacher.page, {
      mac: p2!.macAddress,
      offline: [{ page: OFFLINE_PAGE_ID, count: 7, startMs: writtenAt + 10_000 }],
    });
    await connectNextPen(teacher);
    const failed = penRow(teacher, p2!.macAddress);
    await failed.and(teacher.page.locator('[data-phase="failed"]')).waitFor({ timeout: 30_000 });
    expect(aborted).toBeGreaterThan(0);
    expect(await failed.getByTestId('collect-phase').textContent()).toBe(
      'not collected: the pen keeps its memory',
    );
    expect(await offlineLeft(teacher.page, p2!.macAddress)).toBe(7);
    expect(await searchedStrokes(teacher, p2!.id, OFFLINE_PAGE)).toHaveLength(before2);
    await teacher.page.unroute('**/inkstore/v1/data');
    await teacher.testId('collect-close').click();

    // the collected strokes in the pupil's replay of the lesson
    const q = new URLSearchParams({
      eduClassId: String(lesson.eduClassId),
      curriculumId: String(curriculumId),
      studentId: p1!.id,
      sessionId: lesson.sessionId,
      courseId: String(lesson.courseId),
      section: String(DEMO_BOOK.section),
      owner: String(DEMO_BOOK.owner),
      book: String(DEMO_BOOK.book),
      ncodeStartPage: String(DEMO_BOOK.firstPage),
      ncodeEndPage: String(DEMO_BOOK.lastPage),
      pages: encodePageArray(
        [10, 11, 12, 13].map((p) => pageAddress(DEMO_BOOK.section, DEMO_BOOK.owner, DEMO_BOOK.book, p)),
      ),
    });
    await teacher.goto(`/main/replay?${q}`);
    await teacher.testId('replay-screen').waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await layerHash(teacher.page, 'completed')).inked, { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(teacher.errors).toEqual([]);
  }, 180_000);
});
