/**
 * Code issuing as pure functions over a stored pointer (engine spec §4 "Code issuing", §7, §9).
 *
 * Codes are allocated from one central pointer (the product's server keeps it): GRIDA allocated
 * per browser, modulo 512 pages, so codes wrapped and collided (fact sheet §5.8). The pointer
 * names the next page to hand out and starts at 0.27.667.1.
 *
 * Rules:
 * - Pages of a book are issued from 1 to `pagesInSection(section) − 1` (the page field holds
 *   0 … count − 1; page 0 is never issued, so issued page numbers count like PDF pages).
 * - A page number is never issued twice within a book: when a book is used up, issuing goes on
 *   at page 1 of book + 1 (same section and owner). It never wraps inside a book.
 * - A block is kept inside one book when it fits in one (a printed document is described by one
 *   `.nproj`, which has one book and one start page): if the rest of the current book is too
 *   short, the block starts on page 1 of the next book and the rest is left unused. A block
 *   longer than a whole book fills books one after another. Pass `keepInOneBook: false` to fill
 *   the current book first instead.
 * - Where NeoLAB publishes the book count of a section (0: 16384, 3 and 14: 8192), running past
 *   the last book throws `Error('Code space exhausted: …')`.
 */
import { type PageAddress, pageAddress } from './address';
import { BASE_CODE_PAGES_PER_SHEET } from './mapping';
import { booksInSection, pagesInSection } from './sections';
import { PAGE_MARGIN_PAD_MM } from './units';

/** Where issuing starts: section 0, owner 27, book 667, page 1. */
export const FIRST_CODE_POINTER: PageAddress = pageAddress(0, 27, 667, 1);

/** The first page number issued in a book. */
export const FIRST_ISSUED_PAGE = 1;

/** Pages issued and the pointer after them. */
export interface CodeIssue {
  /** Consecutive pages (within a book; see the module doc for book changes). */
  readonly pages: readonly PageAddress[];
  /** The next page to issue. */
  readonly next: PageAddress;
}

/** Options of {@link issueCodes}. */
export interface IssueOptions {
  /** Start a block on a fresh book rather than split it over two (default true). */
  readonly keepInOneBook?: boolean;
}

/** The last page number issued in a book of `section`. */
export function lastIssuedPage(section: number): number {
  return pagesInSection(section) - 1;
}

function nextBook(a: PageAddress): PageAddress {
  const books = booksInSection(a.section);
  if (books !== undefined && a.book + 1 >= books) {
    throw new Error(
      `Code space exhausted: section ${a.section} owner ${a.owner} has no book after ${a.book}`,
    );
  }
  return pageAddress(a.section, a.owner, a.book + 1, FIRST_ISSUED_PAGE);
}

/** The pointer moved onto an issuable page: page 0 → 1, past the book's last page → next book. */
export function normalizeCodePointer(pointer: PageAddress): PageAddress {
  for (const [name, v] of Object.entries(pointer)) {
    if (!Number.isInteger(v) || v < 0)
      throw new RangeError(`code pointer ${name} must be an integer ≥ 0, got ${v}`);
  }
  if (pointer.page > lastIssuedPage(pointer.section)) return nextBook(pointer);
  if (pointer.page < FIRST_ISSUED_PAGE) return pageAddress(pointer.section, pointer.owner, pointer.book, 1);
  return pointer;
}

/**
 * Issues `qty` consecutive pages from `pointer` (rules in the module doc) and returns them with
 * the pointer after them. `qty` 0 issues nothing; a negative or fractional `qty` throws.
 */
export function issueCodes(pointer: PageAddress, qty: number, options: IssueOptions = {}): CodeIssue {
  if (!Number.isInteger(qty) || qty < 0) throw new RangeError(`qty must be an integer ≥ 0, got ${qty}`);
  let at = normalizeCodePointer(pointer);
  const perBook = lastIssuedPage(at.section) - FIRST_ISSUED_PAGE + 1;
  const left = lastIssuedPage(at.section) - at.page + 1;
  if ((options.keepInOneBook ?? true) && qty > left && qty <= perBook) at = nextBook(at);
  const last = lastIssuedPage(at.section);
  const pages: PageAddress[] = [];
  while (pages.length < qty) {
    if (at.page > last) at = nextBook(at);
    pages.push(at);
    at = pageAddress(at.section, at.owner, at.book, at.page + 1);
  }
  return { pages, next: pages.length === 0 ? at : normalizeForStore(at) };
}

/** The stored pointer after a block: moved to the next book when the block ended a book. */
function normalizeForStore(at: PageAddress): PageAddress {
  try {
    return normalizeCodePointer(at);
  } catch {
    // the block used the last page of the last book: keep the past-the-end pointer, the next
    // issue will throw
    return at;
  }
}

/** The codes one pages-per-sheet value of a document prints on. */
export interface PrintCodes {
  readonly pagesPerSheet: number;
  readonly pages: readonly PageAddress[];
}

/** The codes of a document: its base code, one print code per pages-per-sheet value. */
export interface DocumentCodePlan {
  /** One page per PDF page (the mapping with pages per sheet 16384). */
  readonly base: readonly PageAddress[];
  /** One entry per distinct pages-per-sheet value, in the order given. */
  readonly prints: readonly PrintCodes[];
  readonly next: PageAddress;
}

/**
 * Plans the codes of a document of `numPages` pages: the base code once (one page per PDF page),
 * then, for each distinct pages-per-sheet value `k` (16384, the base marker, is skipped), one
 * page per printed sheet, `ceil(numPages / k)` pages. Each block follows {@link issueCodes}.
 */
