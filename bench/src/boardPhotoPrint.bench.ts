/**
 * Board print of photo pages in Chromium (issue 12, item 18): the board's whole print flow
 * (`printBoard`: pdf.js page render at 300 dpi on the main thread, the module print worker of
 * `@dotink/print-web` composing with the browser's native OffscreenCanvas JPEG encoder, the PDF
 * streamed back) on a PDF whose every page is a full-page photo-like JPEG (smooth colour fields
 * with grain, as the Node photo page of print.bench.ts, at 300 dpi). Budgets: ≤ 0.5 s a page
 * (wall, and CPU time of every Chromium process), ≤ 1.5 MB a printed page (print.bench.ts).
 * The machine is shared: the load average is printed beside the figures. A third, traced print
 * (other code pages) prints the CPU time by thread: the page's main thread (pdf.js drawing, read
 * back), the pdf.js worker (parsing, image decoding), the print worker (colour, JPEG, dots, PDF)
 * and the rest (browser, compositing, thread pools). Then each step of the print worker is timed
 * alone on one rendered page (least of 4, wall). With DOTINK_PRINT_PROFILE=1 the traced print also
 * samples the CPU and prints the top functions of the print worker and the main thread.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeJpeg } from '@dotink/print';
import { build } from 'esbuild';
import { PDFDocument } from 'pdf-lib';
import { callBench, type HarnessPage, openHarness } from '../browser/harness';
import type { PhotoPrintResult, StepTimes } from '../browser/pages/boardPhotoPrint';
import { atMost, type Bench, type Figure } from './budget';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const sharedDir = process.env.DOTINK_SHARED_DIR ?? resolve(repo, '..', 'shared');
const BOOK = 's3-o27-b1068';
const PAGES = 6;
const FIRST_CODE = 1;

/** A photo-like A4 picture at 300 dpi (RGB): smooth colour fields and grain everywhere. */
function photoJpeg(): { jpeg: Uint8Array; width: number; height: number } {
  const width = 2480;
  const height = 3508;
  const rgb = new Uint8Array(width * height * 3);
  let s = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const grain = (s >>> 28) - 8;
      const i = (y * width + x) * 3;
      rgb[i] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(x / 97) * Math.cos(y / 131) + grain));
      rgb[i + 1] = Math.max(0, Math.min(255, 128 + 90 * Math.sin((x + y) / 173) + grain));
      rgb[i + 2] = Math.max(0, Math.min(255, 128 + 80 * Math.cos(x / 59 - y / 211) + grain));
    }
  }
  const jpeg = encodeJpeg({ data: rgb, width, height, bytesPerPixel: 3, channels: [0, 1, 2], quality: 85 });
  return { jpeg, width, height };
}

/** A PDF of `pages` A4 pages, each covered by the photo. */
export async function photoPdf(pages: number): Promise<Uint8Array> {
  const { jpeg } = photoJpeg();
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(jpeg);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return doc.save();
}

/** `@dotink/print-web`'s print worker as one ES module (what Vite makes of it for the apps). */
export async function printWorkerBundle(): Promise<Uint8Array> {
  const out = await build({
    entryPoints: [join(repo, 'packages', 'print-web', 'src', 'print.worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    minify: process.env.DOTINK_PRINT_PROFILE !== '1', // names in the profile
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.contents;
}

/** The code pages a print on `first…first + n − 1` fetches, at their server paths. */
export function codePageFiles(first: number, n: number): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (let p = first; p < first + n; p++) {
    files.set(
      `/ncode_data/${BOOK}/${BOOK}-p${p}.code.gz`,
      new Uint8Array(readFileSync(join(sharedDir, 'data', 'ncode', 'code', BOOK, `${BOOK}-p${p}.code.gz`))),
    );
  }
  return files;
}

/** CPU seconds used so far by every process of the browser (CDP SystemInfo). */
export async function browserCpuSeconds(h: HarnessPage): Promise<number> {
  const cdp = await h.browser.newBrowserCDPSession();
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { cpuTime: number }[] };
    return info.processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
  } finally {
    await cdp.detach();
  }
}

/** A Chrome trace event (the fields read here). */
interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly cat: string;
  readonly tid: number;
  readonly id?: string;
  readonly tdur?: number;
  readonly args?: {
    data?: { url?: string; workerThreadId?: number; cpuProfile?: ProfileChunk; timeDeltas?: number[] };
  };
}

