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
import {
  isContinuousTone,
  pureJpegEncoder,
  readCodePageAsync,
  renderPattern,
  rgbaToNoTonerCmykInPlace,
  streamDeflate,
} from '@dotink/print';
import {
  browserCanvasFactory,
  keptPrintWorkers,
  type PortLike,
  type PrintWorkerHandle,
  platformJpegEncoder,
  pooledCanvasFactory,
} from '@dotink/print-web';
import { zlibSync } from 'fflate';
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

// as the board does (boardPrintAdapters.ts): a finished print's worker serves the next print
const newWorker = (): PrintWorkerHandle => {
  const worker = new Worker('/printWorker.js', { type: 'module', name: 'dotink-print' });
  return { port: worker as unknown as PortLike, terminate: () => worker.terminate() };
};
const startWorker = keptPrintWorkers(newWorker);

/**
 * Prints `pages` photo pages. With `reuseRender`, pdf.js renders page 1 once and every page gets
 * a copy of it (the worker's share of the cost, without pdf.js).
 */
async function printPhoto(arg: {
  pages: number;
  firstCode: number;
  reuseRender?: boolean;
  /** A new worker for this print (none kept from an earlier one, so no dot mask cached either). */
  freshWorker?: boolean;
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
    // as the board does (boardPrintAdapters.ts)
    createCanvas: pooledCanvasFactory(browserCanvasFactory),
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
      startWorker: arg.freshWorker ? newWorker : startWorker,
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

/** Milliseconds of each print step of one photo page (the least of `runs`), run here (same engine as the print worker). */
export type StepTimes = Record<string, number>;

/**
 * Times the print worker's steps one by one on page 1 of the photo PDF (rendered once): colour
 * conversion, the continuous-tone test, the native and the pure JPEG encoders, reading a code
 * page, drawing its dots and deflating the mask (CompressionStream and fflate levels).
 */
async function printSteps(arg: { code: number; runs: number }): Promise<StepTimes> {
  const bytes = new Uint8Array(await (await fetch('/photo.pdf')).arrayBuffer());
  const doc = await pdfjs.getDocument({ data: bytes, ...PDFJS_DOCUMENT_OPTIONS }).promise;
  const pages = boardPages(1);
  const render = boardPageRenderer({
    pages: () => pages,
    pdfPage: async (_pdfId, pageNo) => doc.getPage(pageNo),
    createCanvas: browserCanvasFactory,
  });
  const raster = (await render(1))!;
  await doc.destroy();
  const codeGz = new Uint8Array(
    await (await fetch(`/ncode_data/s3-o27-b1068/s3-o27-b1068-p${arg.code}.code.gz`)).arrayBuffer(),
  );
  const totals: StepTimes = {};
  const time = async <T>(name: string, f: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await f();
    totals[name] = Math.min(totals[name] ?? Number.POSITIVE_INFINITY, performance.now() - t0);
    return out;
  };
  const native = platformJpegEncoder();
  for (let i = 0; i < arg.runs; i++) {
    const rgba = await time('copy of the raster (35 MB)', () => new Uint8Array(raster.rgba));
    await time('colour conversion', () => rgbaToNoTonerCmykInPlace(rgba));
    await time('continuous-tone test', () => isContinuousTone(rgba, raster.widthPx, raster.heightPx));
    const keep = rgba.slice();
    // the native encoder's parts: opaque alpha, putImageData, the encoding itself
    const px = new Uint8ClampedArray(keep.slice().buffer);
    await time('  native: alpha set', () => {
      for (let j = 3; j < px.length; j += 4) px[j] = 255;
    });
    const canvas = new OffscreenCanvas(raster.widthPx, raster.heightPx);
    const ctx = canvas.getContext('2d')!;
    await time('  native: putImageData', () =>
      ctx.putImageData(new ImageData(px, raster.widthPx, raster.heightPx), 0, 0),
    );
    await time('  native: convertToBlob', () => canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 }));
    await time('JPEG, native (OffscreenCanvas)', () => native(rgba, raster.widthPx, raster.heightPx, 80));
    await time('JPEG, pure (jpeg.ts)', () => pureJpegEncoder(keep, raster.widthPx, raster.heightPx, 80));
    const code = await time('code page read (gunzip + check)', () => readCodePageAsync(codeGz));
    const mask = await time('dots drawn (renderPattern)', () => renderPattern(code, 4961, 7016));
    await time('dots deflate, CompressionStream', () => streamDeflate(mask.bits));
    for (const level of [1, 3] as const)
      await time(`dots deflate, fflate level ${level}`, () => zlibSync(mask.bits, { level }));
  }
  return totals;
}

(globalThis as unknown as { bench: Record<string, unknown> }).bench.printSteps = printSteps;
