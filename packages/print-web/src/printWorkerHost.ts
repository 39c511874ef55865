/**
 * The worker side of the print protocol (see workerProtocol.ts): runs `@dotink/print`'s job for
 * each `start`, asking the main thread for rendered pages and streaming the PDF back. It needs no
 * DOM, so the same code serves the Vite-bundled worker (print.worker.ts) and Node tests (over a
 * `MessageChannel`).
 */
import type { PageAddress } from '@dotink/ncode';
import {
  type ContentJpegEncoder,
  type ContentRaster,
  type Deflater,
  DotsCache,
  type PrintJobOptions,
  runPrintJob,
} from '@dotink/print';
import { type CodePageLoader, codePageLoader } from './codePages';
import type { FromWorker, PortLike, ToWorker, WorkerJob } from './workerProtocol';

/** What the worker side may be given instead of its defaults. */
export interface PrintWorkerDeps {
  /** Loads a code page (default: fetch from the job's server, see codePages.ts). */
  readonly loadCodePage?: (job: WorkerJob) => CodePageLoader;
  readonly deflate?: Deflater;
  /** Encodes continuous-tone content as JPEG (default: `@dotink/print`'s own encoder). */
  readonly jpeg?: ContentJpegEncoder;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Serves print jobs on `port` until `stop` is called. */
export function servePrintJobs(port: PortLike, deps: PrintWorkerDeps = {}): () => void {
  const post = (m: FromWorker, transfer?: Transferable[]) => port.postMessage(m, transfer);
  const renders = new Map<
    number,
    { resolve: (r: ContentRaster | undefined) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let abort: AbortController | undefined;
  let handOff: { resolve: () => void; reject: (e: Error) => void } | undefined;
  // deflated dot masks of the code pages printed so far: a reprint skips drawing them again
  const dotsCache = new DotsCache();

  const run = async (job: WorkerJob) => {
    const controller = new AbortController();
    abort = controller;
    const load =
      deps.loadCodePage?.(job) ?? codePageLoader({ serverUrl: job.serverUrl, urls: job.codeUrls ?? {} });
    const options: PrintJobOptions = {
      settings: job.settings,
      document: job.document,
      pages: job.pages,
      ...(job.codes ? { codes: job.codes } : {}),
      ...(job.outputName ? { outputName: job.outputName } : {}),
      ...(job.createdAtMs !== undefined ? { createdAt: new Date(job.createdAtMs) } : {}),
      ...(job.concurrency ? { concurrency: job.concurrency } : {}),
      ...(deps.deflate ? { deflate: deps.deflate } : {}),
      ...(deps.jpeg ? { jpeg: deps.jpeg } : {}),
      dotsCache,
      signal: controller.signal,
      renderPage: (pdfPageNo) =>
        new Promise<ContentRaster | undefined>((resolve, reject) => {
          const id = nextId++;
          renders.set(id, { resolve, reject });
          post({ type: 'render', id, pdfPageNo });
        }),
      loadCodePage: (address: PageAddress) => load(address),
      write: (chunk) => {
        const copy = chunk.slice();
        post({ type: 'chunk', bytes: copy }, [copy.buffer]);
      },
      onProgress: (progress) => post({ type: 'progress', progress }),
      onPage: (mapping) => post({ type: 'page', mapping }),
      handOff: () =>
        new Promise<void>((resolve, reject) => {
          handOff = { resolve, reject };
          post({ type: 'handOff' });
        }),
    };
    try {
      const result = await runPrintJob(options);
      post({ type: 'done', result });
    } catch (e) {
      post({ type: 'failed', name: e instanceof Error ? e.name : 'Error', message: errorText(e) });
    } finally {
      abort = undefined;
      handOff = undefined;
      for (const r of renders.values()) r.reject(new Error('print job ended'));
      renders.clear();
    }
  };

  const onMessage = (event: MessageEvent) => {
    const m = event.data as ToWorker;
    switch (m.type) {
      case 'start':
        void run(m.job);
        break;
      case 'rendered': {
        const r = renders.get(m.id);
        if (!r) break;
        renders.delete(m.id);
        if (m.error !== undefined) r.reject(new Error(m.error));
        else if (!m.raster) r.resolve(undefined);
        else
          r.resolve({
            rgba: new Uint8Array(m.raster.rgba),
            widthPx: m.raster.widthPx,
            heightPx: m.raster.heightPx,
            pageWidthPt: m.raster.pageWidthPt,
            pageHeightPt: m.raster.pageHeightPt,
          });
        break;
      }
      case 'handedOff':
        if (m.error !== undefined) handOff?.reject(new Error(m.error));
        else handOff?.resolve();
        handOff = undefined;
        break;
      case 'cancel':
        abort?.abort();
        // a page being rendered on the main thread will not be used
        for (const r of renders.values()) r.resolve(undefined);
        renders.clear();
        break;
    }
  };
  port.addEventListener('message', onMessage);
  port.start?.();
  return () => port.removeEventListener('message', onMessage);
}
