/**
 * The pdf.js (pdfjs-dist 5.6) implementation of {@link PdfEngine}, with its worker served by Vite.
 */
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import {
  type AskPdfPassword,
  type OpenPdf,
  PdfCancelledError,
  type PdfEngine,
  PdfInvalidError,
} from './pdfEngine';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** pdf.js's password reasons: 1 = a password is needed, 2 = the one given was wrong. */
const INCORRECT_PASSWORD = 2;

export const pdfjsEngine: PdfEngine = {
  async open(bytes: Uint8Array, askPassword: AskPdfPassword, knownPassword?: string) {
    let password = knownPassword;
    let cancelled = false;
    const task = pdfjs.getDocument({
      data: bytes.slice(),
      ...(knownPassword !== undefined ? { password: knownPassword } : {}),
      isEvalSupported: false,
    });
    task.onPassword = (update: (pw: string) => void, reason: number) => {
      askPassword(reason === INCORRECT_PASSWORD).then(
        (pw) => {
          if (pw === undefined) {
            cancelled = true;
            void task.destroy();
          } else {
            password = pw;
            update(pw);
          }
        },
        () => {
          cancelled = true;
          void task.destroy();
        },
      );
    };
    let doc: pdfjs.PDFDocumentProxy;
    try {
      doc = await task.promise;
    } catch (error) {
      if (cancelled) throw new PdfCancelledError();
      throw new PdfInvalidError(error);
    }
    const pageSizesPt: { widthPt: number; heightPt: number }[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const vp = (await doc.getPage(n)).getViewport({ scale: 1 });
      pageSizesPt.push({ widthPt: vp.width, heightPt: vp.height });
    }
    const pdf: OpenPdf = {
      fingerprint: doc.fingerprints[0] ?? '',
      numPages: doc.numPages,
      pageSizesPt,
      page: (pageNo) => doc.getPage(pageNo),
      async renderPng(pageNo, scale) {
        const page = await doc.getPage(pageNo);
        const vp = page.getViewport({ scale });
        const canvas = document.createElement('canvas');
        canvas.width = Math.ceil(vp.width);
        canvas.height = Math.ceil(vp.height);
        await page.render({ canvas, viewport: vp }).promise;
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
        if (!blob) throw new Error('page rendering failed');
        return new Uint8Array(await blob.arrayBuffer());
      },
      destroy: () => doc.destroy(),
    };
    return password === undefined ? { pdf } : { pdf, password };
  },
};
