/**
 * Print budgets (issue 6, issue 12 item 18): ≤ 0.5 s per A4 page (code page read + pattern +
 * composition) and ≤ 1.5 MB per printed page for white, text and photo pages; 100 pages on 2
 * cores in < 40 s with memory < 500 MB.
 *
 * The document content is a synthetic 300-dpi A4 page standing in for pdf.js output (rendering
 * the PDF is not part of this budget): white paper, a text page (lines of black glyph strokes, a
 * grey ramp, a colour box) and a photo page (smooth colour fields with grain over the whole page,
 * continuous tone: its content goes out as DCT). The 100-page run uses two worker threads
 * (this same file) that compose pages; the main thread runs the print job and streams the PDF
 * to a file. Memory is the process RSS (workers included), sampled every 20 ms. CPU time is
 * reported too: the machines are shared, so wall time depends on the neighbours' load.
 */
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { deflate as zlibDeflate } from 'node:zlib';
import { pageAddress } from '@dotink/ncode';
import {
  type ComposedPage,
  type ContentRaster,
  composePage,
  type Deflater,
  defaultDeflater,
  type PageTask,
  type PrintSettings,
  readCodePageAsync,
  runPrintJob,
} from '@dotink/print';
import { atMost, type Bench, below, type Figure } from './budget';

const here = dirname(fileURLToPath(import.meta.url));
const sharedDir = process.env.DOTINK_SHARED_DIR ?? resolve(here, '..', '..', '..', 'shared');
const BOOK = 's3-o27-b1068';
const codeBytes = (page: number) =>
  new Uint8Array(
    readFileSync(join(sharedDir, 'data', 'ncode', 'code', BOOK, `${BOOK}-p${page % 16}.code.gz`)),
  );
const SETTINGS: PrintSettings = { paperChoice: 'plainPaper', paperSize: 'A4', density: 'normal' };

/** A 300-dpi A4 page of black text lines, a grey ramp and a colour box (what pdf.js would give). */
function textPage(seed: number, into?: (bytes: number) => Uint8Array): ContentRaster {
  const widthPt = 595.2756;
  const heightPt = 841.8898;
  const widthPx = Math.floor((widthPt * 300) / 72);
  const heightPx = Math.floor((heightPt * 300) / 72);
  const rgba = (into ? into(widthPx * heightPx * 4) : new Uint8Array(widthPx * heightPx * 4)).fill(255);
  const m = 200;
  for (let y = m; y < heightPx - m; y++) {
    const inLine = (y - m) % 50 < 26;
    const row = y * widthPx * 4;
    for (let x = m; x < widthPx - m; x++) {
      const i = row + x * 4;
      if (y < heightPx * 0.7) {
        // glyph-like strokes: short runs with gaps varying by line and seed
        if (
          inLine &&
          ((x * 7 + ((y - m) >> 1) * 3 + seed * 11) % 23 < 5 || (x + seed * 31 + (y - m)) % 61 < 3)
        ) {
          rgba[i] = 0;
          rgba[i + 1] = 0;
          rgba[i + 2] = 0;
        }
      } else if (y < heightPx * 0.75) {
        const v = Math.round((255 * (x - m)) / (widthPx - 2 * m));
        rgba[i] = v;
        rgba[i + 1] = v;
        rgba[i + 2] = v;
      } else if (y < heightPx * 0.8 && x < widthPx / 2) {
        rgba[i] = 30;
        rgba[i + 1] = 90;
        rgba[i + 2] = 200;
      }
    }
  }
  return { rgba, widthPx, heightPx, pageWidthPt: widthPt, pageHeightPt: heightPt };
}

/** A blank 300-dpi A4 page (white paper). */
function whitePage(): ContentRaster {
  const text = textPage(0);
  text.rgba.fill(255);
  return text;
}

