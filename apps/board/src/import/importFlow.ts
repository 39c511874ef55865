/**
 * Importing a file (board.md §2 import menu, §8 errors): a PDF is added to the open board (or to
 * a new board from the board list) after the duplicate check and, for a protected file, the
 * password prompt; a .GRIDA file (ours or GridaBoard's) becomes a new board, unless one of its
 * PDFs is already in a kept board (the same duplicate rule). Each outcome that
 * the user must hear about is a message key of the spec.
 */
import {
  boardFileKind,
  GridaFormatError,
  type KeySource,
  legacyToDocument,
  parseLegacyGrida,
  randomKeySource,
  readGridaFile,
} from '@dotink/ink';
import type { BoardRepository } from '../model/boardRepository';
import type { BoardSession } from '../model/boardSession';
import type { PaperLookup } from '../model/paper';
import { BadRecordError, checkDocument } from '../model/recordSchemas';
import { applyPageCodes } from '../print/boardMapping';
import { baseName, importKind } from './fileKind';
import {
  type AskPdfPassword,
  type OpenPdf,
  PdfCancelledError,
  type PdfEngine,
  PdfInvalidError,
} from './pdfEngine';
import { readPrintedMapping } from './printedMapping';

/** A picked file. */
export interface PickedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** How an import ended. */
export type ImportResult =
  | {
      readonly kind: 'pdfAdded';
      readonly boardId: string;
      readonly firstPageIndex: number;
      readonly fingerprint: string;
      readonly password?: string;
      /** Pages that took their printed Ncode page from the PDF's dotink print mapping. */
      readonly printedPages?: number;
    }
  | { readonly kind: 'boardCreated'; readonly boardId: string }
  | {
      readonly kind: 'failed';
      readonly message: 'import.duplicatePdf' | 'import.unsupported' | 'import.cancelled' | 'import.badFile';
      readonly params?: Readonly<Record<string, string>>;
    };

export interface ImportContext {
  readonly repo: BoardRepository;
  readonly pdf: PdfEngine;
  readonly paper: PaperLookup;
  readonly askPassword: AskPdfPassword;
  /** The board the PDF goes into; when absent a new board is made (titled after the file). */
  readonly session?: BoardSession;
  /** Opens a board for a PDF imported from the board list. */
  readonly openSession?: (boardId: string) => Promise<BoardSession>;
  /** Opens a new board (in memory until it has content) for a PDF imported from the list. */
  readonly newSession?: (title: string) => Promise<BoardSession>;
  /** The default title of a new board: an empty board with it takes the PDF's name. */
  readonly untitled?: string;
  readonly nowMs: () => number;
  readonly keys?: KeySource;
  /** A long import's progress: PDF pages read of all. */
  readonly progress?: (done: number, total: number) => void;
  /** Aborted = the user cancelled the import (nothing is added). */
  readonly signal?: AbortSignal;
  /** Where an unusable print mapping in a PDF is reported (default: the console). */
  readonly logger?: { warn(message: string, ...details: unknown[]): void };
}

/** Imports one file. `expect` limits what the chosen menu item accepts. */
export async function importFile(
  file: PickedFile,
  ctx: ImportContext,
  expect: 'pdf' | 'grida' | 'any' = 'any',
): Promise<ImportResult> {
  const kind = importKind(file.name, file.bytes);
  if (kind === 'unsupported' || (expect !== 'any' && kind !== expect)) {
    return { kind: 'failed', message: 'import.unsupported' };
  }
  return kind === 'pdf' ? importPdf(file, ctx) : importBoardFile(file, ctx);
}

async function importPdf(file: PickedFile, ctx: ImportContext): Promise<ImportResult> {
  let opened: Awaited<ReturnType<PdfEngine['open']>>;
  try {
    opened = await ctx.pdf.open(file.bytes, ctx.askPassword);
  } catch (error) {
    if (error instanceof PdfCancelledError) return { kind: 'failed', message: 'import.cancelled' };
    if (error instanceof PdfInvalidError) return { kind: 'failed', message: 'import.unsupported' };
    throw error;
  }
  const { pdf, password } = opened;
  try {
    if (ctx.session?.hasPdf(pdf.fingerprint)) return { kind: 'failed', message: 'import.duplicatePdf' };
    // from the board list: the duplicate rule (board.md §5) holds across the boards kept
    if (!ctx.session && (await ctx.repo.hasPdf(pdf.fingerprint)))
      return { kind: 'failed', message: 'import.duplicatePdf' };
    // the pages are read first (a long PDF shows its progress and can be cancelled)
    const sizes = await untilAborted(pdf.pageSizesPt(ctx.progress), ctx.signal);
    if (!sizes) return { kind: 'failed', message: 'import.cancelled' };
    let session = ctx.session;
    if (!session) {
      if (ctx.newSession) session = await ctx.newSession(baseName(file.name));
      else if (ctx.openSession) {
        const board = await ctx.repo.createBoard(baseName(file.name));
        session = await ctx.openSession(board.id);
      } else throw new Error('no board to import into');
    } else if (
      session.pages.length === 0 &&
      ctx.untitled !== undefined &&
      session.board.title === ctx.untitled
    ) {
      // an empty new board is named after the PDF it starts with
      await session.rename(baseName(file.name));
    }
    const firstPageIndex = await session.addPdf(
      { fileName: file.name, fingerprint: pdf.fingerprint, bytes: file.bytes },
      sizes,
    );
    const printedPages = await adoptPrintedCodes(session, pdf, firstPageIndex, ctx.logger ?? console);
    return {
      kind: 'pdfAdded',
      boardId: session.board.id,
      firstPageIndex,
      fingerprint: pdf.fingerprint,
      ...(password !== undefined ? { password } : {}),
      ...(printedPages > 0 ? { printedPages } : {}),
    };
  } finally {
    await pdf.destroy();
  }
}

