/**
 * A print job: pages are composed one by one and streamed into a PDF sink, with progress states
 * (board spec §4: preparing → processing → waiting for cancel → waiting for print to finish →
 * complete) and cancellation.
 *
 * Memory: the PDF is written incrementally by {@link PdfStreamWriter}; the job keeps only the
 * per-page mapping records (a few hundred bytes each) and, per page in flight, the content
 * raster (300 dpi A4: 35 MB, converted in place), the code page (3.2 MB), the dot mask
 * (600 dpi A4: 4.35 MB) and the compressed page (typically < 1.5 MB). With `concurrency` n at most
 * n pages are in flight, so memory is bounded by n pages whatever the page count.
 */
import { mappingId, type PageAddress, type PageMapping } from '@dotink/ncode';
import { type CodePage, readCodePageAsync } from './codeFile';
import { codePageUrlPath, MissingCodeAddressError, MissingCodePageError } from './codeSource';
import {
  type ComposedPage,
  type ContentJpegEncoder,
  type ContentRaster,
  choicePrintsPattern,
  composePage,
  type DotsCache,
  dotsCacheKey,
  type PrintSettings,
  pageSizeFor,
} from './compose';
import { type Deflater, defaultDeflater } from './deflate';
import {
  infoEntries,
  type PrintedPageMapping,
  type PrintMapping,
  pageMapping,
  printedNproj,
  toPageMappings,
  xmpPacket,
} from './mapping';
import { DEFAULT_DENSITY } from './pattern';
import { type PdfSink, PdfStreamWriter } from './pdfWriter';

/** Progress states. `cancelled` and `failed` end a job that did not complete. */
export type PrintJobState =
  | 'preparing'
  | 'processing'
  | 'waitingForCancel'
  | 'waitingForPrint'
  | 'complete'
  | 'cancelled'
  | 'failed';

/** The board's print waiting texts (board spec §8, "Print waiting"). */
export const PRINT_WAIT_MESSAGES = Object.freeze([
  'The program is running',
  'Please wait a little longer',
] as const);

/** A progress report. */
export interface PrintJobProgress {
  readonly state: PrintJobState;
  readonly pagesDone: number;
  readonly pagesTotal: number;
}

/** Cancellation: an `AbortSignal` fits. `addEventListener` lets the job react at once. */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener?(type: 'abort', listener: () => void): void;
  removeEventListener?(type: 'abort', listener: () => void): void;
}

/** One page of work (what a worker pool receives). */
export interface PageTask {
  /** 0-based index in the printed PDF. */
  readonly printedIndex: number;
  /** 1-based page number in the source document. */
  readonly pdfPageNo: number;
  /** The code page to print on it (absent on pre-printed Ncode paper). */
  readonly address?: PageAddress;
}

/** The source document. */
export interface PrintDocument {
  /** The PDF fingerprint (pdf.js `fingerprints[0]`). */
  readonly fingerprint: string;
  readonly url?: string;
  readonly filename?: string;
  readonly title?: string;
  readonly numPages: number;
}

