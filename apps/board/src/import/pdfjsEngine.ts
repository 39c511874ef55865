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
import { PDFJS_DOCUMENT_OPTIONS } from './pdfjsOptions';

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
      ...PDFJS_DOCUMENT_OPTIONS,
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
    // Page 1 is asked for now (the first thing shown); the other pages' sizes only when wanted.
    const first = doc.getPage(1);
    first.catch(() => undefined);
    let sizes: Promise<{ widthPt: number; heightPt: number }[]> | undefined;
    const pdf: OpenPdf = {
      fingerprint: doc.fingerprints[0] ?? '',
      numPages: doc.numPages,
      pageSizesPt(onPage) {
        // All pages requested at once: the worker answers them back to back, with no round trip
        // between pages.
        let done = 0;
        const total = doc.numPages;
        sizes ??= Promise.all(
          Array.from({ length: total }, (_, i) => (i === 0 ? first : doc.getPage(i + 1))).map((p) =>
            p.then((page) => {
              onPage?.(++done, total);
              return page;
            }),
          ),
        ).then((pages) =>
          pages.map((p) => {
            const vp = p.getViewport({ scale: 1 });
            return { widthPt: vp.width, heightPt: vp.height };
          }),
        );
        return sizes;
      },
      async metadata() {
        const { info, metadata } = await doc.getMetadata();
        const xmp: unknown = metadata?.getRaw();
        return {
          info: typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : {},
          ...(typeof xmp === 'string' ? { xmp } : {}),
        };
      },
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
