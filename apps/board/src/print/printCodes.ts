/**
 * Which Ncode page each board page prints on (engine spec §4 "Code issuing", fact sheet §5.8).
 *
 * - Base code, once per document: a board page's identity code, given when the page was made
 *   (imported PDF pages and added pages get a temporary code from the board model; pages written
 *   with a pen have the paper's code). Printing keeps it as the page's `baseAddress`.
 * - Print code, per pages-per-sheet value (the dialog prints one page per sheet): issued by the
 *   server the first time a page is printed with the pattern and kept in the board's print-code
 *   record, so a reprint (any range, any choice) prints the same page on the same code and old
 *   printouts keep working. The first print asks codes for every board page that has none, in
 *   board order, so that board page i prints on `start + (i − 1)` whatever the range (and the
 *   printed document is one `.nproj`).
 */
import type { GridaPage } from '@dotink/ink';
import { type IssuedCode, type PageAddress, pageAddress, pageId } from '@dotink/ncode';

/** Pages per sheet the print dialog uses. */
export const PRINT_PAGES_PER_SHEET = 1;

/** One board page's print code. */
export interface PrintCodeEntry {
  readonly address: PageAddress;
  /** The code file URL the code-issue answer gave ('' when none). */
  readonly url: string;
}

/** The print codes of one board, by board page id (stored with the board). */
export interface PrintCodeRecord {
  readonly version: 1;
  readonly pagesPerSheet: number;
  readonly pages: Readonly<Record<string, PrintCodeEntry>>;
}

/** A record with no codes. */
export function emptyPrintCodes(): PrintCodeRecord {
  return { version: 1, pagesPerSheet: PRINT_PAGES_PER_SHEET, pages: {} };
}

/** Reads a stored record; anything malformed reads as empty. */
export function readPrintCodes(value: unknown): PrintCodeRecord {
  const v = value as Partial<PrintCodeRecord> | undefined;
  if (v?.version !== 1 || typeof v.pages !== 'object' || v.pages === null) return emptyPrintCodes();
  const pages: Record<string, PrintCodeEntry> = {};
  for (const [id, e] of Object.entries(v.pages)) {
    const a = (e as Partial<PrintCodeEntry>)?.address;
    if (a && [a.section, a.owner, a.book, a.page].every((n) => Number.isInteger(n) && n >= 0)) {
      pages[id] = {
        address: pageAddress(a.section, a.owner, a.book, a.page),
        url: typeof e.url === 'string' ? e.url : '',
      };
    }
  }
  return { version: 1, pagesPerSheet: v.pagesPerSheet ?? PRINT_PAGES_PER_SHEET, pages };
}

/** Board page numbers (1-based) that already have a print code. */
export function pagesWithCodes(record: PrintCodeRecord, pages: readonly GridaPage[]): Set<number> {
  const out = new Set<number>();
  pages.forEach((p, i) => {
    if (record.pages[p.id]) out.add(i + 1);
  });
  return out;
}

/** The board pages without a print code, in board order (what a code request asks for). */
export function pagesMissingCodes(record: PrintCodeRecord, pages: readonly GridaPage[]): GridaPage[] {
  return pages.filter((p) => !record.pages[p.id]);
}

/** The record with `issued` given to `pages` (same length, same order). */
export function withIssuedCodes(
  record: PrintCodeRecord,
  pages: readonly GridaPage[],
  issued: readonly IssuedCode[],
): PrintCodeRecord {
  if (issued.length !== pages.length) {
    throw new RangeError(`${issued.length} codes issued for ${pages.length} pages`);
  }
  const next: Record<string, PrintCodeEntry> = { ...record.pages };
  pages.forEach((p, i) => {
    next[p.id] = { address: issued[i]!.page, url: issued[i]!.url };
  });
  return { ...record, pages: next };
}

/** The print codes of the selected board pages (1-based numbers), and their code URLs by page id. */
export function codesForPages(
  record: PrintCodeRecord,
  pages: readonly GridaPage[],
  pageNumbers: readonly number[],
): { readonly codes: PageAddress[]; readonly urls: Record<string, string> } {
  const codes: PageAddress[] = [];
  const urls: Record<string, string> = {};
  for (const n of pageNumbers) {
    const page = pages[n - 1];
    const entry = page && record.pages[page.id];
    if (!entry) throw new Error(`board page ${n} has no print code`);
    codes.push(entry.address);
    if (entry.url) urls[pageId(entry.address)] = entry.url;
  }
  return { codes, urls };
}
