/**
 * The label of a book's page (classroom.md §5 "Page labels"), the one rule every screen uses (the
 * live tiles, the enlarged pupil, the analytics' tables and charts): a textbook's pages are
 * printed with the page number minus 2 (its first two pages, the covers, carry none); a notebook's
 * pages are named by their plain number. Only the number text: each screen adds the word for
 * 'page' in the user's language.
 */

/** How a book names its pages: 'textbook' (page − 2, covers blank) or 'number' (as is). */
export type PageNaming = 'textbook' | 'number';

/** What the label of a book's page depends on. */
export interface PageNamingRule {
  readonly pageNaming: PageNaming;
  /** The book's first Ncode page (its page 1). */
  readonly firstPage: number;
}

/**
 * The §5 label of Ncode page `page` of `book`: for a textbook, with n = page − firstPage + 1 (the
 * book's 1-based page), '' for n ≤ 2 and else `String(n − 2)`; for a notebook the plain page number.
 */
export function pageLabel(book: PageNamingRule, page: number): string {
  if (book.pageNaming === 'number') return String(page);
  const n = page - book.firstPage + 1;
  return n <= 2 ? '' : String(n - 2);
}
