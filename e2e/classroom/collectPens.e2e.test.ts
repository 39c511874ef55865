/**
 * Collect pens after class (issue 16) in Chromium against the real server (demo school, no
 * mocked API): on the course page the teacher opens 'collect pens' of the past lesson and
 * connects simulated pens (Web Bluetooth stand-in) holding offline strokes written during the
 * lesson. A pupil's pen is downloaded, uploaded under that pupil and emptied: the strokes appear
 * in the pupil's replay of the lesson's pages. When the upload request fails at the network (the
 * test aborts it, the server is not mocked), the pen keeps its memory and the teacher reads why;
 * the retry stores everything once. A second collection of the same strokes says none was new
 * (issue 29), and strokes of another day than the lesson's are counted apart. A pen of no pupil
 * of the class is named and skipped.
 * Screenshots of the dialog (ko, en; 1280 × 800, 390 × 844), axe-core.
 */
import { encodePageArray, pageAddress } from '@dotink/ncode';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { searchedStrokes } from './support/annotationPage';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import {
  type CollectTarget,
  collectPensScript,
  collectTarget,
  connectNextPen,
  coursePath,
  installOfflinePen,
  offlineLeft,
  openCollectDialog,
  penRow,
} from './support/collectPage';
import { DEMO_BOOK, layerHash } from './support/replayPage';

let server: RealServer;
let browser: Browser;
let script: string;
const contexts: BrowserContext[] = [];

const PAGE = { section: DEMO_BOOK.section, owner: DEMO_BOOK.owner, book: DEMO_BOOK.book, page: 11 } as const;
const PAGE_ID = `${PAGE.section}.${PAGE.owner}.${PAGE.book}.${PAGE.page}`;
const UNKNOWN_PEN = '9C:7B:D2:99:99:99';

