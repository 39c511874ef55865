/**
 * A 500-page PDF (issue 5): first page visible < 1 s; memory stays bounded while paging through
 * every page (budget: JS heap growth < 100 MB).
 *
 * Method (bench/browser/pages/pdfPaging.tsx). A 500-page A4 PDF (heading, 40 lines of text, a
 * box and a curve per page) is made with pdf-lib in Node and served to headless Debian Chromium.
 * The page opens it with the board's pdf.js engine (pdfjs-dist 5.6, its worker) and shows it in
 * one PageView (1280 × 800, whole page) through `pdfPageImageSource`, as the board does.
 *
 * - First page visible: from fetching the file to the end of the main-thread commit of the frame
 *   that shows page 1's image (Chromium trace, bench/browser/frameTrace.ts). The engine's open
 *   (which also reads all 500 page sizes) is inside that time; storing the PDF in IndexedDB, as
 *   the board's import does, is not.
 * - Memory: the page's JS heap in use (CDP `Performance.getMetrics` JSHeapUsedSize, after forced
 *   garbage collection) with page 1 shown, then after showing each of pages 2 … 500 in turn (each
 *   page rendered and drawn before the next is asked for); sampled every 100 pages. Also printed:
 *   the renderer processes' resident memory (/proc VmRSS), which includes canvases and the
 *   pdf.js worker, and a second pass (fresh browser) in which each page left is freed with
 *   pdf.js `PDFPageProxy.cleanup()`, which the board's page source (apps/board/src/ui/pageSource.ts)
 *   does not do.
 */
import { availableParallelism, loadavg } from 'node:os';
import { textPdf } from '../browser/fixtures';
import { FRAME_TRACE_CATEGORIES, FrameTrace } from '../browser/frameTrace';
import { callBench, openHarness } from '../browser/harness';
import type { OpenFirstResult, PageThroughResult } from '../browser/results';
import { type Bench, below, type Figure, percentile } from './budget';

const PAGES = 500;
const MB = 1024 * 1024;
const r1 = (n: number) => Math.round(n * 10) / 10;

interface Pass {
  readonly first: OpenFirstResult;
  readonly firstPaintedMs: number;
  /** JS heap and renderer RSS (bytes) with page 1 shown, then after every 100 pages. */
  readonly heap: readonly number[];
  readonly rss: readonly number[];
  readonly pageMs: readonly number[];
}

/** Opens the PDF in a fresh browser and shows every page in turn. */
async function pass(pdf: Uint8Array, cleanup: boolean): Promise<Pass> {
  const h = await openHarness('pdfPaging.tsx', new Map([['/doc.pdf', pdf]]));
  try {
    await h.browser.startTracing(h.page, { categories: [...FRAME_TRACE_CATEGORIES] });
    const first = await callBench<OpenFirstResult>(h, 'openFirst', { url: '/doc.pdf' });
    const trace = (await h.browser.stopTracing()).toString('utf8');
    const painted = new FrameTrace(trace, first.clockMarkMs).timing(first.drawnMs);
    if (!painted) throw new Error('the first page is not in the trace');
    const heap = [await h.jsHeapUsedBytes()];
    const rss = [await h.rendererRssBytes()];
    const pageMs: number[] = [];
    for (let from = 2; from <= PAGES; from += 100) {
      const to = Math.min(PAGES, from + 99);
      const r = await callBench<PageThroughResult>(h, 'pageThrough', { from, to, cleanup });
      pageMs.push(...r.pageMs);
      heap.push(await h.jsHeapUsedBytes());
      rss.push(await h.rendererRssBytes());
    }
    if (h.errors.length > 0) throw new Error(`page errors: ${h.errors.join('; ')}`);
    return { first, firstPaintedMs: painted.paintedMs, heap, rss, pageMs };
  } finally {
    await h.close();
  }
}

const series = (v: readonly number[]) => v.map((b) => r1(b / MB)).join(' → ');

export default {
  name: 'board: a 500-page PDF (Chromium, pdf.js 5.6)',
  async run(): Promise<Figure[]> {
    const load = loadavg()[0]!;
    const made = performance.now();
    const pdf = await textPdf(PAGES);
    const madeMs = performance.now() - made;
    const app = await pass(pdf, false);
    const freed = await pass(pdf, true);
    const { first } = app;
    const visibleMs = app.firstPaintedMs - first.startMs;
    const heapGrowth = (app.heap.at(-1)! - app.heap[0]!) / MB;
    console.log(
      `  ${first.numPages} pages, ${r1(first.bytes / MB)} MB (made in ${Math.round(madeMs)} ms); fetch ${Math.round(first.fetchedMs - first.startMs)} ms, engine open (page 1 size) ${Math.round(first.openedMs - first.fetchedMs)} ms, page 1 ${Math.round(first.pageMs - first.openedMs)} ms, image drawn ${Math.round(first.drawnMs - first.pageMs)} ms, painted ${Math.round(app.firstPaintedMs - first.drawnMs)} ms later`,
    );
    console.log(
      `  paging: ${app.pageMs.length} pages, per page p50 ${r1(percentile(app.pageMs, 50))} ms, p95 ${r1(percentile(app.pageMs, 95))} ms; after page 1, then every 100 pages — JS heap MB ${series(app.heap)}; renderer RSS MB ${series(app.rss)}`,
    );
    console.log(
      `  the same with PDFPageProxy.cleanup() of each page left — JS heap MB ${series(freed.heap)}; renderer RSS MB ${series(freed.rss)}; load average ${r1(load)} → ${r1(loadavg()[0]!)} on ${availableParallelism()} cores`,
    );
    return [
      below('500-page PDF: first page visible (fetch → painted)', visibleMs, 'ms', 1000),
      below('500-page PDF: JS heap growth paging through all pages', heapGrowth, 'MB', 100),
    ];
  },
} satisfies Bench;
