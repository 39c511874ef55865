/**
 * What the teacher relies on in the live lesson (issue 29 items 1–3), in Chromium against the real
 * server (demo school, nothing mocked):
 * - a pupil enlarged from the address (`/main/live?…&pupil=<id>`) shows the page at a real size,
 *   with the page image and the pupil's ink, and follows the strokes written after;
 * - the teacher's network gone for 20 s: the live badge says 'reconnecting' within 2 s and for how
 *   long, then 'live again'; screenshots of both badges (ko, en);
 * - one page label (classroom.md §5) on the live tile and in the analytics' 'Status per page'.
 */
import { join } from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonRoom } from '../../packages/contracts/src/eduLive';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { summaryOfPage } from './support/analyticsClassPage';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN, screenshotDir } from './support/classroomPage';
import { card } from './support/lecturesPage';
import { PupilPen, zigzag } from './support/livePage';
import { createPodMaterial } from './support/materialPrintPage';
import { createLiveLesson, type LiveLessonSetup } from './support/stationPage';

let server: RealServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pens: PupilPen[] = [];

const DEMO_LECTURE = '3학년 1반 수학';
/** Ncode page 20 of the grade 3 book: its book page 20, printed '18' (§5: the covers count). */
const PAGE = '3.1012.1191.20';

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  for (const p of pens) p.close();
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** A one-page A4 PDF: a dark block over the page's upper half (the page image to find). */
async function darkBlockPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawRectangle({ x: 60, y: 421, width: 475, height: 360, color: rgb(0.1, 0.1, 0.3) });
  return doc.save();
}

/** Pixels of the enlarged view's document layer darker than the paper (the page image drawn). */
function imagePixels(app: ClassroomPage): Promise<number> {
  return app.page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>(
      '[data-testid="live-focus-page"] canvas[data-layer="document"]',
    );
    if (!c || c.width === 0 || c.height === 0) return 0;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 200 && d[i]! < 80 && d[i + 2]! < 120) n++;
    return n;
  });
}

/** Non-transparent pixels of a layer of the enlarged page view. */
function layerPixels(app: ClassroomPage, layer: 'document' | 'completed' | 'live'): Promise<number> {
  return app.page.evaluate((layer) => {
    const c = document.querySelector<HTMLCanvasElement>(
      `[data-testid="live-focus-page"] canvas[data-layer="${layer}"]`,
    );
    if (!c || c.width === 0 || c.height === 0) return 0;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
    return n;
  }, layer);
}

const badge = (app: ClassroomPage) => app.testId('live-status');

