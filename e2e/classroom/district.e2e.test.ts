/**
 * A district in Chromium (issue 17, PostgreSQL only: TEST_DATABASE_URL; in CI its absence fails
 * the run): three real server processes (`startCluster`, as `npm run start:cluster`) on one fresh
 * PostgreSQL database and one s3rver object store, serving the built classroom app, behind the
 * cluster's nginx (deploy/nginx). Nothing is mocked but the browser's print dialog and its Bluetooth pens.
 *
 * How a browser reaches "process A": through nginx with the test-only `dotink-backend` cookie
 * (`pinnable`: the rendered configuration maps it to that process's own upstream group), which
 * pins every request and WebSocket of that browser context to one process. Per-process origins
 * cannot work with one issuer: every process has nginx's address as `PUBLIC_URL`, the
 * classroom checks that the issuer is its own origin's `/oauth`, the redirect URI registered is
 * `PUBLIC_URL/callback.html`, and the addresses the server hands out (material downloads, code
 * pages) are `PUBLIC_URL` ones — a browser on process A's own port would be sent to nginx
 * (and refused by the Content-Security-Policy's `connect-src 'self'`). nginx's access log says
 * which process served each request, so each step asserts that only its process answered.
 *
 * - The teacher signs in on A (the real sign-in pages), adds a POD material (a 3-page PDF) in
 *   the textbook page's dialog on B (code pages issued, PDF and .nproj uploaded), and prints it
 *   on C: the PDF handed to print has the material's three pages (each page's own block where
 *   the material has it) and its issued code pages, so the file went from B to C through the
 *   object store (no process keeps files on its disk).
 * - A pupil's simulated pen streams through a pen station on A while the teacher's live lesson is
 *   open on C: the strokes appear on the pupil's tile (across processes by LISTEN/NOTIFY) and the
 *   ink store has them under the lesson's tag.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PIN_COOKIE, type RunningCluster, startCluster } from '@dotink/server/cluster';
import { createPostgresDatabase } from '@dotink/server/test/postgres';
import { startS3Server, type TestS3Server } from '@dotink/server/test/s3';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonTag } from '../../packages/contracts/src/eduLive';
import { sharedDir } from '../../test-support/shared';
import { PRINT_STUB } from '../print/printStub';
import { launchChromium } from '../support/chromium';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import { roomStrokeStarts, tileInkPixels } from './support/livePage';
import {
  BLOB_KEEPER,
  printButtonSelector,
  printedCodePages,
  printedPdf,
  qpdfCheck,
} from './support/materialPrintPage';
import {
  choosePdf,
  firstLecture,
  materialsOf,
  openAddDialog,
  openTextbookPage,
} from './support/materialsPage';
import {
  createLiveLesson,
  installPen,
  lessonStrokeTimes,
  penWrite,
  type SimStroke,
  stationPensScript,
} from './support/stationPage';

const PAGE_ID = '3.1012.1191.20';
const PAGES = ['District sheet page one', 'District sheet page two', 'District sheet page three'];

/** The process a browser context is pinned to: 0 = A, 1 = B, 2 = C. */
const A = 0;
const B = 1;
const C = 2;

/** A block of each page, in points from the bottom left (the material's page i has block i filled). */
const BLOCKS = [
  { x: 60, y: 560 },
  { x: 220, y: 360 },
  { x: 380, y: 160 },
] as const;
const BLOCK_PT = 150;

/** The material: A4 pages, each with its title and its own filled block. */
async function blockPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  PAGES.forEach((text, i) => {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(text, { x: 60, y: 770, size: 22, font, color: rgb(0.1, 0.1, 0.2) });
    const b = BLOCKS[i]!;
    page.drawRectangle({ x: b.x, y: b.y, width: BLOCK_PT, height: BLOCK_PT, color: rgb(0, 0, 0) });
  });
  return doc.save();
}

/**
 * How dark each block's middle is on each page of a printed PDF (0 black … 255 white): pages
 * rendered in grey at 36 dpi by poppler's pdftoppm (PGM), the middle 90 pt of each block averaged
 * (the print rasterises the pages and adds the code dots, so text cannot be read back).
 */
