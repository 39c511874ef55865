/**
 * The pupil report PDF (issue 30 item 2) in Chromium against the real server and the demo
 * school: the teacher registers a worksheet PDF (a green page) as a POD material, two pupils'
 * strokes are uploaded on its code page as a pen station does, and the class report (Korean, A4)
 * and one pupil's report (English, Letter) are downloaded from math/all and math/student. Each
 * file passes `qpdf --check`; `pdftotext` holds the name, class, textbook, period and the
 * figures the API answers (fetched with the page's own token); `pdftoppm` of the writer's
 * thumbnail page shows the ink's blue over the worksheet's green.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MathSummaryData, PupilDetailData } from '@dotink/contracts/eduAnalytics';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { oneDecimal, summaryOfPage } from './support/analyticsClassPage';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import { teacherCall, uploadPupilStrokes, zigzag } from './support/livePage';
import { choosePdf, firstLecture, openAddDialog, openTextbookPage } from './support/materialsPage';
import { lectureBook, type MathBook, mathQuery, pupilDetailOf } from './support/pupilPage';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let app: ClassroomPage;
let book: MathBook;
let className: string;
const dir = mkdtempSync(join(tmpdir(), 'pupil-report-'));

/** The worksheet's green. */
const GREEN = [0x20, 0xc0, 0x40] as const;
/** The report's ink blue (reportPdf's INK_RGB). */
const INK = [0.05 * 255, 0.2 * 255, 0.85 * 255] as const;

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

interface Pupil {
  readonly id: string;
  readonly num: number;
  readonly name: string;
  readonly macAddress: string | null;
}

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  app = new ClassroomPage(await context.newPage(), server.origin);
  await app.signIn(DEMO_ADMIN);
  const lecture = await firstLecture(app);
  await openTextbookPage(app, lecture);
  await openAddDialog(app, 'POD');
  await app.testId('material-name').fill('Green worksheet');
  await choosePdf(app, 'green.pdf', await greenPdf());
  await app.testId('material-submit').click();
  await app.testId('material-dialog').waitFor({ state: 'detached', timeout: 30_000 });
  book = await lectureBook(app, 'pod');
  const { students } = await teacherCall<{ students: Pupil[] }>(
    app,
    'GET',
    `/edu/v1/class/${lecture.eduClassId}/students`,
  );
  const pupils = [...students].sort((a, b) => a.num - b.num).slice(0, 2);
  const page = `${book.section}.${book.owner}.${book.book}.${book.ncodeStartPage}`;
  const t0 = Date.now() - 20 * 60_000;
  for (const [k, p] of pupils.entries())
    await uploadPupilStrokes(server.origin, { id: p.id, mac: p.macAddress! }, page, [
      zigzag(30, 40 + k * 20, 40, 24).map(([x, y], i) => [x, y, t0 + i * 40] as const),
      zigzag(30, 50 + k * 20, 40, 24).map(([x, y], i) => [x, y, t0 + 60_000 + i * 40] as const),
    ]);
  const classes = await teacherCall<{ classes: { eduClassId: number; className: string }[] }>(
    app,
    'GET',
    '/edu/v1/classes',
  );
  className = classes.classes.find((c) => c.eduClassId === lecture.eduClassId)!.className;
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** Chooses the paper, presses the report button, and keeps the downloaded PDF. */
async function makeReport(testId: string, paper: 'a4' | 'letter'): Promise<{ file: string; name: string }> {
  await app.testId(`${testId}-paper`).selectOption(paper);
  const [download] = await Promise.all([
    app.page.waitForEvent('download', { timeout: 60_000 }),
    app.testId(`${testId}-make`).click(),
  ]);
  const file = join(dir, `${testId}-${paper}.pdf`);
  await download.saveAs(file);
  await app.testId(`${testId}-done`).waitFor();
  return { file, name: download.suggestedFilename() };
}

const text = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ ]+/g, ' ');

/** The page size of the first page, points. */
function pageSize(file: string): { width: number; height: number } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Pixels near a colour on a page rendered at 150 dpi. */
function pixelsNear(file: string, pageNumber: number, colour: readonly number[], tolerance: number): number {
  const ppm = execFileSync(
    'pdftoppm',
    ['-f', String(pageNumber), '-l', String(pageNumber), '-r', '150', file],
    {
      maxBuffer: 128 << 20,
    },
  );
  // binary PPM: 'P6', width, height, 255, then RGB bytes
  let at = 0;
  for (let fields = 0; fields < 4; fields++) {
    while (ppm[at] === 0x20 || ppm[at] === 0x0a) at++;
    while (ppm[at] !== 0x20 && ppm[at] !== 0x0a) at++;
  }
  at++;
  let n = 0;
  for (let i = at; i + 2 < ppm.length; i += 3)
    if (
      Math.abs(ppm[i]! - colour[0]!) < tolerance &&
      Math.abs(ppm[i + 1]! - colour[1]!) < tolerance &&
      Math.abs(ppm[i + 2]! - colour[2]!) < tolerance
    )
      n++;
  return n;
}

