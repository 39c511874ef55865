/**
 * A teacher's own PDF (a POD material) behind the ink, in Chromium against the real server
 * (issue 28 item 12): the PDF is downloaded through the API layer with the teacher's token (its
 * download route requires one), so its page shows behind a pupil's replayed ink and behind the
 * pupil's tile in the live lesson. The test PDF's page is a green field: the test counts its
 * pixels on the replay's document layer and in the live tile's page image.
 */
import { encodePageArray, pageAddress } from '@dotink/ncode';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import { PupilPen, teacherCall, uploadPupilStrokes, zigzag } from './support/livePage';
import {
  choosePdf,
  firstLecture,
  materialsOf,
  openAddDialog,
  openTextbookPage,
} from './support/materialsPage';

let server: RealServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pens: PupilPen[] = [];

/** The green of the test PDF's page. */
const GREEN = [0x20, 0xc0, 0x40] as const;

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const p of pens) p.close();
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** A one-page A4 PDF filled green but for a 36 pt margin. */
async function greenPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawRectangle({
    x: 36,
    y: 36,
    width: 523,
    height: 770,
    color: rgb(GREEN[0] / 255, GREEN[1] / 255, GREEN[2] / 255),
  });
  return doc.save();
}

/** Pixels near GREEN in an element drawn to a canvas (a canvas itself, or an image). */
function greenPixels(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    ({ selector, green }) => {
      const el = document.querySelector<HTMLCanvasElement | HTMLImageElement>(selector);
      if (!el) return 0;
      let canvas: HTMLCanvasElement;
      if (el instanceof HTMLCanvasElement) canvas = el;
      else {
        if (!el.complete || el.naturalWidth === 0) return 0;
        canvas = document.createElement('canvas');
        canvas.width = el.naturalWidth;
        canvas.height = el.naturalHeight;
        canvas.getContext('2d')!.drawImage(el, 0, 0);
      }
      if (canvas.width === 0) return 0;
      const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4)
        if (
          Math.abs(d[i]! - green[0]) < 30 &&
          Math.abs(d[i + 1]! - green[1]) < 30 &&
          Math.abs(d[i + 2]! - green[2]) < 30 &&
          d[i + 3]! > 200
        )
          n++;
      return n;
    },
    { selector, green: GREEN },
  );
}

interface Pupil {
  readonly id: string;
  readonly num: number;
  readonly macAddress: string | null;
}

describe.sequential("classroom: a teacher's own PDF behind the ink", () => {
  let app: ClassroomPage;
  let lecture: { id: number; title: string; eduClassId: number };
  let pod: { section: number; owner: number; book: number; ncodeStartPage: number; ncodeEndPage: number };
  let pupil: Pupil;
  let pageId: string;

  it('the teacher registers a one-page POD PDF; a pupil writes on its code page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    app = new ClassroomPage(await context.newPage(), server.origin);
    await app.signIn(DEMO_ADMIN);
    lecture = await firstLecture(app);
    await openTextbookPage(app, lecture);
    await openAddDialog(app, 'POD');
    await app.testId('material-name').fill('Green worksheet');
    await choosePdf(app, 'green.pdf', await greenPdf());
    await app.testId('material-submit').click();
    await app.testId('material-dialog').waitFor({ state: 'detached', timeout: 30_000 });
    pod = (await materialsOf(app, lecture.id)).find((m: { title: string }) => m.title === 'Green worksheet');
    expect(pod.ncodeEndPage).toBe(pod.ncodeStartPage);
    pageId = `${pod.section}.${pod.owner}.${pod.book}.${pod.ncodeStartPage}`;

    const students = await teacherCall<{ students: Pupil[] }>(
      app,
      'GET',
      `/edu/v1/class/${lecture.eduClassId}/students`,
    );
    pupil = [...students.students].sort((a, b) => a.num - b.num)[0]!;
    // the replay needs only stored strokes: uploaded as a pen station does after the fact
    const t0 = Date.now() - 10 * 60_000;
    await uploadPupilStrokes(server.origin, { id: pupil.id, mac: pupil.macAddress! }, pageId, [
      zigzag(40, 40, 30, 16).map(([x, y], i) => [x, y, t0 + i * 20] as const),
    ]);
  }, 120_000);

  it("the replay shows the PDF's page behind the pupil's ink", async () => {
    const q = new URLSearchParams({
      eduClassId: String(lecture.eduClassId),
      curriculumId: String(lecture.id),
      studentId: pupil.id,
      section: String(pod.section),
      owner: String(pod.owner),
      book: String(pod.book),
      ncodeStartPage: String(pod.ncodeStartPage),
      ncodeEndPage: String(pod.ncodeEndPage),
      pages: encodePageArray([pageAddress(pod.section, pod.owner, pod.book, pod.ncodeStartPage)]),
    });
    await app.goto(`/main/replay?${q}`);
    await app.testId('replay-screen').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => greenPixels(app.page, '[data-testid="page-view"] canvas[data-layer="document"]'), {
        timeout: 30_000,
      })
      .toBeGreaterThan(10_000);
    expect(await app.page.getByText('The textbook page could not be shown behind the writing.').count()).toBe(
      0,
    );
  }, 120_000);

  it("the live lesson's tile shows the PDF's page behind the pupil's live ink", async () => {
    const step = 5 * 60_000;
    const start = Math.floor((Date.now() - step) / step) * step;
    const course = await teacherCall<{ id: number; sessionId: string }>(
      app,
      'POST',
      `/edu/v1/curriculum/${lecture.id}/course`,
      {
        tag: 'POD live',
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + 60 * 60_000).toISOString(),
      },
    );
    await app.goto(`/main/live?courseId=${course.id}`);
    // the teacher is in the room before the pen writes (the room relays; it does not keep)
    await app.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 30_000 });
    const pen = await PupilPen.join(
      server.origin,
      `session/${course.id}_${course.sessionId}`,
      pupil.id,
      pupil.macAddress!,
    );
    pens.push(pen);
    pen.page(pageId);
    pen.write(pageId, zigzag(60, 60));
    const image = `[data-student="${pupil.id}"] .live-page-image`;
    await app.page.locator(image).waitFor({ timeout: 30_000 });
    await expect.poll(() => greenPixels(app.page, image), { timeout: 30_000 }).toBeGreaterThan(10_000);
  }, 120_000);
});
