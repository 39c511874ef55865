/**
 * The print dialog's choices and what they allow (board spec §2, §5, §9): paper choice, page
 * range (blank = all pages; the ncode page-range normaliser), paper size, Ncode density and page
 * outline, in a simple and a detailed mode.
 *
 * Decisions:
 * - Pre-printed Ncode A4 paper is always A4 (fact sheet §5.2): the paper size is fixed there.
 * - The choices that print the pattern (plain paper, reprint PDF) need Ncode codes. Codes come
 *   from the server (signed in) or were issued before for the same pages (a reprint, also
 *   offline). Without either, Print is disabled for those choices with a clear reason; the
 *   pre-printed paper choice needs no code and always works.
 */
import { type PageRangeResult, type PaperName, parsePageRange } from '@dotink/ncode';
import {
  choicePrintsPattern,
  DEFAULT_DENSITY,
  type NcodeDensity,
  type PaperChoice,
  type PrintSettings,
} from '@dotink/print';

/** The dialog's two layouts. */
export type PrintDialogMode = 'simple' | 'detailed';

/** Everything the print dialog holds. */
export interface PrintOptions {
  readonly mode: PrintDialogMode;
  readonly paperChoice: PaperChoice;
  /** The page-range field as typed ('' = all pages). */
  readonly rangeText: string;
  readonly paperSize: PaperName;
  readonly density: NcodeDensity;
  readonly outline: boolean;
}

/** The paper choices in dialog order. */
export const PAPER_CHOICES: readonly PaperChoice[] = Object.freeze(['plainPaper', 'ncodeA4', 'savePdf']);
/** The paper sizes in dialog order. */
export const PAPER_SIZE_CHOICES: readonly PaperName[] = Object.freeze(['A4', 'A3', 'B4', 'B5', 'Letter']);
/** The densities in dialog order. */
export const DENSITY_CHOICES: readonly NcodeDensity[] = Object.freeze(['light', 'normal', 'dark']);

/** The dialog when it opens: plain paper, all pages, A4, normal density, no outline, simple mode. */
export const DEFAULT_PRINT_OPTIONS: PrintOptions = Object.freeze({
  mode: 'simple',
  paperChoice: 'plainPaper',
  rangeText: '',
  paperSize: 'A4',
  density: DEFAULT_DENSITY,
  outline: false,
});

/** Whether the pages can get Ncode codes now. */
export interface CodeAvailability {
  /** The user is signed in (the server can issue codes). */
  readonly signedIn: boolean;
  /** Board page numbers (1-based) that already have print codes (reprints reuse them). */
  readonly pagesWithCodes: ReadonlySet<number>;
}

/** Why Print is disabled. */
export type PrintBlock = 'invalidRange' | 'needsSignIn';

/** What the dialog shows and allows for the current options. */
export interface PrintOptionsCheck {
  readonly range: PageRangeResult;
  /** The pattern is printed (codes needed). */
  readonly needsCodes: boolean;
  /** Selected pages without a code yet. */
  readonly pagesNeedingCodes: readonly number[];
  /** The paper actually used (A4 for pre-printed paper). */
  readonly effectivePaperSize: PaperName;
  /** Empty when Print is allowed. */
  readonly blocks: readonly PrintBlock[];
  readonly canPrint: boolean;
}

/** Checks the options for a board of `numPages` pages. */
export function checkPrintOptions(
  options: PrintOptions,
  numPages: number,
  codes: CodeAvailability,
): PrintOptionsCheck {
  const range = parsePageRange(options.rangeText, numPages);
  const needsCodes = choicePrintsPattern(options.paperChoice);
  const pagesNeedingCodes = needsCodes ? range.pages.filter((p) => !codes.pagesWithCodes.has(p)) : [];
  const blocks: PrintBlock[] = [];
  if (!range.valid) blocks.push('invalidRange');
  if (needsCodes && pagesNeedingCodes.length > 0 && !codes.signedIn) blocks.push('needsSignIn');
  return {
    range,
    needsCodes,
    pagesNeedingCodes,
    effectivePaperSize: options.paperChoice === 'ncodeA4' ? 'A4' : options.paperSize,
    blocks,
    canPrint: blocks.length === 0,
  };
}

/**
 * Pages the range text names that the document does not have ('1, 2, 4' on 3 pages → [4]):
 * the range leaves them out, and the dialog says so. An open range ends at the last page
 * ('1-' names none; '5-' on 3 pages names page 5, where it starts).
 */
export function pagesBeyond(text: string, numPages: number): number[] {
  if (text.trim() === '') return [];
  const closed = text
    .replace(/\s*(?:-\s*)+/g, '-') // as the range rules join `1 - 3` (packages/ncode pageRange)
    .replace(
      /(^|[\s,])(\d*)-(?=$|[\s,])/g,
      (_m, sep: string, start: string) => `${sep}${start}-${Math.max(Number(start || 1), numPages)}`,
    );
  const named = parsePageRange(closed, Math.max(numPages, MAX_NAMED_PAGE));
  return named.valid ? named.pages.filter((p) => p > numPages) : [];
}

/** The largest page number looked at for pages beyond the document. */
const MAX_NAMED_PAGE = 9999;

/** The normalised range text the field shows after it loses focus ('' stays '' = all pages). */
export function rangeTextOnBlur(text: string, numPages: number): string {
  if (text.trim() === '') return '';
  const r = parsePageRange(text, numPages);
  return r.valid ? r.text : text;
}

/**
 * The settings of the print job for these options. On pre-printed Ncode A4 paper every page is
 * printed portrait (as the paper is), so that the page transform registered on page 1 holds for
 * every sheet.
 */
export function toPrintSettings(options: PrintOptions): PrintSettings {
  if (options.paperChoice === 'ncodeA4') {
    return { paperChoice: 'ncodeA4', paperSize: 'A4', orientation: 'portrait', outline: options.outline };
  }
  return {
    paperChoice: options.paperChoice,
    paperSize: options.paperSize,
    density: options.density,
    outline: options.outline,
  };
}
