/**
 * The print flow wired to the running board app: the open board session as the print target
 * (page records through the session, the ink of a page moved along when its Ncode page changes,
 * print records in the board database's metadata), pages
 * rendered from the board's open PDFs, the Vite-bundled print worker, the browser's print dialog,
 * and registration taps from the board's pen manager (the pens are detached from the board while
 * registering, so taps are not stored as ink and do not create pages).
 */

import {
  blankRaster,
  browserCanvasFactory,
  createPrintWorker,
  keptPrintWorkers,
  pooledCanvasFactory,
  renderPdfPageRaster,
} from '@dotink/print-web';
import type { BoardApp } from '../app/boardApp';
import type { BoardSession } from '../model/boardSession';
import { inkMoves, moveInk } from './inkMove';
import { boardPageRenderer } from './pageRaster';
import type { BoardPrintTarget, PrintAuth, PrintFlowDeps } from './printFlow';
import { browserHandOff } from './printHandOff';
import { penManagerTaps, type TapSource } from './registrationFlow';

/** No sign-in: codes cannot be requested (pre-printed paper and reprints still print). */
export const signedOut: PrintAuth = { serverUrl: '', accessToken: async () => undefined };

/** The open board as the print target. */
export function sessionPrintTarget(app: BoardApp, session: BoardSession): BoardPrintTarget {
  const meta = app.deps.repo.db.meta;
  return {
    boardId: session.board.id,
    title: session.board.title,
    pages: () => session.pages,
    pdfs: () => session.pdfs,
    async replacePages(pages) {
      // the ink already on a page follows it to its new Ncode page
      moveInk(session.store, inkMoves(session.pages, pages));
      await session.updatePages(pages);
    },
    loadMeta: async (key) => (await meta.get(key))?.value,
    saveMeta: async (key, value) => {
      await meta.put({ key, value });
    },
  };
}

/** The board's print workers: a finished print's worker serves the next print for a while. */
const boardPrintWorkers = keptPrintWorkers(createPrintWorker);

/** The print flow's dependencies in the board app. */
export function boardPrintDeps(
  app: BoardApp,
  session: BoardSession,
  auth: PrintAuth = signedOut,
): PrintFlowDeps {
  const render = boardPageRenderer({
    pages: () => session.pages,
    pdfPage: async (pdfId, pageNo) => {
      const pdf = session.pdfs.find((p) => p.id === pdfId);
      if (!pdf) throw new Error(`the board has no PDF ${pdfId}`);
      return (await app.pdfs.get(pdf)).page(pageNo);
    },
    // one 35 MB canvas a page is drawn again instead of allocated anew (dropped when idle)
    createCanvas: pooledCanvasFactory(browserCanvasFactory),
  });
  return {
    target: sessionPrintTarget(app, session),
    auth,
    renderPage: (pageNo, signal) => render(pageNo, signal),
    // one worker kept warm (30 s) for the next print: its code is compiled and optimised
    startWorker: boardPrintWorkers,
    handOff: browserHandOff,
    // the next page renders here while the worker composes the current one
    concurrency: 2,
    nowMs: app.deps.nowMs,
  };
}

/** Pen taps for registration from the board's pens. */
export function boardTaps(app: BoardApp, session: BoardSession): TapSource {
  const pens = app.deps.pens;
  return penManagerTaps(pens.manager, () => {
    pens.setSession(undefined);
    return () => {
      if (app.session === session) pens.setSession(session);
    };
  });
}

/** A small picture of a board page (for the registration dialog), as a data URL. */
export async function boardPageImage(
  app: BoardApp,
  session: BoardSession,
  pageNo: number,
): Promise<string | undefined> {
  const page = session.pages[pageNo - 1];
  if (!page) return undefined;
  const raster =
    page.source.kind === 'pdf'
      ? await (async () => {
          const { pdfId, pageNo: n } = page.source as { pdfId: string; pageNo: number };
          const pdf = session.pdfs.find((p) => p.id === pdfId);
          if (!pdf) return undefined;
          return renderPdfPageRaster(await (await app.pdfs.get(pdf)).page(n), 24, browserCanvasFactory);
        })()
      : blankRaster(page.sizePt.widthPt, page.sizePt.heightPt);
  if (!raster || raster.widthPx < 2) return undefined;
  const canvas = document.createElement('canvas');
  canvas.width = raster.widthPx;
  canvas.height = raster.heightPx;
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  ctx.putImageData(new ImageData(new Uint8ClampedArray(raster.rgba), raster.widthPx, raster.heightPx), 0, 0);
  return canvas.toDataURL('image/png');
}
