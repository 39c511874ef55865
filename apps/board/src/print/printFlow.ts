/**
 * Printing a board (no UI): page range → print codes (issued by the server the first time, reused
 * after) → the print job in a worker, pages rendered here on request and streamed back → hand-off
 * (the browser's print dialog, or a download for the reprint PDF) → the mapping stored with the
 * board (printed codes and page transforms, the mapping record and the `.nproj`).
 *
 * Without codes: the pre-printed Ncode A4 choice needs none; the two choices that print the pattern
 * need a code for every selected page, from an earlier print or from the server (signed in).
 */
import type { GridaPage, GridaPdf } from '@dotink/ink';
import { parsePageRange } from '@dotink/ncode';
import {
  type ContentRaster,
  choicePrintsPattern,
  type PrintedPageMapping,
  type PrintJobProgress,
  type PrintMapping,
} from '@dotink/print';
import { type PrintWorkerHandle, runPrintInWorker } from '@dotink/print-web';
import { applyPageCodes, documentFingerprint, type PageCodeMap, storedMapping } from './boardMapping';
import { requestCodes, resolveCodeUrl } from './codeIssue';
import {
  codesForPages,
  type PrintCodeRecord,
  pagesMissingCodes,
  pagesWithCodes,
  readPrintCodes,
  withIssuedCodes,
} from './printCodes';
import type { HandOffResult } from './printHandOff';
import { checkPrintOptions, type PrintOptions, toPrintSettings } from './printOptions';

/** Most code pages one request asks for (the server's limit). */
export const MAX_CODES_PER_REQUEST = 500;

/** Metadata keys of a board's print records. */
export const printCodesKey = (boardId: string) => `print.codes.${boardId}`;
export const printMappingKey = (boardId: string) => `print.mapping.${boardId}`;

/** The board as the print flow sees it. */
export interface BoardPrintTarget {
  readonly boardId: string;
  readonly title: string;
  pages(): readonly GridaPage[];
  pdfs(): readonly GridaPdf[];
  /** Stores new page records (same pages, same order; codes and transforms changed). */
  replacePages(pages: readonly GridaPage[]): Promise<void>;
  loadMeta(key: string): Promise<unknown>;
  saveMeta(key: string, value: unknown): Promise<void>;
}

/** Who the user is, for code requests. */
export interface PrintAuth {
  /** The server's origin (and base path); '' = same origin. */
  readonly serverUrl: string;
  /** The bearer token, or undefined when not signed in. */
  accessToken(): Promise<string | undefined>;
}

/** What the flow needs from its surroundings. */
export interface PrintFlowDeps {
  readonly target: BoardPrintTarget;
  readonly auth: PrintAuth;
  /** Renders board page `pageNo` (1-based) for printing. */
  readonly renderPage: (pageNo: number, signal: AbortSignal) => Promise<ContentRaster | undefined>;
  readonly startWorker: () => PrintWorkerHandle;
  /**
   * Prints the finished PDF (choices a, b) or saves it (choice c); answers `'downloaded'` when
   * the browser could not print it and it was downloaded instead (nothing = printed).
   */
  readonly handOff: (
    pdf: Blob,
    options: PrintOptions,
    fileName: string,
    // biome-ignore lint/suspicious/noConfusingVoidType: callers may return nothing
  ) => Promise<HandOffResult | undefined | void>;
  readonly fetch?: typeof fetch;
  readonly nowMs: () => number;
  /** Pages composed at once in the worker (default 1). */
  readonly concurrency?: number;
}

/** Why a print did not run. */
export type PrintFailure =
  | { readonly kind: 'invalidRange' }
  | { readonly kind: 'signIn' }
  /** The code request failed: `alert` is the engine spec §8 text (absent when the call threw). */
  | { readonly kind: 'codes'; readonly status: number; readonly alert?: string }
  | { readonly kind: 'job'; readonly name: string; readonly message: string };

/** The end of a print. */
export interface PrintOutcome {
  readonly status: 'complete' | 'cancelled' | 'failed';
  readonly failure?: PrintFailure;
  /** The printed PDF (complete prints). */
  readonly pdf?: Blob;
  readonly pdfFileName: string;
  /** The `.nproj` of the printed PDF (pattern prints with consecutive codes). */
  readonly nproj?: string;
  readonly nprojFileName: string;
  readonly mapping?: PrintMapping;
  /** The printed pages (for page-order registration after a pre-printed paper print). */
  readonly printed: readonly PrintedPageMapping[];
  /** The browser could not print the PDF itself: it was downloaded to print at 100 %. */
  readonly downloaded?: boolean;
}

/** The flow's progress, for the progress dialog. */
export type PrintFlowProgress = PrintJobProgress;

/** Page numbers that can print the pattern now without asking the server. */
export async function pagesWithPrintCodes(target: BoardPrintTarget): Promise<Set<number>> {
  return pagesWithCodes(readPrintCodes(await target.loadMeta(printCodesKey(target.boardId))), target.pages());
}