describe.sequential('classroom: what the teacher sees of the live lesson', () => {
  let app: ClassroomPage;
  let context: BrowserContext;
  let lesson: LiveLessonSetup;
  let pen: PupilPen;

  it('enlarges a pupil from the address: the page has a size, its image, the ink, and follows new strokes', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    app = new ClassroomPage(await context.newPage(), server.origin);
    await app.signIn(DEMO_ADMIN);
    lesson = await createLiveLesson(app, Date.now());
    const room = lessonRoom(lesson.courseId, lesson.sessionId);
    const [p1, p2] = lesson.pupils;
    pen = await PupilPen.join(server.origin, room, p1!.id, p1!.macAddress);
    pens.push(pen);
    pen.page(PAGE);
    pen.write(PAGE, zigzag(20, 20, 20, 24));
    await pen.upload();
    // a teacher's own material with a page image: the second pupil writes on its page
    const token = await app.page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('dotink-classroom.auth')!) as { accessToken: string }).accessToken,
    );
    const material = await createPodMaterial(
      server.origin,
      token,
      'worksheet',
      await darkBlockPdf(),
      'w.pdf',
    );
    const c = material.codes[0]!;
    const podPage = `${c.s}.${c.o}.${c.b}.${c.p}`;
    const pen2 = await PupilPen.join(server.origin, room, p2!.id, p2!.macAddress);
    pens.push(pen2);
    pen2.page(podPage);
    pen2.write(podPage, zigzag(20, 20, 20, 24));
    await pen2.upload();

    await app.goto(`/main/live?courseId=${lesson.courseId}&pupil=${p2!.id}`);
    await app.testId('live-focus-page').waitFor({ timeout: 20_000 });
    expect(await app.testId('live-focus-page').getAttribute('data-page')).toBe(podPage);
    const view = app.page.locator('[data-testid="live-focus-page"] [data-testid="page-view"]');
    const box = (await view.boundingBox())!;
    // most of the window below the bar: not a line of zero height
    expect(box.width).toBeGreaterThan(800);
    expect(box.height).toBeGreaterThan(450);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    // the page image (the material's PDF page) is drawn, and the pupil's stroke on it
    await expect.poll(() => imagePixels(app), { timeout: 20_000 }).toBeGreaterThan(20_000);
    await expect.poll(() => layerPixels(app, 'completed'), { timeout: 10_000 }).toBeGreaterThan(30);
    const before = await layerPixels(app, 'completed');
    // a stroke written now appears without a reload
    pen2.write(podPage, zigzag(20, 120, 30, 24));
    await expect
      .poll(async () => (await layerPixels(app, 'completed')) + (await layerPixels(app, 'live')), {
        timeout: 5000,
      })
      .toBeGreaterThan(before + 30);
    await app.page.screenshot({ path: join(screenshotDir, 'live-enlarged-en-1280x800.png') });
    expect(app.errors).toEqual([]);
  }, 240_000);

  it('labels the page as classroom.md §5 does, on the live tile and in the analytics', async () => {
    const p1 = lesson.pupils[0]!;
    await app.goto(`/main/live?courseId=${lesson.courseId}`);
    const tilePage = app.page.locator(`[data-student="${p1.id}"] .live-tile-page`);
    await expect.poll(() => tilePage.textContent(), { timeout: 20_000 }).toContain('18 page');
    expect(await tilePage.textContent()).not.toContain('20');
    // the enlarged view names the page the same way
    await app.page.locator(`[data-student="${p1.id}"] .live-tile-open`).click();
    await expect.poll(() => app.testId('live-focus').textContent()).toContain('18 page');
    await app.goto(`/main/live?courseId=${lesson.courseId}`, 'ko');
    await expect.poll(() => tilePage.textContent(), { timeout: 20_000 }).toContain('18 페이지');

    // the class analytics' 'Status per page': the same page, the same label
    await app.goto('/main/curriculum');
    await card(app, DEMO_LECTURE).getByRole('button', { name: 'check learning results' }).click();
    await app.page.waitForURL(/\/main\/math\/all\?/);
    await app.testId('math-all-rates').waitFor();
    const data = await summaryOfPage(app);
    const row = data.pages.findIndex((p) => p.page === 20);
    expect(row).toBeGreaterThanOrEqual(0);
    await app.testId('page-status-details').click();
    await app.testId('page-table-page-size').selectOption('-1');
    const label = await app
      .testId('page-table-row')
      .nth(row)
      .evaluate((tr) => tr.querySelector('td')?.textContent ?? '');
    expect(label).toBe('18 page');
  }, 120_000);

  it('says "reconnecting" within 2 s of the network going, for how long, then "live again"', async () => {
    for (const lang of ['ko', 'en'] as const) {
      await app.goto(`/main/live?courseId=${lesson.courseId}`, lang);
      await app.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 20_000 });
      const lostAt = Date.now();
      await context.setOffline(true);
      await app.page.locator('[data-testid=live-status][data-status=retrying]').waitFor({ timeout: 2000 });
      expect(Date.now() - lostAt).toBeLessThan(2000);
      if (lang === 'en') {
        expect(await badge(app).textContent()).toMatch(/^Reconnecting…/);
        // how long: the seconds since the loss, counting
        await expect.poll(() => badge(app).textContent(), { timeout: 10_000 }).toMatch(/lost [5-9] s ago/);
      }
      await app.page.waitForTimeout(lang === 'en' ? 14_000 : 5000);
      if (lang === 'en') expect(await badge(app).textContent()).toMatch(/lost (19|2\d) s ago/);
      await app.page.screenshot({ path: join(screenshotDir, `live-reconnecting-${lang}-1280x800.png`) });
      // writing meanwhile reaches the tile after the outage (fetched from the ink store)
      pen.write(PAGE, zigzag(90, 40, 20, 12), false);
      await pen.upload();
      await context.setOffline(false);
      await app.page.locator('[data-testid=live-status][data-status=back]').waitFor({ timeout: 15_000 });
      if (lang === 'en') expect(await badge(app).textContent()).toMatch(/^Live again/);
      await app.page.screenshot({ path: join(screenshotDir, `live-back-${lang}-1280x800.png`) });
      // and a little later, plain 'live'
      await app.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 15_000 });
    }
    expect(await badge(app).textContent()).toBe('Live');
    expect(await app.seriousViolations()).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 180_000);
});
