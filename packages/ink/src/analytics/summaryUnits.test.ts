import { describe, expect, it } from 'vitest';
import { bookLayout, summaryUnits, type UnitBook } from './summaryUnits';

const textbook = (startPage: number, endPage: number, units: UnitBook['units'] = [], firstPage?: number) => ({
  startPage,
  endPage,
  firstPage,
  pageNaming: 'textbook' as const,
  units,
});

describe('page labels (classroom.md §5)', () => {
  it("blanks a textbook's first two pages and numbers the rest from 1", () => {
    expect(bookLayout(textbook(1, 6)).labels).toEqual(['', '', '1', '2', '3', '4']);
  });

  it("counts from the book's first page when the range starts later", () => {
    // Ncode pages 9… are the book's pages 1…: page 10 is its page 2 (''), page 11 its page 3 ('1').
    const book = textbook(10, 14, [], 9);
    expect(bookLayout(book).labels).toEqual(['', '1', '2', '3', '4']);
  });

  it('numbers a notebook plainly', () => {
    const notebook = { startPage: 498, endPage: 500, pageNaming: 'number' as const, units: [] };
    expect(bookLayout(notebook).labels).toEqual(['498', '499', '500']);
  });
});

describe('summaryUnits', () => {
  it('puts the whole range in the unclassified unit when the book has no units', () => {
    expect(summaryUnits({ startPage: 4, endPage: 6, pageNaming: 'number', units: [] })).toEqual([
      { index: -1, title: '', pages: [4, 5, 6], pageNames: ['4', '5', '6'], numPages: 3, subCategories: [] },
    ]);
  });

  it('has no unclassified unit when the units cover the range', () => {
    const units = summaryUnits(
      textbook(1, 4, [{ title: 'All', startPage: 1, endPage: 4, subCategories: [] }]),
    );
    expect(units.map((u) => [u.index, u.numPages])).toEqual([[0, 4]]);
  });

  it('clips units to the range, keeps a unit outside it with no pages, and names pages from the definition', () => {
    const units = summaryUnits(
      textbook(5, 10, [
        { title: 'Before', startPage: 1, endPage: 4, subCategories: [] },
        {
          title: 'Across',
          startPage: 3,
          endPage: 8,
          pageNames: ['a', 'b', 'c', 'd', 'e'], // pages 3–7; page 8 has no name
          subCategories: [{ title: 'Sub', startPage: 8, endPage: 12, subCategories: [] }],
        },
      ]),
    );
    expect(units).toEqual([
      { index: 0, title: 'Before', pages: [], pageNames: [], numPages: 0, subCategories: [] },
      {
        index: 1,
        title: 'Across',
        pages: [5, 6, 7, 8],
        // Pages 5–7 named by the definition (its pages 3–7 are 'a'–'e'); page 8 has no name: its
        // §5 label, the range's first page 5 being the book's page 1: n = 8 − 5 + 1 = 4 → '2'.
        pageNames: ['c', 'd', 'e', '2'],
        numPages: 4,
        subCategories: [
          {
            index: 2,
            title: 'Sub',
            pages: [8, 9, 10],
            pageNames: ['2', '3', '4'],
            numPages: 3,
            subCategories: [],
          },
        ],
      },
      { index: -1, title: '', pages: [9, 10], pageNames: ['3', '4'], numPages: 2, subCategories: [] },
    ]);
  });

  it('gives a page in overlapping units to the first of them for the status per page', () => {
    const layout = bookLayout(
      textbook(1, 3, [
        { title: 'A', startPage: 1, endPage: 2, subCategories: [] },
        { title: 'B', startPage: 2, endPage: 3, subCategories: [] },
      ]),
    );
    expect([...layout.topUnitOfPage]).toEqual([0, 0, 1]);
    expect(layout.flat.map((u) => u.pages)).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });

  it('refuses a range that is not one of whole pages', () => {
    expect(() => summaryUnits(textbook(5, 4))).toThrow(new RangeError('not a page range: 5–4'));
    expect(() => summaryUnits(textbook(1.5, 4))).toThrow(RangeError);
  });
});