/** A file name from the board title (characters a file system dislikes replaced). */
export function printFileName(title: string, suffix: string): string {
  const base = title.trim().replace(/[\\/:*?"<>|]+/g, '_') || 'board';
  return `${base}${suffix}`;
}

/** Prints the board with `options`. */
export async function printBoard(
  deps: PrintFlowDeps,
  options: PrintOptions,
  events: { readonly onProgress?: (p: PrintFlowProgress) => void; readonly signal?: AbortSignal } = {},
): Promise<PrintOutcome> {
  const { target } = deps;
  const pages = target.pages();
  const pattern = choicePrintsPattern(options.paperChoice);
  const pdfFileName = printFileName(
    target.title,
    options.paperChoice === 'savePdf' ? '-reprint.pdf' : '-print.pdf',
  );
  const nprojFileName = printFileName(target.title, '.nproj');
  const failed = (failure: PrintFailure): PrintOutcome => ({
    status: 'failed',
    failure,
    pdfFileName,
    nprojFileName,
    printed: [],
  });
  const range = parsePageRange(options.rangeText, pages.length);
  if (!range.valid) return failed({ kind: 'invalidRange' });
  events.onProgress?.({ state: 'preparing', pagesDone: 0, pagesTotal: range.pages.length });

  // codes
  let record: PrintCodeRecord | undefined;
  let job: { codes?: ReturnType<typeof codesForPages> } = {};
  if (pattern) {
    record = readPrintCodes(await target.loadMeta(printCodesKey(target.boardId)));
    const token = await deps.auth.accessToken();
    const check = checkPrintOptions(options, pages.length, {
      signedIn: token !== undefined,
      pagesWithCodes: pagesWithCodes(record, pages),
    });
    if (check.pagesNeedingCodes.length > 0) {
      if (token === undefined) return failed({ kind: 'signIn' });
      const missing = pagesMissingCodes(record, pages);
      // the server reserves at most MAX_CODES_PER_REQUEST pages a request
      for (let at = 0; at < missing.length; at += MAX_CODES_PER_REQUEST) {
        const block = missing.slice(at, at + MAX_CODES_PER_REQUEST);
        const answer = await requestCodes({
          serverUrl: deps.auth.serverUrl,
          accessToken: token,
          qty: block.length,
          paper: check.effectivePaperSize,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        });
        if (!answer.ok) {
          if (at > 0) await target.saveMeta(printCodesKey(target.boardId), record);
          return failed({
            kind: 'codes',
            status: answer.status,
            ...(answer.alert ? { alert: answer.alert } : {}),
          });
        }
        const codes = answer.codes.map((c) => ({ ...c, url: resolveCodeUrl(deps.auth.serverUrl, c.url) }));
        record = withIssuedCodes(record, block, codes);
      }
      await target.saveMeta(printCodesKey(target.boardId), record);
    }
    job = { codes: codesForPages(record, pages, range.pages) };
  }
  if (events.signal?.aborted) {
    return { status: 'cancelled', pdfFileName, nprojFileName, printed: [] };
  }

  // the job
  const fingerprint = documentFingerprint(target.boardId, pages, target.pdfs(), range.pages);
  const chunks: Uint8Array[] = [];
  let pdf: Blob | undefined;
  let downloaded = false;
  const worker = deps.startWorker();
  let result: Awaited<ReturnType<typeof runPrintInWorker>>;
  // a job that ended with a result leaves the worker idle: it may serve the next print
  let workerIdle = false;
  try {
    result = await runPrintInWorker(
      worker.port,
      {
        settings: toPrintSettings(options),
        document: { fingerprint, filename: pdfFileName, title: target.title, numPages: pages.length },
        pages: range.pages,
        ...(job.codes ? { codes: job.codes.codes, codeUrls: job.codes.urls } : {}),
        serverUrl: deps.auth.serverUrl,
        outputName: pdfFileName,
        createdAtMs: deps.nowMs(),
        ...(deps.concurrency ? { concurrency: deps.concurrency } : {}),
      },
      {
        renderPage: deps.renderPage,
        onChunk: (bytes) => chunks.push(bytes),
        ...(events.onProgress ? { onProgress: events.onProgress } : {}),
        handOff: async () => {
          pdf = new Blob(chunks as BlobPart[], { type: 'application/pdf' });
          chunks.length = 0;
          downloaded = (await deps.handOff(pdf, options, pdfFileName)) === 'downloaded';
        },
        ...(events.signal ? { signal: events.signal } : {}),
      },
    );
    workerIdle = true;
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    return failed({ kind: 'job', name: err.name, message: err.message });
  } finally {
    if (workerIdle && worker.release) worker.release();
    else worker.terminate();
  }
  if (result.status === 'cancelled') {
    return { status: 'cancelled', pdfFileName, nprojFileName, mapping: result.mapping, printed: [] };
  }

  // store the mapping with the board
  if (pattern) {
    const maps: PageCodeMap[] = result.mapping.pages.flatMap((p) =>
      p.address && p.h ? [{ pdfPageNo: p.pdfPageNo, address: p.address, h: p.h }] : [],
    );
    const updated = applyPageCodes(target.pages(), maps);
    await target.replacePages(updated);
    await target.saveMeta(
      printMappingKey(target.boardId),
      storedMapping(fingerprint, options.paperChoice, 'print', updated, maps, deps.nowMs(), result.nproj),
    );
  }
  return {
    status: 'complete',
    ...(pdf ? { pdf } : {}),
    pdfFileName,
    ...(result.nproj !== undefined ? { nproj: result.nproj } : {}),
    nprojFileName,
    mapping: result.mapping,
    printed: result.mapping.pages,
    ...(downloaded ? { downloaded } : {}),
  };
}
