/**
 * Printing a POD material with the Ncode pattern (classroom.md §4, §8; no UI): get the material
 * (the print-material lookup: the PDF's address and the `.nproj`), prepare (download the PDF,
 * open it with pdf.js, read the code pages from the `.nproj`: PDF page i on its issued code page
 * `startPage + i − 1`), render page by page in `@dotink/print-web`'s print worker (progress;
 * cancel at once, the worker is stopped), then hand the PDF to the browser's own PDF print.
 *
 * Failures (§8): the lookup's message and HTTP code; the attachment codes 1001/1002/1003 when
 * the PDF cannot be downloaded; 'Could not download the print code from the server' when a code
 * page cannot be fetched; otherwise 'Error during printing. Printing was stopped. (reason)'.
 */
import type { PrintMaterialData, PrintMaterialQuery, Textbook } from '@dotink/contracts/eduLectures';
import { DEFAULT_RENDER_DPI } from '@dotink/ncode';
import type { PrintSettings } from '@dotink/print';
import {
  type CanvasFactory,
  type HandOffResult,
  type PrintablePdfPage,
  PrintJobError,
  type PrintWorkerHandle,
  renderPdfPageRaster,
  runPrintInWorker,
} from '@dotink/print-web';
import { AttachmentError, type AttachmentErrorCode } from '../../../api/materialPrint';
import { materialCodeRange, materialCodes } from './materialCodes';

export { AttachmentError, type AttachmentErrorCode };

/** An open PDF as the flow needs it (pdf.js). */
export interface PrintablePdf {
  readonly fingerprint: string;
  readonly numPages: number;
  page(pageNo: number): Promise<PrintablePdfPage>;
  destroy(): void;
}

/** What the flow needs from its surroundings. */
export interface MaterialPrintDeps {
  /** The print-material lookup (throws the call layer's error with status and message). */
  lookup(query: PrintMaterialQuery): Promise<PrintMaterialData>;
  /** Downloads the material's PDF (throws {@link AttachmentError}). */
  download(uri: string): Promise<Uint8Array>;
  openPdf(bytes: Uint8Array): Promise<PrintablePdf>;
  readonly createCanvas: CanvasFactory;
  startWorker(): PrintWorkerHandle;
  /** Prints the PDF (or downloads it where the browser cannot print PDFs itself). */
  handOff(pdf: Blob, fileName: string): Promise<HandOffResult>;
  /** Where code pages (`ncode_data/…`) come from; '' = same origin. */
  readonly serverUrl: string;
  nowMs(): number;
  /** Default 300 (classroom.md §9: page render 300 dpi). */
  readonly dpi?: number;
  /** Pages composed at once in the worker (default 2: the next page renders while one composes). */
  readonly concurrency?: number;
}

/** Where the print is. */
export type MaterialPrintStage =
  | { readonly stage: 'getting' }
  | { readonly stage: 'preparing' }
  | { readonly stage: 'rendering'; readonly done: number; readonly total: number }
  | { readonly stage: 'printing' };

/** Why a print stopped. */
export type MaterialPrintFailure =
  | {
      readonly kind: 'lookup';
      readonly status: number;
      /** What failed: the call layer's error, shown by its catalogue key (never the server's text). */
      readonly error: unknown;
    }
  | { readonly kind: 'attachment'; readonly code: AttachmentErrorCode }
  | { readonly kind: 'codes' }
  | { readonly kind: 'job'; readonly reason: string };

/** The end of a print. */
export interface MaterialPrintOutcome {
  readonly status: 'complete' | 'cancelled' | 'failed';
  readonly failure?: MaterialPrintFailure;
  /** The printed PDF (complete prints). */
  readonly pdf?: Blob;
  readonly fileName?: string;
  /** Pages printed (complete prints). */
  readonly pages?: number;
  /** The browser could not print the PDF itself: it was downloaded to print at 100 %. */
  readonly downloaded?: boolean;
}

/** The print settings of a material: plain paper with the pattern, A4 unless the PDF says otherwise. */
export const MATERIAL_PRINT_SETTINGS: PrintSettings = {
  paperChoice: 'plainPaper',
  paperSize: 'A4',
  density: 'normal',
  outline: false,
};

