/**
 * Temporary Ncode pages for board pages that were never printed (imported PDF pages, pages added
 * with the toolbar): section 256, GridaBoard's private section that is never printed (4,096
 * pages a book), owner 27, from book 1068 on. Each board page gets its own, from a counter kept
 * in the database, so ink of different pages never mixes.
 */
import { type PageAddress, pageAddress, pagesInSection } from '@dotink/ncode';

export const TEMPORARY_SECTION = 256;
export const TEMPORARY_OWNER = 27;
export const TEMPORARY_FIRST_BOOK = 1068;

/** The temporary page of counter value `n` (0, 1, 2, …). */
export function temporaryPage(n: number): PageAddress {
  const perBook = pagesInSection(TEMPORARY_SECTION);
  return pageAddress(
    TEMPORARY_SECTION,
    TEMPORARY_OWNER,
    TEMPORARY_FIRST_BOOK + Math.floor(n / perBook),
    n % perBook,
  );
}

/** True for a temporary (never printed) page. */
export function isTemporaryPage(a: PageAddress): boolean {
  return a.section === TEMPORARY_SECTION;
}