export function planDocumentCodes(
  pointer: PageAddress,
  numPages: number,
  pagesPerSheet: readonly number[],
  options: IssueOptions = {},
): DocumentCodePlan {
  if (!Number.isInteger(numPages) || numPages < 1) {
    throw new RangeError(`numPages must be a positive integer, got ${numPages}`);
  }
  const base = issueCodes(pointer, numPages, options);
  let next = base.next;
  const prints: PrintCodes[] = [];
  for (const k of new Set(pagesPerSheet)) {
    if (!Number.isInteger(k) || k < 1)
      throw new RangeError(`pages per sheet must be a positive integer, got ${k}`);
    if (k === BASE_CODE_PAGES_PER_SHEET) continue;
    const issue = issueCodes(next, Math.ceil(numPages / k), options);
    prints.push({ pagesPerSheet: k, pages: issue.pages });
    next = issue.next;
  }
  return { base: base.pages, prints, next };
}

/** Paper size sent with a code request: each side rounded to mm, plus the 20 mm margin pad. */
export function codeRequestSize(widthMm: number, heightMm: number): { widthMm: number; heightMm: number } {
  return {
    widthMm: Math.round(widthMm) + PAGE_MARGIN_PAD_MM,
    heightMm: Math.round(heightMm) + PAGE_MARGIN_PAD_MM,
  };
}

/** The query of `GET /edu/v1/paper/ncode`: `qty` pages of a paper of the given size. */
export function codeRequestQuery(
  qty: number,
  widthMm: number,
  heightMm: number,
): { qty: number; width: number; height: number } {
  const size = codeRequestSize(widthMm, heightMm);
  return { qty, width: size.widthMm, height: size.heightMm };
}

/** One issued code page and the URL of its code file. */
export interface IssuedCode {
  readonly page: PageAddress;
  readonly url: string;
}

/**
 * Reads the code-issue response: a list of `{s, o, b, p, url}`. Throws an `Error` naming the
 * first item that is not that shape.
 */
export function readIssuedCodes(json: unknown): IssuedCode[] {
  if (!Array.isArray(json)) throw new Error('Issued codes: the response is not a list');
  return json.map((item, k) => {
    const r = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const { s, o, b, p, url } = r;
    const ok =
      [s, o, b, p].every((v) => Number.isInteger(v) && (v as number) >= 0) && typeof url === 'string';
    if (!ok) throw new Error(`Issued codes: item ${k} is not {s, o, b, p, url}: ${JSON.stringify(item)}`);
    return { page: pageAddress(s as number, o as number, b as number, p as number), url: url as string };
  });
}

/** Orders page addresses as the pointer moves: section, owner, book, then page. */
export function comparePages(a: PageAddress, b: PageAddress): number {
  return a.section - b.section || a.owner - b.owner || a.book - b.book || a.page - b.page;
}

/** The page issued after `a` by {@link issueCodes}' rule (next page, or page 1 of the next book). */
function successorPage(a: PageAddress): PageAddress {
  return a.page >= lastIssuedPage(a.section)
    ? pageAddress(a.section, a.owner, a.book + 1, FIRST_ISSUED_PAGE)
    : pageAddress(a.section, a.owner, a.book, a.page + 1);
}

const samePage = (a: PageAddress, b: PageAddress) => comparePages(a, b) === 0;

/**
 * The index of the first of `installed` (sorted by {@link comparePages}) at or after `pointer`.
 */
export function firstInstalledFrom(installed: readonly PageAddress[], pointer: PageAddress): number {
  let lo = 0;
  let hi = installed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (comparePages(installed[mid]!, pointer) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Issues `qty` pages as {@link issueCodes} does, but only pages whose code data is installed
 * (`installed`: issuable pages, page ≥ 1, sorted by {@link comparePages}), so that nothing
 * handed out is unprintable: the first run of `qty` consecutive installed pages at or after
 * `pointer` (kept inside one book when the block fits in a book, as in {@link issueCodes});
 * installed pages skipped before the run stay unused. No such run throws
 * `Error('Code space exhausted: …')`, naming how many installed pages are left.
 */
export function issueInstalledCodes(
  pointer: PageAddress,
  qty: number,
  installed: readonly PageAddress[],
  options: IssueOptions = {},
): CodeIssue {
  if (!Number.isInteger(qty) || qty < 0) throw new RangeError(`qty must be an integer ≥ 0, got ${qty}`);
  const from = firstInstalledFrom(installed, pointer);
  if (qty === 0) return { pages: [], next: pointer };
  let start = from;
  for (let i = from; i < installed.length; i++) {
    const page = installed[i]!;
    if (i > start) {
      const previous = installed[i - 1]!;
      const follows = samePage(successorPage(previous), page);
      const crossesBook = page.book !== previous.book;
      const oneBook = (options.keepInOneBook ?? true) && qty <= lastIssuedPage(page.section);
      if (!follows || (crossesBook && oneBook)) start = i;
    }
    if (i - start + 1 === qty) {
      const pages = installed.slice(start, i + 1);
      return { pages, next: successorPage(page) };
    }
  }
  const left = installed.length - from;
  throw new Error(
    `Code space exhausted: ${qty} consecutive code pages asked, ${left} installed code page${left === 1 ? '' : 's'} left and no such run among them (add code pages to the vendor data)`,
  );
}