/** What a print job needs. */
export interface PrintJobOptions {
  readonly settings: PrintSettings;
  readonly document: PrintDocument;
  /** 1-based document page numbers, in print order (see the page-range parser). */
  readonly pages: readonly number[];
  /** The issued code pages, one per entry of `pages` (needed unless the choice is `ncodeA4`). */
  readonly codes?: readonly PageAddress[];
  /** Renders a document page (~300 dpi RGBA). `undefined` = blank page. */
  readonly renderPage?: (pdfPageNo: number, signal?: CancelSignal) => Promise<ContentRaster | undefined>;
  /** Fetches a code page's `.code.gz` bytes (`ncode_data/…`); `undefined` when it does not exist. */
  readonly loadCodePage?: (address: PageAddress, signal?: CancelSignal) => Promise<Uint8Array | undefined>;
  /** Replaces the in-thread composition (e.g. a worker pool); must resolve to the same result. */
  readonly composeTask?: (task: PageTask, signal?: CancelSignal) => Promise<ComposedPage>;
  /** Pages composed at once (default 1). Memory grows with it. */
  readonly concurrency?: number;
  /** Receives the PDF bytes in order. */
  readonly write: PdfSink;
  readonly onProgress?: (progress: PrintJobProgress) => void;
  /** Called after each page is written. */
  readonly onPage?: (page: PrintedPageMapping) => void;
  readonly signal?: CancelSignal;
  readonly deflate?: Deflater;
  /** Encodes continuous-tone content as JPEG (default: the package's own encoder). */
  readonly jpeg?: ContentJpegEncoder;
  /** Deflated dot masks kept across pages and jobs (see {@link DotsCache}). */
  readonly dotsCache?: DotsCache;
  /** Creation date for the Info dictionary (pure code reads no clock). */
  readonly createdAt?: Date;
  /** File name recorded in the `.nproj` (default: `<filename>.pdf`-like, or `print.pdf`). */
  readonly outputName?: string;
  /** Called once the PDF is complete, in `waitingForPrint` (e.g. open the print dialog). */
  readonly handOff?: () => Promise<void>;
}

/** The end of a job. */
export interface PrintJobResult {
  readonly status: 'complete' | 'cancelled';
  /** The mapping of the pages written (all of them when complete); embedded in the PDF. */
  readonly mapping: PrintMapping;
  /** The same pages as the engine's per-page mapping records (none on pre-printed paper). */
  readonly pageMappings: readonly PageMapping[];
  /** The `.nproj` of the printed PDF, when the codes are consecutive pages of one book. */
  readonly nproj?: string;
  readonly bytesWritten: number;
  readonly pageCount: number;
}

/** Thrown by a task that noticed cancellation. */
class Cancelled extends Error {}

/**
 * Composes a task in this thread: renders the document page, loads and validates the code page,
 * composes. Exposed so worker pools can run exactly what the job would.
 */
export async function composeTaskInline(
  task: PageTask,
  options: Pick<
    PrintJobOptions,
    'settings' | 'renderPage' | 'loadCodePage' | 'deflate' | 'jpeg' | 'dotsCache'
  >,
  signal?: CancelSignal,
): Promise<ComposedPage> {
  const { settings, dotsCache } = options;
  const pattern = choicePrintsPattern(settings.paperChoice);
  const density = settings.density ?? DEFAULT_DENSITY;
  const address = task.address;
  let code: CodePage | undefined;
  const loadCode = async (at: PageAddress): Promise<CodePage> => {
    const bytes = options.loadCodePage ? await options.loadCodePage(at, signal) : undefined;
    if (!bytes) throw new MissingCodePageError(at, codePageUrlPath(at));
    return readCodePageAsync(bytes, codePageUrlPath(at));
  };
  if (pattern) {
    if (!address) throw new MissingCodeAddressError(task.pdfPageNo);
    // a code page whose dots are cached is read only if the page turns out to need another size
    if (!dotsCache?.hasCodePage(address, density)) code = await loadCode(address);
  }
  if (signal?.aborted) throw new Cancelled();
  const content = options.renderPage ? await options.renderPage(task.pdfPageNo, signal) : undefined;
  if (signal?.aborted) throw new Cancelled();
  if (pattern && !code) {
    const size = pageSizeFor(settings, content?.pageWidthPt, content?.pageHeightPt);
    if (!dotsCache?.get(dotsCacheKey(address!, size.widthPx, size.heightPx, density))) {
      code = await loadCode(address!);
      if (signal?.aborted) throw new Cancelled();
    }
  }
  return composePage(
    {
      ...(content ? { content } : {}),
      ...(code ? { code } : {}),
      ...(address ? { address } : {}),
    },
    settings,
    options.deflate ?? defaultDeflater(),
    options.jpeg,
    dotsCache,
  );
}