/** A photo-like 300-dpi A4 page: smooth colour fields and a little grain everywhere. */
function photoPage(seed: number): ContentRaster {
  const widthPt = 595.2756;
  const heightPt = 841.8898;
  const widthPx = Math.floor((widthPt * 300) / 72);
  const heightPx = Math.floor((heightPt * 300) / 72);
  const rgba = new Uint8Array(widthPx * heightPx * 4);
  let s = seed + 1;
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const grain = (s >>> 28) - 8;
      const i = (y * widthPx + x) * 4;
      rgba[i] = Math.max(
        0,
        Math.min(255, 128 + 100 * Math.sin((x + seed * 40) / 97) * Math.cos(y / 131) + grain),
      );
      rgba[i + 1] = Math.max(0, Math.min(255, 128 + 90 * Math.sin((x + y) / 173) + grain));
      rgba[i + 2] = Math.max(0, Math.min(255, 128 + 80 * Math.cos(x / 59 - y / 211) + grain));
      rgba[i + 3] = 255;
    }
  }
  return { rgba, widthPx, heightPx, pageWidthPt: widthPt, pageHeightPt: heightPt };
}

/**
 * Node's zlib on the thread pool, level 1 for the dot mask (noise-like) and 2 for the content:
 * what a Node print service passes as `deflate`. The browser has only CompressionStream (level 6).
 */
const nodeDeflater: Deflater = (data, kind) =>
  new Promise((res, rej) =>
    zlibDeflate(data, { level: kind === 'dots' ? 1 : 2 }, (e, out) =>
      e ? rej(e) : res(new Uint8Array(out.buffer, out.byteOffset, out.length)),
    ),
  );

/** Composes one page from the code file's bytes and a rendered raster (the per-page budget). */
async function composeTask(task: PageTask, content: ContentRaster, deflate: Deflater): Promise<ComposedPage> {
  const code = await readCodePageAsync(codeBytes(task.address!.page), `p${task.address!.page}`);
  return composePage({ content, code }, SETTINGS, deflate);
}

function transferables(page: ComposedPage): ArrayBuffer[] {
  return [
    page.prepared.content.buffer as ArrayBuffer,
    ...page.prepared.images.map((im) => im.data.buffer as ArrayBuffer),
  ];
}

/** The synthetic page, made once and shared with the workers (it stands for the PDF file). */
interface SharedPage extends Omit<ContentRaster, 'rgba'> {
  readonly pixels: SharedArrayBuffer;
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  // each page is copied from the shared source into one reused buffer (composition overwrites
  // it in place); the copy stands for pdf.js rendering the page into its canvas
  const { pixels, ...size } = workerData as SharedPage;
  const source = new Uint8Array(pixels);
  const scratch = new Uint8Array(source.length);
  port.on('message', async (task: PageTask & { id: number }) => {
    scratch.set(source);
    const content: ContentRaster = { ...size, rgba: scratch };
    const page = await composeTask(task, content, nodeDeflater);
    port.postMessage({ id: task.id, page }, transferables(page));
  });
}