beforeAll(async () => {
  const [dist, s] = await Promise.all([buildClassroom(), collectPensScript()]);
  script = s;
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function open(): Promise<ClassroomPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript({ content: script });
  return new ClassroomPage(page, server.origin);
}

/** The replay route of a pupil on the lesson's pages (10–13 of the demo book). */
function replayOf(t: CollectTarget, studentId: string): string {
  const q = new URLSearchParams({
    eduClassId: String(t.eduClassId),
    curriculumId: String(t.curriculumId),
    studentId,
    sessionId: t.sessionId,
    courseId: String(t.courseId),
    section: String(DEMO_BOOK.section),
    owner: String(DEMO_BOOK.owner),
    book: String(DEMO_BOOK.book),
    ncodeStartPage: String(DEMO_BOOK.firstPage),
    ncodeEndPage: String(DEMO_BOOK.lastPage),
    pages: encodePageArray(
      [10, 11, 12, 13].map((p) => pageAddress(DEMO_BOOK.section, DEMO_BOOK.owner, DEMO_BOOK.book, p)),
    ),
  });
  return `/main/replay?${q}`;
}

describe.sequential('classroom: collect pens after class', () => {
  let app: ClassroomPage;
  let target: CollectTarget;

  it("collects a pupil's pen: its strokes appear in the pupil's replay and the pen is emptied", async () => {
    app = await open();
    await app.signIn(DEMO_ADMIN);
    target = await collectTarget(app.page);
    // the last pupil wrote nothing in the demo: the replay of the lesson has no data yet
    const pupil = target.pupils.at(-1)!;
    await app.goto(replayOf(target, pupil.id));
    await app.testId('replay-no-data').waitFor({ timeout: 30_000 });

    await app.goto(coursePath(target));
    await openCollectDialog(app, target.lessonName);
    expect(await app.seriousViolations()).toEqual([]);
    await installOfflinePen(app.page, {
      mac: pupil.macAddress,
      offline: [{ page: PAGE_ID, count: 30, startMs: target.startMs + 5 * 60_000 }],
    });
    expect(await offlineLeft(app.page, pupil.macAddress)).toBe(30);
    await connectNextPen(app);
    const row = penRow(app, pupil.macAddress);
    await row.and(app.page.locator('[data-phase="done"]')).waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('collect-pupil').textContent()).toBe(`No. ${pupil.num} ${pupil.name}`);
    expect(await row.getByTestId('collect-counts').textContent()).toBe('notes 1/1 · strokes downloaded 30');
    expect(await row.getByTestId('collect-result').textContent()).toBe(
      'new on the server 30 · already stored 0',
    );
    expect(await row.getByTestId('collect-phase').textContent()).toBe('collected: the pen is empty');
    expect(await offlineLeft(app.page, pupil.macAddress)).toBe(0);
    expect(await searchedStrokes(app, pupil.id, PAGE)).toHaveLength(30);

    await app.testId('collect-close').click();
    await app.goto(replayOf(target, pupil.id));
    await app.testId('replay-screen').waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await layerHash(app.page, 'completed')).inked, { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(app.errors).toEqual([]);
  }, 180_000);

  it('a second collection of the same strokes says none was new; strokes of another day are told apart', async () => {
    const pupil = target.pupils.at(-1)!;
    await app.goto(coursePath(target));
    await openCollectDialog(app, target.lessonName);
    // the same 30 strokes again (same pen, same times: the same keys) and 5 of two days before
    await installOfflinePen(app.page, {
      mac: pupil.macAddress,
      offline: [
        { page: PAGE_ID, count: 30, startMs: target.startMs + 5 * 60_000 },
        { page: PAGE_ID, count: 5, startMs: target.startMs - 2 * 24 * 3_600_000 },
      ],
    });
    await connectNextPen(app);
    const row = penRow(app, pupil.macAddress);
    await row.and(app.page.locator('[data-phase="done"]')).waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('collect-counts').textContent()).toBe('notes 1/1 · strokes downloaded 35');
    const result = (await row.getByTestId('collect-result').textContent()) ?? '';
    expect(result).toBe(
      'new on the server 5 · already stored 30 · from other days than the lesson’s 5 (kept under their own dates)',
    );
    expect(result).not.toContain('uploaded');
    expect(await searchedStrokes(app, pupil.id, PAGE)).toHaveLength(35);
    await app.testId('collect-close').click();
  }, 120_000);

  it('an upload that fails at the network keeps the pen memory and says why; the retry stores it once', async () => {
    const pupil = target.pupils.at(-2)!;
    const before = await searchedStrokes(app, pupil.id, PAGE);
    await app.goto(coursePath(target));
    await openCollectDialog(app, target.lessonName);
    // the upload request dies at the network: no answer from the server (nothing mocked)
    let aborted = 0;
    await app.page.route('**/inkstore/v1/data', async (route) => {
      aborted++;
      await route.abort('internetdisconnected');
    });
    await installOfflinePen(app.page, {
      mac: pupil.macAddress,
      offline: [{ page: PAGE_ID, count: 12, startMs: target.startMs + 10 * 60_000 }],
    });
    await connectNextPen(app);
    const row = penRow(app, pupil.macAddress);
    await row.and(app.page.locator('[data-phase="failed"]')).waitFor({ timeout: 30_000 });
    expect(aborted).toBeGreaterThan(0);
    expect(await row.getByTestId('collect-why').textContent()).toBe(
      'The upload to the server failed. Internet communication error',
    );
    expect(await row.getByTestId('collect-phase').textContent()).toBe(
      'not collected: the pen keeps its memory',
    );
    expect(await offlineLeft(app.page, pupil.macAddress)).toBe(12);
    expect(await searchedStrokes(app, pupil.id, PAGE)).toHaveLength(before.length);

    await app.page.unroute('**/inkstore/v1/data');
    await row.getByTestId('collect-retry').click();
    await row.and(app.page.locator('[data-phase="done"]')).waitFor({ timeout: 30_000 });
    expect(await offlineLeft(app.page, pupil.macAddress)).toBe(0);
    expect(await searchedStrokes(app, pupil.id, PAGE)).toHaveLength(before.length + 12);
  }, 180_000);

  it('a pen of no pupil of the class is named and skipped: its memory stays', async () => {
    await app.goto(coursePath(target));
    await openCollectDialog(app, target.lessonName);
    await installOfflinePen(app.page, {
      mac: UNKNOWN_PEN,
      offline: [{ page: PAGE_ID, count: 4, startMs: target.startMs + 60_000 }],
    });
    await connectNextPen(app);
    const row = penRow(app, UNKNOWN_PEN);
    await row.and(app.page.locator('[data-phase="unknown"]')).waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('collect-pen-name').textContent()).toContain('99:99');
    expect(await row.getByTestId('collect-pupil').textContent()).toBe('not a pen of this class');
    expect(await row.getByTestId('collect-phase').textContent()).toBe(
      'skipped: this pen belongs to no pupil of the class (nothing deleted)',
    );
    expect(await offlineLeft(app.page, UNKNOWN_PEN)).toBe(4);
    expect(await app.seriousViolations()).toEqual([]);
  }, 120_000);

  it('screenshots of the dialog with a collected and a skipped pen (ko, en), axe-core', async () => {
    const pupil = target.pupils.at(-3)!;
    await app.goto(coursePath(target));
    await app.shots('collect-pens', async () => {
      await app.testId('lessons-table').waitFor({ timeout: 30_000 });
      await openCollectDialog(app, target.lessonName);
      await installOfflinePen(app.page, {
        mac: pupil.macAddress,
        offline: [{ page: PAGE_ID, count: 5, startMs: target.startMs + 15 * 60_000 }],
      });
      await connectNextPen(app);
      await penRow(app, pupil.macAddress)
        .and(app.page.locator('[data-phase="done"]'))
        .waitFor({ timeout: 30_000 });
      await installOfflinePen(app.page, { mac: UNKNOWN_PEN, offline: [] });
      await connectNextPen(app);
      await penRow(app, UNKNOWN_PEN).waitFor({ timeout: 30_000 });
      expect(await app.seriousViolations()).toEqual([]);
    });
  }, 240_000);
});