/** Runs a print job. Rejects (state `failed`) on errors such as a missing code page. */
export async function runPrintJob(options: PrintJobOptions): Promise<PrintJobResult> {
  const { settings, document: doc, pages, signal } = options;
  const total = pages.length;
  let done = 0;
  let state = 'preparing' as PrintJobState; // (assertion: the closures below change it)
  const report = (s: PrintJobState) => {
    state = s;
    options.onProgress?.({ state: s, pagesDone: done, pagesTotal: total });
  };
  report('preparing');

  const pattern = choicePrintsPattern(settings.paperChoice);
  const tasks: PageTask[] = pages.map((pdfPageNo, printedIndex) => {
    const address = options.codes?.[printedIndex];
    return { printedIndex, pdfPageNo, ...(address ? { address } : {}) };
  });
  const mappings: PrintedPageMapping[] = [];
  const sizes: ComposedPage['size'][] = [];
  const mappingOf = (): PrintMapping => ({
    id: mappingId(doc.fingerprint, 1),
    fingerprint: doc.fingerprint,
    ...(doc.filename !== undefined ? { filename: doc.filename } : {}),
    numPages: doc.numPages,
    pagesPerSheet: 1,
    paperChoice: settings.paperChoice,
    density: settings.density ?? DEFAULT_DENSITY,
    pages: mappings,
  });

  const onAbort = () => {
    if (state === 'processing' || state === 'preparing') report('waitingForCancel');
  };
  signal?.addEventListener?.('abort', onAbort);
  const writer = new PdfStreamWriter(options.write);
  const compose =
    options.composeTask ?? ((t: PageTask, s?: CancelSignal) => composeTaskInline(t, options, s));
  const inFlight: Promise<ComposedPage>[] = [];
  try {
    if (total === 0) throw new Error('Nothing to print: the page range selects no pages.');
    if (pattern) {
      const missing = tasks.find((t) => !t.address);
      if (missing) throw new MissingCodeAddressError(missing.pdfPageNo);
    }
    await writer.begin('/ViewerPreferences << /PrintScaling /None /PickTrayByPDFSize true >>');
    report('processing');
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    let next = 0;
    const startNext = () => {
      const t = tasks[next++]!;
      const p = compose(t, signal);
      p.catch(() => {}); // awaited in order below; avoid unhandled rejections meanwhile
      inFlight.push(p);
    };
    while (next < total && inFlight.length < concurrency) startNext();
    while (inFlight.length > 0) {
      if (signal?.aborted) throw new Cancelled();
      const composed = await inFlight.shift()!;
      if (signal?.aborted) throw new Cancelled();
      if (next < total) startNext();
      const task = tasks[mappings.length]!;
      await writer.addPage(composed.prepared);
      const m = pageMapping(
        task.pdfPageNo,
        task.printedIndex,
        composed.size,
        composed.placement,
        task.address,
      );
      mappings.push(m);
      sizes.push(composed.size);
      done++;
      options.onPage?.(m);
      report('processing');
    }
    const mapping = mappingOf();
    const title = doc.title ?? doc.filename;
    await writer.finish(
      infoEntries(mapping, title, options.createdAt),
      xmpPacket(mapping, title),
      mapping.id,
    );
    const nproj = pattern
      ? printedNproj(
          options.outputName ?? 'print.pdf',
          tasks.map((t, i) => ({ ...(t.address ? { address: t.address } : {}), size: sizes[i]! })),
          title,
        )
      : undefined;
    report('waitingForPrint');
    await options.handOff?.();
    report('complete');
    return {
      status: 'complete',
      mapping,
      pageMappings: toPageMappings(mapping, doc),
      ...(nproj !== undefined ? { nproj } : {}),
      bytesWritten: writer.bytesWritten,
      pageCount: writer.pageCount,
    };
  } catch (e) {
    if (e instanceof Cancelled || signal?.aborted) {
      if (state !== 'waitingForCancel') report('waitingForCancel');
      await Promise.allSettled(inFlight); // let pages in flight finish before reporting the end
      report('cancelled');
      const mapping = mappingOf();
      return {
        status: 'cancelled',
        mapping,
        pageMappings: toPageMappings(mapping, doc),
        bytesWritten: writer.bytesWritten,
        pageCount: writer.pageCount,
      };
    }
    report('failed');
    throw e;
  } finally {
    signal?.removeEventListener?.('abort', onAbort);
  }
}
