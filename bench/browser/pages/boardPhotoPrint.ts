/**
 * Board photo-page print harness (issue 12, item 18): the board's whole print flow
 * (`printBoard`, apps/board/src/print/printFlow.ts) on pages of a photo-like JPEG PDF — pdf.js
 * renders each page at 300 dpi on the main thread, the print worker (`@dotink/print-web`'s
 * print.worker.ts, bundled separately and served at `/printWorker.js`) composes it with the
 * browser's native OffscreenCanvas JPEG encoder, and the PDF streams back in chunks. The pages
 * already have their print codes (stored as a board's earlier print would leave them), so no
 * code request is made; the code pages come from `/ncode_data/…` like from the server.
 */
import { pageAddress } from '@dotink/ncode';
import { browserCanvasFactory, type PortLike, type PrintWorkerHandle } from '@dotink/print-web';
import * as pdfjs from 'pdfjs-dist';
import { PDFJS_DOCUMENT_OPTIONS } from '../../../apps/board/src/import/pdfjsOptions';
import { boardPageRenderer } from '../../../apps/board/src/print/pageRaster';
import { printBoard, printCodesKey } from '../../../apps/board/src/print/printFlow';
import { DEFAULT_PRINT_OPTIONS } from '../../../apps/board/src/print/printOptions';
import { boardPages } from '../../../apps/board/src/print/testPages';
import { memoryTarget } from '../../../apps/board/src/print/testTarget';

pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';

/** What one print answers. */
export interface PhotoPrintResult {
  readonly status: string;
  readonly pages: number;
  readonly ms: number;
  readonly pdfBytes: number;
  /** Main-thread time in pdf.js page renders (300 dpi, read back as RGBA), summed. */
  readonly renderMs: number;
  readonly failure?: string;
}

const startWorker = (): PrintWorkerHandle => {
  const worker = new Worker('/printWorker.js', { type: 'module', name: 'dotink-print' });
  return { port: worker as unknown as PortLike, terminate: () => worker.terminate() };
};

/**
 * Prints `pages` photo pages. With `reuseRender`, pdf.js renders page 1 once and every page gets
 * a copy of it (the worker's share of the cost, without pdf.js).
 */
async function printPhoto(arg: {
  pages: number;
  firstCode: number;
  reuseRender?: boolean;
}): Promise<PhotoPrintResult> {
  const bytes = new Uint8Array(await (await fetch('/photo.pdf')).arrayBuffer());
  const doc = await pdfjs.getDocument({ data: bytes, ...PDFJS_DOCUMENT_OPTIONS }).promise;
  const pages = boardPages(arg.pages);
  const target = memoryTarget(pages, [
    { id: 'pdf1', fileName: 'photo.pdf', fingerprint: doc.fingerprints[0] ?? 'photo', bytes },
  ]);
  // the codes an earlier print issued for these pages
  target.meta.set(printCodesKey(target.boardId), {
    version: 1,
    pagesPerSheet: 1,
    pages: Object.fromEntries(
      pages.map((p, i) => [p.id, { address: pageAddress(3, 27, 1068, arg.firstCode + i), url: '' }]),
    ),
  });
  const render = boardPageRenderer({
    pages: () => target.current,
    pdfPage: async (_pdfId, pageNo) => doc.getPage(pageNo),
    createCanvas: browserCanvasFactory,
  });
  let pdfBytes = 0;
  let renderMs = 0;
  let cached: Awaited<ReturnType<typeof render>> | undefined;
  const t0 = performance.now();
  const outcome = await printBoard(
    {
      target,
      auth: { serverUrl: '', accessToken: async () => undefined },
      renderPage: async (pageNo, signal) => {
        const r0 = performance.now();
        try {
          if (arg.reuseRender) {
            cached ??= await render(1, signal);
            return cached && { ...cached, rgba: cached.rgba.slice() };
          }
          return await render(pageNo, signal);
        } finally {
          renderMs += performance.now() - r0;
        }
      },
      startWorker,
      handOff: async (pdf) => {
        pdfBytes = pdf.size;
        return 'printed';
      },
      concurrency: 2,
      nowMs: () => Date.now(),
    },
    DEFAULT_PRINT_OPTIONS,
  );
  const ms = performance.now() - t0;
  await doc.destroy();
  return {
    status: outcome.status,
    pages: outcome.printed.length,
    ms,
    pdfBytes,
    renderMs,
    ...(outcome.failure ? { failure: JSON.stringify(outcome.failure) } : {}),
  };
}

(globalThis as unknown as { bench: unknown }).bench = { printPhoto };