/** The page of a PDF (1-based) whose text holds `needle`. */
function pageWith(file: string, pages: number, needle: string): number {
  for (let p = 1; p <= pages; p++) {
    const t = execFileSync('pdftotext', ['-f', String(p), '-l', String(p), file, '-'], { encoding: 'utf8' });
    if (t.replace(/[ ]+/g, ' ').includes(needle)) return p;
  }
  return -1;
}

const pageCount = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

describe('classroom: the pupil report PDF read back equals the API', () => {
  it('the class report (Korean, A4): every pupil, the figures of the API, the ink over the worksheet', async () => {
    await app.goto(`/main/math/all?${mathQuery(book)}`, 'ko');
    await app.testId('report-class').waitFor({ timeout: 30_000 });
    const summary: MathSummaryData = await summaryOfPage(app);
    const { file, name } = await makeReport('report-class', 'a4');
    expect(name).toMatch(/\.pdf$/);
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors',
    );
    const size = pageSize(file);
    expect(size.width).toBeCloseTo(595.28, 0);
    expect(size.height).toBeCloseTo(841.89, 0);
    const all = text(file);
    expect(all).toContain('학생 학습 보고서');
    expect(all).toContain(className);
    expect(all).toContain(book.title);
    for (const p of summary.pupils) expect(all).toContain(`${p.num}. ${p.name}`);
    // a writer's figures, as the API answers them
    const writer = summary.pupils.find((p) => p.progress.writtenRatePct > 0)!;
    const detail: PupilDetailData = await pupilDetailOf(app, book, writer.studentId);
    const pages = pageCount(file);
    const first = pageWith(file, pages, `${writer.num}. ${writer.name}`);
    const sheet = execFileSync(
      'pdftotext',
      ['-layout', '-f', String(first), '-l', String(first), file, '-'],
      {
        encoding: 'utf8',
      },
    ).replace(/[ ]+/g, ' ');
    expect(sheet).toContain(oneDecimal(detail.pupil.progress.writtenRatePct));
    expect(sheet).toContain(oneDecimal(detail.average.progress.writtenRatePct));
    expect(sheet).toContain(oneDecimal(detail.pupil.progress.touchedRatePct));
    expect(sheet).toContain(`학생 ${detail.average.pupils}명 중 ${detail.average.writers}명 필기`);
    const period = await app.page.evaluate(
      ({ ms, tz }) =>
        new Intl.DateTimeFormat('ko', {
          timeZone: tz,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(ms),
      { ms: detail.days[0]!.startMs, tz: detail.timeZone },
    );
    expect(sheet).toContain(period);
    // the study day's minutes in the calendar
    const minutes = oneDecimal(detail.days[0]!.durationMs / 60_000);
    expect(sheet).toContain(minutes);
    // the writer's thumbnails page: ink blue over the worksheet's green
    const thumbs = first + 1;
    expect(pixelsNear(file, thumbs, INK, 50)).toBeGreaterThan(30);
    expect(pixelsNear(file, thumbs, GREEN, 30)).toBeGreaterThan(2_000);
    expect(app.errors).toEqual([]);
  }, 180_000);

  it("one pupil's report (English, Letter) from math/student", async () => {
    await app.goto(`/main/math/all?${mathQuery(book)}`, 'en');
    await app.testId('report-class').waitFor({ timeout: 30_000 });
    const summary = await summaryOfPage(app);
    const writer = summary.pupils.find((p) => p.progress.writtenRatePct > 0)!;
    await app.goto(`/main/math/student?${mathQuery(book, { studentId: writer.studentId })}`, 'en');
    await app.testId('report-pupil').waitFor({ timeout: 30_000 });
    const detail = await pupilDetailOf(app, book, writer.studentId);
    const { file } = await makeReport('report-pupil', 'letter');
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors',
    );
    expect(pageSize(file)).toEqual({ width: 612, height: 792 });
    expect(pageCount(file)).toBe(2);
    const all = text(file);
    expect(all).toContain('Pupil report');
    expect(all).toContain(`${writer.num}. ${writer.name}`);
    expect(all).toContain(className);
    expect(all).toContain(
      `Class average (${detail.average.writers} of ${detail.average.pupils} pupils wrote)`,
    );
    expect(all).toContain(oneDecimal(detail.pupil.progress.writtenRatePct));
    expect(all).toContain(oneDecimal(detail.average.progress.touchedRatePct));
    for (const u of detail.pupil.units) expect(all).toContain(oneDecimal(u.analysis.studyTimeMin));
    expect(pixelsNear(file, 2, INK, 50)).toBeGreaterThan(30);
    expect(pixelsNear(file, 2, GREEN, 30)).toBeGreaterThan(2_000);
    expect(app.errors).toEqual([]);
  }, 180_000);

  it('cancel stops the report and says so; no file', async () => {
    await app.goto(`/main/math/all?${mathQuery(book)}`, 'en');
    await app.testId('report-class').waitFor({ timeout: 30_000 });
    // the worker's fonts are held: the report cannot end before the press on Cancel (drawn as the
    // pupils are read, a small class's report could otherwise end under the pointer)
    await context.route('**/*.ttf', () => {});
    let downloads = 0;
    app.page.on('download', () => downloads++);
    // the reads in flight (fetches, the held fonts apart): network idle waited for those fonts and,
    // on a loaded server, for the class's details past its 30 s (a full run); a worker's script
    // whose load the cancel cut short may never report an end, so only fetches count
    const inFlight = new Set<Request>();
    const track = (r: Request) => {
      const read = r.resourceType() === 'fetch' || r.resourceType() === 'xhr';
      if (read && !r.url().endsWith('.ttf')) inFlight.add(r);
    };
    const untrack = (r: Request) => inFlight.delete(r);
    app.page.on('request', track);
    app.page.on('requestfinished', untrack);
    app.page.on('requestfailed', untrack);
    try {
      await app.testId('report-class-make').click();
      await app.testId('report-class-cancel').click();
      await expect(app.testId('report-class-cancelled').textContent()).resolves.toContain('cancelled');
      // and stays so once the reads in flight at the press have ended (their progress came after
      // the cancel and put the progress bar back, for good)
      // (listed by address, so a request that never ends is named when this fails)
      await expect.poll(() => [...inFlight].map((r) => r.url()), { timeout: 90_000 }).toEqual([]);
      expect(await app.testId('report-class').getAttribute('data-phase')).toBe('cancelled');
      expect(await app.testId('report-class-error').count()).toBe(0);
      expect(downloads).toBe(0);
    } finally {
      app.page.off('request', track);
      app.page.off('requestfinished', untrack);
      app.page.off('requestfailed', untrack);
      await context.unroute('**/*.ttf');
    }
  }, 150_000);

  it("a font that cannot be loaded: the failure beside the button in the user's language, no file", async () => {
    await app.goto(`/main/math/all?${mathQuery(book)}`, 'ko');
    await app.testId('report-class').waitFor({ timeout: 30_000 });
    // the network refuses the fonts (the worker's requests)
    await context.route('**/*.ttf', (route) => route.abort('connectionrefused'));
    let downloads = 0;
    app.page.on('download', () => downloads++);
    try {
      await app.testId('report-class-make').click();
      const alert = app.testId('report-class-error');
      await alert.waitFor({ timeout: 60_000 });
      expect(await alert.textContent()).toContain(
        '보고서를 만들 수 없습니다: 보고서 글꼴을 불러올 수 없습니다',
      );
      expect(downloads).toBe(0);
    } finally {
      await context.unroute('**/*.ttf');
    }
  }, 120_000);

  it('on a 390 px phone the report controls fit the screen and are reached by keyboard', async () => {
    await app.page.setViewportSize({ width: 390, height: 844 });
    try {
      const summary = await (async () => {
        await app.goto(`/main/math/all?${mathQuery(book)}`, 'ko');
        await app.testId('report-class').waitFor({ timeout: 30_000 });
        return summaryOfPage(app);
      })();
      const writer = summary.pupils.find((p) => p.progress.writtenRatePct > 0)!;
      await app.goto(`/main/math/student?${mathQuery(book, { studentId: writer.studentId })}`, 'ko');
      const report = app.testId('report-pupil');
      await report.waitFor({ timeout: 30_000 });
      const box = (await report.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await report.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      // the paper, then the button, by Tab; Enter starts the report (its progress shows)
      await app.testId('report-pupil-paper').focus();
      await app.page.keyboard.press('Tab');
      expect(await app.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'report-pupil-make',
      );
      const [download] = await Promise.all([
        app.page.waitForEvent('download', { timeout: 60_000 }),
        app.page.keyboard.press('Enter'),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    } finally {
      await app.page.setViewportSize({ width: 1280, height: 900 });
    }
  }, 120_000);
});
