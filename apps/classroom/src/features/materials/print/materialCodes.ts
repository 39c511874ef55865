/**
 * The Ncode pages a POD material prints on: its `.nproj` names the book (section, owner, book)
 * and the page code of the first PDF page; PDF page i prints on `startPage + i − 1` (the pages
 * the server issued when the material was registered). Without a readable `.nproj`, the
 * material's own record gives the same range.
 */
import type { Textbook } from '@dotink/contracts/eduLectures';
import { type PageAddress, pageAddress, parseNproj } from '@dotink/ncode';

/** Where a material's code pages start, and how many there are. */
export interface MaterialCodeRange {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly startPage: number;
  /** Pages with a code (the .nproj's page count, or the material's). */
  readonly pageCount: number;
}

/** The code range of `textbook`, from its `.nproj` text when there is one. */
export function materialCodeRange(
  textbook: Pick<Textbook, 'section' | 'owner' | 'book' | 'ncodeStartPage' | 'ncodeEndPage' | 'numPages'>,
  nprojXml: string | null,
): MaterialCodeRange {
  const own = {
    section: textbook.section,
    owner: textbook.owner,
    book: textbook.book,
    startPage: textbook.ncodeStartPage,
    pageCount: Math.max(textbook.numPages, textbook.ncodeEndPage - textbook.ncodeStartPage + 1),
  };
  if (!nprojXml) return own;
  const doc = parseNproj(nprojXml);
  const b = doc.book;
  return {
    section: b.section,
    owner: b.owner,
    book: b.code,
    startPage: b.startPage,
    pageCount: doc.pages.count > 0 ? doc.pages.count : own.pageCount,
  };
}

/** The code page of each of the first `pdfPages` PDF pages that have one. */
export function materialCodes(range: MaterialCodeRange, pdfPages: number): PageAddress[] {
  const n = Math.min(pdfPages, range.pageCount);
  return Array.from({ length: n }, (_, i) =>
    pageAddress(range.section, range.owner, range.book, range.startPage + i),
  );
}
