/**
 * The board's hand-off of a finished print (browser only): the reprint PDF is downloaded; paper
 * prints go to the browser's own PDF print, or are downloaded where the browser does not print
 * PDFs natively (`@dotink/print-web`'s `printOrDownloadPdf`: Firefox's 150-dpi pdf.js viewer,
 * phones).
 */
import { downloadBlob, type HandOffResult, printOrDownloadPdf } from '@dotink/print-web';
import type { PrintOptions } from './printOptions';

export type { HandOffResult } from '@dotink/print-web';

/**
 * The board's hand-off: print (plain or pre-printed paper) or save (reprint PDF). Where the
 * browser does not print PDFs natively, a print is downloaded too (`'downloaded'`).
 */
export async function browserHandOff(
  pdf: Blob,
  options: PrintOptions,
  fileName: string,
): Promise<HandOffResult | undefined> {
  if (options.paperChoice === 'savePdf') {
    downloadBlob(pdf, fileName);
    return undefined;
  }
  return printOrDownloadPdf(pdf, fileName);
}
