/**
 * The units (categories) of a book as the analytics see them (classroom.md §3 Category, §5 page
 * labels and the unclassified unit), and the page → unit look-ups the summary's hot loop uses.
 *
 * Rules (the spec is silent on the details; these are the lead's decisions):
 * - A unit keeps only its pages inside the analysed range `[startPage, endPage]`; sub-units are
 *   clipped to the range the same way (not to their parent).
 * - A unit with no page inside the range is KEPT, with `pages: []`, `numPages: 0` (and rates 0):
 *   the teacher's material may cover only part of a book, and a unit's `index` stays the same
 *   whatever the range.
 * - Every unit and sub-unit gets a running `index`, depth first from 0 (a unit, then its
 *   sub-units, then the next unit).
 * - `pageNames`: one per page, the unit definition's `pageNames[p − unit.startPage]` when given
 *   (and not missing for that page), else the §5 label of the page.
 * - Pages inside no top-level unit form the 'unclassified unit': `index −1`, title '' (the app
 *   names it in the user's language), appended last, only when it has pages.
 * - A page inside several top-level units (overlapping definitions) counts for each of them; its
 *   'Status per page' unit is the first of them.
 */
import type { SummaryUnit, UnitDefinition } from '@dotink/contracts/eduAnalytics';
import { type PageNaming, pageLabel } from '@dotink/ncode';

/** The book range and naming the units need (a subset of the summary's `BookInput`). */
export interface UnitBook {
  readonly startPage: number;
  readonly endPage: number;
  /** The book's first Ncode page (its page 1); defaults to `startPage`. */
  readonly firstPage?: number | undefined;
  readonly pageNaming: PageNaming;
  readonly units: readonly UnitDefinition[];
}

/** `index` of the unclassified unit. */
export const UNCLASSIFIED_UNIT_INDEX = -1;

/**
 * The §5 label of Ncode page `page` of the analysed book: ncode's {@link pageLabel} (the one rule
 * of every screen), counting from `firstPage` (else the range's start).
 */
function labelOf(book: Pick<UnitBook, 'startPage' | 'firstPage' | 'pageNaming'>, page: number): string {
  return pageLabel({ pageNaming: book.pageNaming, firstPage: book.firstPage ?? book.startPage }, page);
}

/** A book's units with the look-ups of the summary. */
export interface BookLayout {
  readonly startPage: number;
  readonly numPages: number;
  /** The tree answered to clients, the unclassified unit last when it has pages. */
  readonly units: SummaryUnit[];
  /** Every unit in `index` order (position i has index i), then the unclassified unit if any. */
  readonly flat: readonly SummaryUnit[];
  /** The §5 label of each page of the range (by offset from `startPage`). */
  readonly labels: readonly string[];
  /** Per page offset: `index` of the first top-level unit holding it, −1 if none. */
  readonly topUnitOfPage: Int32Array;
  /** Per page offset `o`, the positions in `flat` of the units holding it: `unitList[unitStart[o] … unitStart[o + 1])`. */
  readonly unitStart: Int32Array;
  readonly unitList: Int32Array;
}

/** Pages of the range, checked: a RangeError for a range that is not one of whole pages. */
function rangeSize(book: UnitBook): number {
  const { startPage, endPage } = book;
  if (!Number.isInteger(startPage) || !Number.isInteger(endPage) || endPage < startPage) {
    throw new RangeError(`not a page range: ${startPage}–${endPage}`);
  }
  return endPage - startPage + 1;
}

/** Builds the units and look-ups of `book` (see the module's rules). */
export function bookLayout(book: UnitBook): BookLayout {
  const { startPage, endPage } = book;
  const numPages = rangeSize(book);
  const labels = Array.from({ length: numPages }, (_, o) => labelOf(book, startPage + o));
  const holders: number[][] = Array.from({ length: numPages }, () => []);
  const topUnitOfPage = new Int32Array(numPages).fill(UNCLASSIFIED_UNIT_INDEX);
  const flat: SummaryUnit[] = [];

  const build = (def: UnitDefinition, top: boolean): SummaryUnit => {
    const index = flat.length;
    const lo = Math.max(def.startPage, startPage);
    const hi = Math.min(def.endPage, endPage);
    const pages: number[] = [];
    const pageNames: string[] = [];
    for (let p = lo; p <= hi; p++) {
      const o = p - startPage;
      pages.push(p);
      pageNames.push(def.pageNames?.[p - def.startPage] ?? labels[o]!);
      holders[o]!.push(index);
      if (top && topUnitOfPage[o] === UNCLASSIFIED_UNIT_INDEX) topUnitOfPage[o] = index;
    }
    const unit: { -readonly [K in keyof SummaryUnit]: SummaryUnit[K] } = {
      index,
      title: def.title,
      pages,
      pageNames,
      numPages: pages.length,
      subCategories: [],
    };
    flat.push(unit);
    unit.subCategories = def.subCategories.map((sub) => build(sub, false));
    return unit;
  };
  const units = book.units.map((def) => build(def, true));

  const loose: number[] = [];
  for (let o = 0; o < numPages; o++) if (topUnitOfPage[o] === UNCLASSIFIED_UNIT_INDEX) loose.push(o);
  if (loose.length > 0) {
    const position = flat.length;
    const unclassified: SummaryUnit = {
      index: UNCLASSIFIED_UNIT_INDEX,
      title: '',
      pages: loose.map((o) => startPage + o),
      pageNames: loose.map((o) => labels[o]!),
      numPages: loose.length,
      subCategories: [],
    };
    for (const o of loose) holders[o]!.push(position);
    flat.push(unclassified);
    units.push(unclassified);
  }

  const unitStart = new Int32Array(numPages + 1);
  for (let o = 0; o < numPages; o++) unitStart[o + 1] = unitStart[o]! + holders[o]!.length;
  const unitList = new Int32Array(unitStart[numPages]!);
  for (let o = 0; o < numPages; o++) unitList.set(holders[o]!, unitStart[o]!);

  return { startPage, numPages, units, flat, labels, topUnitOfPage, unitStart, unitList };
}

/** The units of a book as the analytics see them, the unclassified unit last when it has pages. */
export function summaryUnits(book: UnitBook): SummaryUnit[] {
  return bookLayout(book).units;
}
