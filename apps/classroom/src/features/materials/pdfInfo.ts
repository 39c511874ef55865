/**
 * Reads a chosen PDF in the browser with pdf.js (pdfjs-dist, as the board does): its page
 * count, and the page sizes (pt) the code pages and the .nproj are made for.
 */
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** A page size in PDF points. */
export interface PageSizePt {
  readonly widthPt: number;
  readonly heightPt: number;
}

/** An opened PDF: its page count now, its page sizes when asked. */
export interface PdfInfo {
  readonly numPages: number;
  pageSizes(): Promise<PageSizePt[]>;
  close(): Promise<void>;
}

/** Raised when the bytes are not a PDF pdf.js can read. */
export class PdfUnreadable extends Error {
  override readonly name = 'PdfUnreadable';
}

/** Opens `bytes` (copied: pdf.js takes its buffer). */
export async function readPdfInfo(bytes: Uint8Array): Promise<PdfInfo> {
  const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false });
  let doc: pdfjs.PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    throw new PdfUnreadable(error instanceof Error ? error.message : String(error));
  }
  return {
    numPages: doc.numPages,
    async pageSizes() {
      const pages = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
      return pages.map((p) => {
        const vp = p.getViewport({ scale: 1 });
        return { widthPt: vp.width, heightPt: vp.height };
      });
    },
    close: () => doc.destroy(),
  };
}