/** A piece of a sampled CPU profile in a trace (`ProfileChunk` events). */
interface ProfileChunk {
  readonly nodes?: { id: number; callFrame: { functionName: string; url?: string; lineNumber?: number } }[];
  readonly samples?: number[];
}

/**
 * Self time (ms) by function of the sampled CPU profile of thread `tid` in a trace (category
 * `disabled-by-default-v8.cpu_profiler`): where the print worker's time goes, function by function.
 */
function selfTimeByFunction(events: readonly TraceEvent[], tid: number): Map<string, number> {
  const names = new Map<string, string>();
  const out = new Map<string, number>();
  // the samples come on a sampler thread, under the id of the thread's `Profile` event
  const id = events.find((e) => e.name === 'Profile' && e.tid === tid)?.id;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id !== id) continue;
    const chunk = e.args?.data?.cpuProfile;
    for (const n of chunk?.nodes ?? []) {
      const file = n.callFrame.url?.split('/').pop() ?? '';
      names.set(
        `${e.id}:${n.id}`,
        `${n.callFrame.functionName || '(anonymous)'} ${file}:${(n.callFrame.lineNumber ?? -1) + 1}`,
      );
    }
    const deltas = e.args?.data?.timeDeltas ?? [];
    (chunk?.samples ?? []).forEach((node, i) => {
      const name = names.get(`${e.id}:${node}`) ?? `node ${node}`;
      out.set(name, (out.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
    });
  }
  return out;
}

/** With DOTINK_PRINT_PROFILE=1 the traced print also samples the CPU: its top functions are printed. */
const PROFILE = process.env.DOTINK_PRINT_PROFILE === '1';

/**
 * Where the CPU of `print()` goes: thread CPU time of the top-level tasks of each thread while it
 * runs (Chrome tracing), per worker script (pdf.js, the print worker), the page's main thread
 * and the rest, in ms.
 */
export async function cpuByThread(
  h: HarnessPage,
  print: () => Promise<unknown>,
): Promise<Map<string, number>> {
  const path = join(mkdtempSync(join(tmpdir(), 'dotink-trace-')), 'trace.json');
  try {
    await h.browser.startTracing(h.page, {
      path,
      categories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        '__metadata',
        ...(PROFILE ? ['disabled-by-default-v8.cpu_profiler', 'v8'] : []),
      ],
    });
    await print();
    await h.browser.stopTracing();
    const trace = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] };
    const names = new Map<number, string>();
    for (const e of trace.traceEvents) {
      const d = e.args?.data;
      if (e.name === 'TracingSessionIdForWorker' && d?.url && d.workerThreadId !== undefined)
        names.set(d.workerThreadId, d.url.endsWith('/printWorker.js') ? 'print worker' : 'pdf.js worker');
      if (
        e.ph === 'M' &&
        e.name === 'thread_name' &&
        (e.args as { name?: string })?.name === 'CrRendererMain'
      )
        names.set(e.tid, 'main thread');
    }
    if (PROFILE) {
      for (const [tid, name] of names) {
        if (name !== 'print worker' && name !== 'main thread') continue;
        const top = [...selfTimeByFunction(trace.traceEvents, tid)].sort((a, b) => b[1] - a[1]).slice(0, 18);
        console.log(
          `  (${name}, sampled self time, ms: ${top.map(([f, v]) => `${f} ${v.toFixed(0)}`).join('; ')})`,
        );
      }
    }
    const ms = new Map<string, number>();
    for (const e of trace.traceEvents) {
      if (e.ph !== 'X' || e.cat !== 'toplevel' || e.tdur === undefined) continue;
      const key = names.get(e.tid) ?? 'other threads';
      ms.set(key, (ms.get(key) ?? 0) + e.tdur / 1000);
    }
    return ms;
  } finally {
    rmSync(dirname(path), { recursive: true, force: true });
  }
}