/** `task`'s value, or undefined once `signal` aborts first. */
async function untilAborted<T>(task: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return task;
  if (signal.aborted) return undefined;
  return new Promise<T | undefined>((resolve, reject) => {
    const abort = () => resolve(undefined);
    signal.addEventListener('abort', abort, { once: true });
    task.then(
      (v) => {
        signal.removeEventListener('abort', abort);
        resolve(signal.aborted ? undefined : v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(e);
      },
    );
  });
}

/**
 * A dotink printout carries its print mapping (see printedMapping.ts): the pages just added from
 * it show the Ncode pages they were printed on (`address`; the temporary code stays as
 * `baseAddress`) with the printed page's transform, so a pen writing on the paper lands on them.
 * A missing, malformed or clashing mapping (a board page already shows one of the codes) leaves
 * the ordinary import, with a warning. Returns the number of pages mapped.
 */
async function adoptPrintedCodes(
  session: BoardSession,
  pdf: OpenPdf,
  firstPageIndex: number,
  logger: { warn(message: string, ...details: unknown[]): void },
): Promise<number> {
  if (!pdf.metadata) return 0;
  try {
    const mapping = readPrintedMapping(await pdf.metadata(), pdf.numPages, logger);
    if (!mapping) return 0;
    const pages = applyPageCodes(
      session.pages,
      mapping.pages.map((p) => ({
        pdfPageNo: firstPageIndex + p.printedIndex + 1,
        address: p.address,
        h: p.nuToPt,
      })),
    );
    await session.updatePages(pages);
    return mapping.pages.length;
  } catch (error) {
    logger.warn("the PDF's dotink print mapping was not applied", error);
    return 0;
  }
}

const DUPLICATE: ImportResult = { kind: 'failed', message: 'import.duplicatePdf' };

/** The PDF duplicate rule (board.md §5) for a board file: one of its PDFs is in a kept board. */
async function anyPdfKept(repo: BoardRepository, fingerprints: readonly string[]): Promise<boolean> {
  for (const f of fingerprints) if (await repo.hasPdf(f)) return true;
  return false;
}

async function importBoardFile(file: PickedFile, ctx: ImportContext): Promise<ImportResult> {
  try {
    if (boardFileKind(file.bytes) === 'grida') {
      const doc = checkDocument(readGridaFile(file.bytes), file.name);
      if (
        await anyPdfKept(
          ctx.repo,
          doc.pdfs.map((p) => p.fingerprint),
        )
      )
        return DUPLICATE;
      const board = await ctx.repo.importDocument(doc, doc.board.title || baseName(file.name));
      return { kind: 'boardCreated', boardId: board.id };
    }
    const legacy = parseLegacyGrida(file.bytes);
    let sizes: readonly { widthPt: number; heightPt: number }[] = [];
    let fingerprint = '';
    if (legacy.pdfBytes) {
      const { pdf } = await ctx.pdf.open(legacy.pdfBytes, ctx.askPassword);
      sizes = await pdf.pageSizesPt();
      fingerprint = pdf.fingerprint;
      await pdf.destroy();
      if (await anyPdfKept(ctx.repo, [fingerprint])) return DUPLICATE;
    }
    const now = ctx.nowMs();
    const title = baseName(file.name);
    const doc = legacyToDocument(legacy, {
      board: { id: '', title, group: '', createdMs: now, updatedMs: now },
      pdfPageSizesPt: sizes,
      ncodePageSizePt: (address) => ctx.paper(address).sizePt,
      pdfFileName: `${title}.pdf`,
      pdfFingerprint: fingerprint,
      keys: ctx.keys ?? randomKeySource((b) => crypto.getRandomValues(b)),
    });
    // Pages beyond the PDF (legacy pages without a PDF page) keep the transform they had.
    const board = await ctx.repo.importDocument(checkDocument(doc, file.name), title);
    return { kind: 'boardCreated', boardId: board.id };
  } catch (error) {
    if (error instanceof PdfCancelledError) return { kind: 'failed', message: 'import.cancelled' };
    if (error instanceof BadRecordError) {
      return {
        kind: 'failed',
        message: 'import.badFile',
        params: { name: file.name, problem: error.problem },
      };
    }
    if (
      error instanceof GridaFormatError ||
      error instanceof PdfInvalidError ||
      error instanceof SyntaxError
    ) {
      return { kind: 'failed', message: 'import.unsupported' };
    }
    throw error;
  }
}
