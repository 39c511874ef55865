/**
 * Ncode page addresses (SOBP: section, owner, book, page).
 *
 * A page is identified by its string id `"s.o.b.p"`, never by a packed number (packing into
 * 32-bit integers collides). `-1` in any field means "unknown".
 */

/** One Ncode page. All four fields are integers; -1 means unknown. */
export interface PageAddress {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
}

/** A book: the first three parts of a page address (the paper catalogue key). */
export type BookAddress = Omit<PageAddress, 'page'>;

/** `"s.o.b.p"`, the canonical string id of a page. */
export type PageId = string & { readonly __brand: 'PageId' };

/** `"s.o.b"`, the canonical string id of a book (the catalogue key). */
export type BookId = string & { readonly __brand: 'BookId' };

/** The "unknown page" value: all fields -1. */
export const UNKNOWN_PAGE: PageAddress = Object.freeze({ section: -1, owner: -1, book: -1, page: -1 });

/** Makes a page address (frozen, so it can be shared safely). */
export function pageAddress(section: number, owner: number, book: number, page: number): PageAddress {
  return Object.freeze({ section, owner, book, page });
}

/** The string id `"s.o.b.p"` of a page. */
export function pageId(a: PageAddress): PageId {
  return `${a.section}.${a.owner}.${a.book}.${a.page}` as PageId;
}

/** The string id `"s.o.b"` of the book a page belongs to. */
export function bookId(a: BookAddress): BookId {
  return `${a.section}.${a.owner}.${a.book}` as BookId;
}

const INT = /^-?\d+$/;

/**
 * Parses `"s.o.b.p"`. Surrounding white space is ignored. Returns `undefined` for anything that
 * is not exactly four integers (each an integer ≥ -1).
 */
export function parsePageId(text: string): PageAddress | undefined {
  const parts = text.trim().split('.');
  if (parts.length !== 4 || !parts.every((p) => INT.test(p))) return undefined;
  const [s, o, b, p] = parts.map(Number) as [number, number, number, number];
  if (s < -1 || o < -1 || b < -1 || p < -1) return undefined;
  return pageAddress(s, o, b, p);
}

/** Parses `"s.o.b"`. Returns `undefined` unless exactly three integers ≥ -1. */
export function parseBookId(text: string): BookAddress | undefined {
  const parts = text.trim().split('.');
  if (parts.length !== 3 || !parts.every((p) => INT.test(p))) return undefined;
  const [s, o, b] = parts.map(Number) as [number, number, number];
  if (s < -1 || o < -1 || b < -1) return undefined;
  return Object.freeze({ section: s, owner: o, book: b });
}

/** True when both name the same page. */
export function samePage(a: PageAddress, b: PageAddress): boolean {
  return a.section === b.section && a.owner === b.owner && a.book === b.book && a.page === b.page;
}

/** True when both pages belong to the same book. */
export function sameBook(a: BookAddress, b: BookAddress): boolean {
  return a.section === b.section && a.owner === b.owner && a.book === b.book;
}

/** True when any field is -1 (unknown). */
export function isUnknownPage(a: PageAddress): boolean {
  return a.section === -1 || a.owner === -1 || a.book === -1 || a.page === -1;
}

/** The names used on the wire (uploads, ink store): the book is `bookCode`, the page `pageNumber`. */
export interface WirePageAddress {
  readonly section: number;
  readonly owner: number;
  readonly bookCode: number;
  readonly pageNumber: number;
}

export function toWire(a: PageAddress): WirePageAddress {
  return { section: a.section, owner: a.owner, bookCode: a.book, pageNumber: a.page };
}

export function fromWire(w: WirePageAddress): PageAddress {
  return pageAddress(w.section, w.owner, w.bookCode, w.pageNumber);
}