/** A tiny pool of worker threads running {@link composeTask}. */
function workerPool(size: number) {
  // a worker does not inherit tsx's loader: register it, then load this file
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  let pixels = new SharedArrayBuffer(0);
  const { rgba: _, ...rest } = textPage(1, (n) => {
    pixels = new SharedArrayBuffer(n);
    return new Uint8Array(pixels);
  });
  const shared: SharedPage = { ...rest, pixels };
  const workers = Array.from({ length: size }, () => new Worker(boot, { eval: true, workerData: shared }));
  const pending = new Map<number, (p: ComposedPage) => void>();
  for (const w of workers)
    w.on('message', (m: { id: number; page: ComposedPage }) => pending.get(m.id)?.(m.page));
  let next = 0;
  return {
    compose(task: PageTask): Promise<ComposedPage> {
      const id = next++;
      return new Promise((res) => {
        pending.set(id, (p) => {
          pending.delete(id);
          res(p);
        });
        workers[id % size]!.postMessage({ ...task, id });
      });
    },
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

async function perPage(
  deflate: Deflater,
  label: string,
  kind = 'dense text',
  makePage: (seed: number) => ContentRaster = textPage,
): Promise<Figure[]> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let maxBytes = 0;
  for (let i = 0; i < 6; i++) {
    const content = makePage(i);
    const task = { printedIndex: i, pdfPageNo: i + 1, address: pageAddress(3, 27, 1068, i + 1) };
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const page = await composeTask(task, content, deflate);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (i > 0) {
      // the first run warms up
      times.push(ms);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
    const bytes = page.prepared.images.reduce(
      (n, im) => n + im.data.length,
      page.prepared.content.length + 400,
    );
    maxBytes = Math.max(maxBytes, bytes);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]! / 1000;
  const cpuMedian = cpuTimes[Math.floor(cpuTimes.length / 2)]! / 1000;
  return [
    atMost(`A4 ${kind} page, ${label}: code page + pattern + composition (median)`, median, 's', 0.5),
    // the machines are shared: CPU time (all threads) does not count the neighbours' load
    atMost(`A4 ${kind} page, ${label}: CPU time, all threads (median)`, cpuMedian, 's', 0.5),
    atMost(`printed A4 ${kind} page size, ${label}`, maxBytes / 1e6, 'MB', 1.5),
  ];
}

async function hundredPages(): Promise<Figure[]> {
  const pool = workerPool(2);
  const out = join(tmpdir(), `dotink-print-bench-${process.pid}.pdf`);
  const file = createWriteStream(out);
  let fileError: unknown;
  file.on('error', (e) => {
    fileError = e;
  });
  const cpu0 = process.cpuUsage();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const pages = Array.from({ length: 100 }, (_, i) => i + 1);
  let peakAt20 = 0;
  const t0 = performance.now();
  try {
    const result = await runPrintJob({
      settings: SETTINGS,
      document: { fingerprint: 'bench', numPages: 100 },
      pages,
      codes: pages.map((p) => pageAddress(3, 27, 1068, p % 16)),
      composeTask: (task) => pool.compose(task),
      onPage: (page) => {
        if (page.printedIndex === 19) peakAt20 = peakRss;
      },
      concurrency: 2,
      write: (chunk) =>
        new Promise<void>((res) => {
          if (file.write(chunk)) res();
          else file.once('drain', res);
        }),
    });
    await new Promise<void>((res) => file.end(res));
    if (fileError) throw fileError;
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);
    return [
      below('100 A4 pages on 2 worker threads (Node zlib 1/2)', seconds, 's', 40),
      atMost('100-page run: CPU time per page (all threads)', (cpu.user + cpu.system) / 1e6 / 100, 's', 0.5),
      below('peak memory (RSS) while printing 100 pages', peakRss / 1e6, 'MB', 500),
      // bounded by pages in flight, not by page count: the peak hardly moves after page 20
      below('peak RSS growth from page 20 to page 100', (peakRss - peakAt20) / 1e6, 'MB', 50),
      atMost('100-page PDF size per page', result.bytesWritten / 100 / 1e6, 'MB', 1.5),
    ];
  } finally {
    clearInterval(sampler);
    await pool.close();
    rmSync(out, { force: true });
  }
}

export default {
  name: 'print: Ncode pattern and PDF composition',
  async run() {
    console.log(`      load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
    const many = await hundredPages(); // first, so the single-page garbage does not count
    return [
      ...(await perPage(defaultDeflater(), 'CompressionStream', 'white', whitePage)),
      ...(await perPage(defaultDeflater(), 'CompressionStream', 'dense text', textPage)),
      ...(await perPage(defaultDeflater(), 'CompressionStream', 'photo', photoPage)),
      ...(await perPage(nodeDeflater, 'Node zlib 1/2')),
      ...many,
    ];
  },
} satisfies Bench;