function blockShades(pdf: Uint8Array): number[][] {
  const dir = mkdtempSync(join(tmpdir(), 'dotink-district-'));
  try {
    writeFileSync(join(dir, 'printed.pdf'), pdf);
    const dpi = 36;
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), join(dir, 'printed.pdf'), join(dir, 'page')]);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort();
    return files.map((f) => {
      const bytes = readFileSync(join(dir, f));
      const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
      if (!m) throw new Error(`${f} is not a binary PGM`);
      const width = Number(m[1]);
      const height = Number(m[2]);
      const grey = bytes.subarray(m[0].length);
      const s = dpi / 72;
      return BLOCKS.map((b) => {
        const inset = (BLOCK_PT - 90) / 2;
        const x0 = Math.round((b.x + inset) * s);
        const y0 = Math.round((841.89 - b.y - BLOCK_PT + inset) * s);
        const n = Math.round(90 * s);
        let sum = 0;
        for (let y = y0; y < Math.min(y0 + n, height); y++)
          for (let x = x0; x < Math.min(x0 + n, width); x++) sum += grey[y * width + x]!;
        return Math.round(sum / (n * n));
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** As the server's `describePostgres`: named `[postgres]`, not run (and counted) without TEST_DATABASE_URL. */
const adminUrl = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(adminUrl !== '')(
  'classroom: a district of three processes, one database, one object store [postgres]',
  () => {
    const closers: (() => Promise<void>)[] = [];
    let cluster: RunningCluster;
    let s3: TestS3Server;
    let browser: Browser;
    let dataDir: string;
    let pensScript: string;

    beforeAll(async () => {
      const [dist, script] = await Promise.all([buildClassroom(), stationPensScript()]);
      pensScript = script;
      closers.push(async () => rmSync(dist, { recursive: true, force: true }));
      const database = await createPostgresDatabase(adminUrl);
      closers.push(database.drop);
      s3 = await startS3Server();
      closers.push(() => s3.close());
      dataDir = mkdtempSync(join(tmpdir(), 'dotink-district-data-'));
      closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      cluster = await startCluster({
        env: {
          NODE_ENV: 'production',
          DATABASE_URL: database.url,
          ...s3.env,
          DATA_DIR: dataDir,
          NCODE_DATA_DIR: join(sharedDir, 'data', 'ncode'),
          CLASSROOM_DIST_DIR: dist,
          // issued codes with installed code pages (as the material print test)
          CODE_START: '3.27.1068.1',
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        processes: 3,
        publicHost: '127.0.0.1',
        pinnable: true,
      });
      closers.push(() => cluster.close());
      browser = await launchChromium();
      closers.push(() => browser.close());
    }, 300_000);

    afterAll(async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
    });

    /** A browser context whose every request and WebSocket goes to process `index`. */
    async function pinnedContext(index: number, scripts: readonly string[] = []): Promise<BrowserContext> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      closers.push(() => context.close());
      await pin(context, index);
      for (const content of scripts) await context.addInitScript({ content });
      return context;
    }

    async function pin(context: BrowserContext, index: number): Promise<void> {
      await context.addCookies([{ name: PIN_COOKIE, value: String(index + 1), url: cluster.publicUrl }]);
    }

    /** Runs `step` and returns how many requests each process served meanwhile. */
    async function servedDuring(step: () => Promise<void>): Promise<number[]> {
      const before = cluster.served();
      await step();
      await new Promise((r) => setTimeout(r, 200)); // nginx logs a request as it ends
      const after = cluster.served();
      return after.map((n, i) => n - before[i]!);
    }

    it('signs in on A, uploads a POD material on B, prints it on C: the printed PDF has its pages', async () => {
      const context = await pinnedContext(A, [PRINT_STUB, BLOB_KEEPER]);
      const app = new ClassroomPage(await context.newPage(), cluster.publicUrl);

      const signIn = await servedDuring(() => app.signIn(DEMO_ADMIN));
      expect(signIn[A]).toBeGreaterThan(3);
      expect(signIn.filter((_, i) => i !== A)).toEqual([0, 0]);
      // the test's own look-ups (from Node, with the teacher's token) go to B's port, not nginx
      const lookUp = new ClassroomPage(app.page, cluster.processes[B]!.url);
      const lecture = await firstLecture(lookUp);

      // the upload on B: the add dialog issues the code pages, makes the .nproj, sends both
      await pin(context, B);
      const keysBefore = await s3.keys();
      let material:
        | {
            id: number;
            section: number;
            owner: number;
            book: number;
            ncodeStartPage: number;
            ncodeEndPage: number;
          }
        | undefined;
      const uploading = await servedDuring(async () => {
        await openTextbookPage(app, lecture);
        const rows = (await materialsOf(lookUp, lecture.id)).length;
        await openAddDialog(app, 'POD');
        await app.testId('material-name').fill('District worksheet');
        await choosePdf(app, 'district.pdf', await blockPdf());
        expect(await app.testId('material-file-info').textContent()).toBe(`${PAGES.length} pages`);
        await app.testId('material-submit').click();
        await app.testId('material-dialog').waitFor({ state: 'detached', timeout: 60_000 });
        await expect.poll(() => app.testId('materials-table-row').count()).toBe(rows + 1);
        material = (await materialsOf(lookUp, lecture.id)).find((m) => m.title === 'District worksheet');
      });
      expect(uploading[B]).toBeGreaterThan(0);
      expect(uploading.filter((_, i) => i !== B)).toEqual([0, 0]);
      expect(material).toMatchObject({ type: 'POD', numPages: PAGES.length });
      const pod = material!;
      const stored = (await s3.keys()).filter((k) => !keysBefore.includes(k));
      expect(stored.length).toBeGreaterThanOrEqual(2); // the PDF and the .nproj

      await pin(context, C);
      const printing = await servedDuring(async () => {
        await openTextbookPage(app, lecture);
        const button = app.page.locator(printButtonSelector(pod.id));
        await button.waitFor({ timeout: 30_000 });
        await button.click();
        await app.testId('material-print-waiting').waitFor({ timeout: 90_000 });
        await app.testId('material-print-done').click();
      });
      expect(printing[C]).toBeGreaterThan(0);
      expect(printing.filter((_, i) => i !== C)).toEqual([0, 0]);

      const printed = await printedPdf(app.page, 0);
      expect(qpdfCheck(printed)).toContain('No syntax or stream encoding errors found');
      const codes = await printedCodePages(printed);
      expect(codes.pages).toBe(PAGES.length);
      expect(codes.codes).toEqual(
        PAGES.map((_, i) => `${pod.section}.${pod.owner}.${pod.book}.${pod.ncodeStartPage + i}`),
      );
      expect(pod.ncodeEndPage).toBe(pod.ncodeStartPage + PAGES.length - 1);
      // page i of the print is the material's page i: its own block dark (≈ 111 of 255 as printed
      // under the code dots), the places of the others' white (≈ 239)
      const shades = blockShades(printed);
      expect(shades).toHaveLength(PAGES.length);
      for (const [i, page] of shades.entries()) {
        const others = page.filter((_, j) => j !== i);
        expect(page[i]!, `page ${i + 1}: ${page}`).toBeLessThan(160);
        expect(Math.min(...others) - page[i]!, `page ${i + 1}: ${page}`).toBeGreaterThan(60);
      }
      // no process kept the file on its own disk
      expect(existsSync(join(dataDir, 'files'))).toBe(false);
      expect(app.errors).toEqual([]);
    }, 240_000);

    it("streams a pupil's pen through a station on A to the teacher's live lesson on C", async () => {
      const teacherContext = await pinnedContext(C);
      const teacher = new ClassroomPage(await teacherContext.newPage(), cluster.publicUrl);
      await teacher.signIn(DEMO_ADMIN);
      const lesson = await createLiveLesson(teacher, Date.now());
      const pupil = lesson.pupils[0]!;
      await teacher.goto(`/main/live?courseId=${lesson.courseId}`);
      await teacher.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 30_000 });
      const tile = teacher.page.locator(`[data-student="${pupil.id}"]`);
      await tile.waitFor({ timeout: 20_000 });
      expect(await tileInkPixels(teacher.page, pupil.id)).toBe(0);

      const stationContext = await pinnedContext(A, [pensScript]);
      const station = new ClassroomPage(await stationContext.newPage(), cluster.publicUrl);
      const before = cluster.served();
      await station.goto(`/pen?course=${lesson.courseId}`);
      await station.testId('station-id').fill(pupil.id);
      await station.testId('station-sign-in').click();
      const card = station.page.locator(`[data-testid="station-pupil"][data-student-id="${pupil.id}"]`);
      await card.waitFor({ timeout: 20_000 });
      await installPen(station.page, pupil.macAddress);
      await card.getByTestId('station-connect-pen').click();
      await card.getByText(`Pen connected: ${pupil.macAddress}`).waitFor({ timeout: 15_000 });
      await station.page
        .locator('[data-testid="station-live"][data-state="open"]')
        .waitFor({ timeout: 15_000 });

      const strokes: SimStroke[] = [0, 1, 2].map((n) => ({
        page: PAGE_ID,
        points: [
          [10 + n * 6, 10],
          [16 + n * 6, 16],
          [22 + n * 6, 11],
        ],
      }));
      await penWrite(station.page, pupil.macAddress, strokes);
      // live: the pupil's tile on C draws the strokes streamed through A
      await tile.and(teacher.page.locator(`[data-page="${PAGE_ID}"]`)).waitFor({ timeout: 20_000 });
      await expect.poll(() => tileInkPixels(teacher.page, pupil.id), { timeout: 20_000 }).toBeGreaterThan(20);
      // every stroke, once: the teacher's room holds the three
      await expect
        .poll(() => roomStrokeStarts(teacher.page, pupil.id, PAGE_ID), { timeout: 20_000 })
        .toHaveLength(strokes.length);
      // stored: the station's upload (on A) is in the ink store, read by the teacher on C
      await station.page.waitForFunction(
        () => document.querySelector('[data-testid="station-save-text"]')?.textContent === 'all saved',
        undefined,
        { timeout: 30_000 },
      );
      const tag = lessonTag(lesson.courseId, lesson.sessionId);
      await expect
        .poll(() => lessonStrokeTimes(teacher, pupil.id, tag), { timeout: 20_000 })
        .toHaveLength(strokes.length);
      // B served nothing of the station's or the teacher's since the station opened; A and C did
      const served = cluster.served().map((n, i) => n - before[i]!);
      expect(served[A]).toBeGreaterThan(0);
      expect(served[C]).toBeGreaterThan(0);
      expect(served[B]).toBe(0);
      expect(station.errors).toEqual([]);
      expect(teacher.errors).toEqual([]);
    }, 240_000);
  },
);