const bench: Bench = {
  name: 'Board print of photo pages in Chromium (issue 12, item 18)',
  async run(): Promise<Figure[]> {
    const files = new Map<string, Uint8Array>([
      ['/photo.pdf', await photoPdf(PAGES)],
      ['/printWorker.js', await printWorkerBundle()],
      ...codePageFiles(FIRST_CODE, 2 * PAGES + 1),
    ]);
    const h = await openHarness('boardPhotoPrint.ts', files);
    try {
      // warm-up: pdf.js, the worker module (kept for the next print, as the board keeps it) and
      // the code pages' first use, on a code page of its own (no dot mask of the measured print cached)
      await callBench<PhotoPrintResult>(h, 'printPhoto', { pages: 1, firstCode: FIRST_CODE + 2 * PAGES });
      const cpu0 = await browserCpuSeconds(h);
      const r = await callBench<PhotoPrintResult>(h, 'printPhoto', { pages: PAGES, firstCode: FIRST_CODE });
      const cpu = (await browserCpuSeconds(h)) - cpu0;
      // the worker's share: the same print with one pdf.js render copied to every page
      const cpu1 = await browserCpuSeconds(h);
      const reused = await callBench<PhotoPrintResult>(h, 'printPhoto', {
        pages: PAGES,
        firstCode: FIRST_CODE,
        reuseRender: true,
        // the measured print's codes again: a new worker, whose dot-mask cache is empty
        freshWorker: true,
      });
      const cpuReused = (await browserCpuSeconds(h)) - cpu1;
      if (r.status !== 'complete' || r.pages !== PAGES)
        throw new Error(`the print did not complete: ${r.status} ${r.failure ?? ''}`);
      if (h.errors.length > 0) throw new Error(`page errors: ${h.errors.join('; ')}`);
      // where the CPU goes, on a traced print of other code pages (tracing costs CPU itself)
      const byThread = await cpuByThread(h, () =>
        callBench<PhotoPrintResult>(h, 'printPhoto', { pages: PAGES, firstCode: FIRST_CODE + PAGES }),
      );
      // each step of the print worker alone, on one rendered page (what the whole-flow figures are made of)
      const steps = await callBench<StepTimes>(h, 'printSteps', { code: FIRST_CODE, runs: 4 });
      const [l1, l5] = loadavg();
      console.log(
        `  (${PAGES} photo pages; pdf.js render + read-back ${(r.renderMs / PAGES / 1000).toFixed(2)} s/page (main thread, wall); without pdf.js (one render copied): ${(cpuReused / PAGES).toFixed(2)} s CPU/page, ${(reused.ms / PAGES / 1000).toFixed(2)} s/page; load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} on a shared machine)`,
      );
      const threads = ['main thread', 'pdf.js worker', 'print worker', 'other threads'];
      console.log(
        `  (CPU by thread, traced print, ms/page: ${threads.map((t) => `${t} ${((byThread.get(t) ?? 0) / PAGES).toFixed(0)}`).join(', ')})`,
      );
      console.log(
        `  (print steps alone, ms (least of 4, wall): ${Object.entries(steps)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
          .join(', ')})`,
      );
      return [
        atMost(
          'board print, A4 photo page, whole flow in Chromium (wall/page)',
          r.ms / 1000 / PAGES,
          's',
          0.5,
        ),
        atMost('board print, A4 photo page: CPU time, all Chromium processes/page', cpu / PAGES, 's', 0.5),
        atMost('board print, printed A4 photo page size', r.pdfBytes / PAGES / 1e6, 'MB', 1.5),
      ];
    } finally {
      await h.close();
    }
  },
};

export default bench;
