/**
 * The board's {@link PdfEngine}: pdf.js loads on the first PDF opened, not with the board
 * (it is the largest part of the app; a board without PDFs never needs it).
 */
import type { PdfEngine } from './pdfEngine';

let engine: Promise<PdfEngine> | undefined;

/** pdf.js, loaded once on first use. */
export function loadPdfjsEngine(): Promise<PdfEngine> {
  engine ??= import('./pdfjsEngine').then((m) => m.pdfjsEngine);
  // a failed load (e.g. offline before the chunk was cached) is tried again next time
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}

/** A PdfEngine that loads pdf.js on its first `open`. */
export const lazyPdfEngine: PdfEngine = {
  async open(bytes, askPassword, knownPassword) {
    return (await loadPdfjsEngine()).open(bytes, askPassword, knownPassword);
  },
};