/** The printed file's name from the material's PDF name. */
export function printFileName(originalName: string): string {
  const base =
    originalName
      .replace(/\.pdf$/i, '')
      .replace(/[\\/:*?"<>|]+/g, '_')
      .trim() || 'material';
  return `${base}-print.pdf`;
}

class Cancelled extends Error {}

/** The lookup's failure: its status, and the error the call layer threw (shown by its key). */
const lookupFailure = (e: unknown): MaterialPrintFailure => {
  const status = (e as { status?: unknown } | undefined)?.status;
  return { kind: 'lookup', status: typeof status === 'number' ? status : 0, error: e };
};

/** Prints `textbook`. Never throws: every failure is an outcome. */
export async function printMaterial(
  deps: MaterialPrintDeps,
  textbook: Textbook,
  events: { readonly onStage?: (s: MaterialPrintStage) => void; readonly signal?: AbortSignal } = {},
): Promise<MaterialPrintOutcome> {
  const { signal } = events;
  const cancelled = (): MaterialPrintOutcome => ({ status: 'cancelled' });
  const failed = (failure: MaterialPrintFailure): MaterialPrintOutcome => ({ status: 'failed', failure });
  /** Waits for `p`, or stops at once when the user cancels. */
  const orCancel = <T>(p: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(new Cancelled());
      const onAbort = () => reject(new Cancelled());
      signal?.addEventListener('abort', onAbort, { once: true });
      p.then(resolve, reject).finally(() => signal?.removeEventListener('abort', onAbort));
    });

  // get the material
  events.onStage?.({ stage: 'getting' });
  let material: PrintMaterialData;
  try {
    material = await orCancel(
      deps.lookup({
        section: String(textbook.section),
        owner: String(textbook.owner),
        book: String(textbook.book),
        pageStart: String(textbook.ncodeStartPage),
      }),
    );
  } catch (e) {
    return e instanceof Cancelled ? cancelled() : failed(lookupFailure(e));
  }

  // prepare: the PDF and its code pages
  events.onStage?.({ stage: 'preparing' });
  if (!material.pdfRet.downloadUri) return failed({ kind: 'attachment', code: 1002 });
  let pdf: PrintablePdf;
  try {
    const bytes = await orCancel(deps.download(material.pdfRet.downloadUri));
    pdf = await orCancel(deps.openPdf(bytes));
  } catch (e) {
    if (e instanceof Cancelled) return cancelled();
    if (e instanceof AttachmentError) return failed({ kind: 'attachment', code: e.code });
    return failed({ kind: 'job', reason: e instanceof Error ? e.message : String(e) });
  }
  const fileName = printFileName(material.pdfRet.originalName);
  const worker = deps.startWorker();
  try {
    let codes: ReturnType<typeof materialCodes>;
    try {
      codes = materialCodes(materialCodeRange(textbook, material.nproj_xml), pdf.numPages);
    } catch (e) {
      return failed({ kind: 'job', reason: e instanceof Error ? e.message : String(e) });
    }
    if (codes.length === 0) return failed({ kind: 'codes' });
    const pages = codes.map((_, i) => i + 1);
    const dpi = deps.dpi ?? DEFAULT_RENDER_DPI;

    // render page by page in the worker, then hand off
    const chunks: Uint8Array[] = [];
    let printed: Blob | undefined;
    let downloaded = false;
    events.onStage?.({ stage: 'rendering', done: 0, total: pages.length });
    const job = runPrintInWorker(
      worker.port,
      {
        settings: MATERIAL_PRINT_SETTINGS,
        document: {
          fingerprint: pdf.fingerprint,
          filename: material.pdfRet.originalName,
          title: textbook.title,
          numPages: pdf.numPages,
        },
        pages,
        codes,
        serverUrl: deps.serverUrl,
        outputName: fileName,
        createdAtMs: deps.nowMs(),
        concurrency: deps.concurrency ?? 2,
      },
      {
        renderPage: async (pageNo, renderSignal) =>
          renderPdfPageRaster(await pdf.page(pageNo), dpi, deps.createCanvas, renderSignal),
        onChunk: (bytes) => chunks.push(bytes),
        onProgress: (p) => {
          if (p.state === 'processing' || p.state === 'preparing')
            events.onStage?.({ stage: 'rendering', done: p.pagesDone, total: p.pagesTotal });
          else if (p.state === 'waitingForPrint') events.onStage?.({ stage: 'printing' });
        },
        handOff: async () => {
          printed = new Blob(chunks as BlobPart[], { type: 'application/pdf' });
          chunks.length = 0;
          downloaded = (await deps.handOff(printed, fileName)) === 'downloaded';
        },
        ...(signal ? { signal } : {}),
      },
    );
    // When a cancel wins the race below, the job's own failure is no longer awaited: mark it
    // handled (not an unhandled rejection). Every other failure reaches the user through the catch.
    job.catch(() => undefined);
    let result: Awaited<typeof job>;
    try {
      result = await orCancel(job);
    } catch (e) {
      if (e instanceof Cancelled) return cancelled();
      if (e instanceof PrintJobError && e.name === 'MissingCodePageError') return failed({ kind: 'codes' });
      if (e instanceof PrintJobError && e.name === 'AbortError') return cancelled();
      return failed({ kind: 'job', reason: e instanceof Error ? e.message : String(e) });
    }
    if (result.status === 'cancelled') return cancelled();
    return {
      status: 'complete',
      ...(printed ? { pdf: printed } : {}),
      fileName,
      pages: result.pageCount,
      ...(downloaded ? { downloaded } : {}),
    };
  } finally {
    // a cancelled print stops here at once: the worker is ended mid-page
    worker.terminate();
    pdf.destroy();
  }
}
