/**
 * The material print wired to the browser (loaded on demand with the first print, so pdf.js and
 * the print runtime stay out of the textbook page's chunk): pdf.js opens the material's PDF, the
 * print worker, canvas and hand-off come from `@dotink/print-web`.
 */
import { browserCanvasFactory, createPrintWorker, printOrDownloadPdf } from '@dotink/print-web';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { Services } from '../../../lib/services';
import type { MaterialPrintDeps, PrintablePdf } from './materialPrintFlow';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export { printMaterial } from './materialPrintFlow';

/** Opens a PDF with pdf.js. */
async function openPdf(bytes: Uint8Array): Promise<PrintablePdf> {
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
  return {
    fingerprint: doc.fingerprints[0] ?? '',
    numPages: doc.numPages,
    page: (n) => doc.getPage(n),
    destroy: () => void doc.destroy(),
  };
}

/**
 * The flow's dependencies in the classroom app; `printClosed` ends the wait for the browser's
 * print dialog (the user's 'Done': browsers do not always say that it closed).
 */
export function browserMaterialPrintDeps(
  services: Pick<Services, 'api' | 'session'>,
  printClosed?: AbortSignal,
): MaterialPrintDeps {
  return {
    lookup: (q) => services.api.printMaterial(q),
    download: (uri) => services.api.materialPdf(uri),
    openPdf,
    createCanvas: browserCanvasFactory,
    startWorker: createPrintWorker,
    handOff: (pdf, fileName) => printOrDownloadPdf(pdf, fileName, printClosed),
    serverUrl: '',
    nowMs: () => Date.now(),
  };
}
