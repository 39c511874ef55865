/**
 * Ncode sections: how many pages a book of each section has, page wrap-around, which sections
 * replay accepts, and the section-10 grouping rule (engine spec §3).
 *
 * Page numbers are the page field of the dot code, so a section with `n` pages addresses pages
 * `0 … n − 1`; a page number past the end wraps around (GRIDA wraps modulo the count).
 */
import { type PageAddress, pageAddress } from './address';

/** Pages per book for a section that has no entry of its own. */
export const DEFAULT_PAGES_PER_SECTION = 4096;

/** Pages per book, by section (engine spec §3). Sections not listed have 4096. */
export const PAGES_PER_SECTION: ReadonlyMap<number, number> = new Map([
  [0, 4096],
  [3, 512],
  [4, 262144],
  [5, 4096],
  [10, 1024],
  [11, 512],
  [14, 32],
  [256, 4096],
  [2049, 500],
  [2050, 500],
  [2051, 500],
]);

/**
 * Books per owner, for the sections whose bit budget NeoLAB publishes (Ncode guide table 5:
 * section 0 has 14 book bits, sections 3 and 14 have 13). Other sections: not known.
 */
export const BOOKS_PER_SECTION: ReadonlyMap<number, number> = new Map([
  [0, 16384],
  [3, 8192],
  [14, 8192],
]);

/** The number of pages a book of `section` has (4096 when the section has no entry). */
export function pagesInSection(section: number): number {
  return PAGES_PER_SECTION.get(section) ?? DEFAULT_PAGES_PER_SECTION;
}

/** The number of books an owner has in `section`, or `undefined` when it is not published. */
export function booksInSection(section: number): number | undefined {
  return BOOKS_PER_SECTION.get(section);
}

/**
 * Wraps a page number into `0 … pagesInSection(section) − 1` (modulo the count; negative numbers
 * wrap from the end). Non-integers are truncated toward zero first.
 */
export function wrapPage(section: number, page: number): number {
  const n = pagesInSection(section);
  const p = Math.trunc(page) % n;
  return p < 0 ? p + n : p;
}

/**
 * The page `n` pages after `addr` (before it when `n` is negative) in the same book, wrapping
 * around at the section's page count. Section, owner and book are unchanged.
 */
export function nextPage(addr: PageAddress, n = 1): PageAddress {
  return pageAddress(addr.section, addr.owner, addr.book, wrapPage(addr.section, addr.page + n));
}

/** True for the sections replay accepts: 0 to 15 and 2048 to 2063. */
export function isReplaySection(section: number): boolean {
  return (section >= 0 && section <= 15) || (section >= 2048 && section <= 2063);
}

/** The section whose pages are grouped: its pages all count as page 1 when grouped. */
export const GROUPED_SECTION = 10;

/**
 * The page address used when pages are grouped: in section 10 the page is treated as 1; any
 * other address is returned unchanged.
 */
export function groupedPage(addr: PageAddress): PageAddress {
  if (addr.section !== GROUPED_SECTION || addr.page === 1) return addr;
  return pageAddress(addr.section, addr.owner, addr.book, 1);
}
