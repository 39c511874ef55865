import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageAddress } from './address';
import { booksInSection, groupedPage, isReplaySection, nextPage, pagesInSection, wrapPage } from './sections';

describe('sections', () => {
  it('knows the pages per section of the spec table', () => {
    const table: [number, number][] = [
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
      [1, 4096],
      [44, 4096],
      [2048, 4096],
      [2052, 4096],
    ];
    for (const [section, pages] of table) expect(pagesInSection(section), `section ${section}`).toBe(pages);
  });

  it('knows the published book counts only', () => {
    expect(booksInSection(0)).toBe(16384);
    expect(booksInSection(3)).toBe(8192);
    expect(booksInSection(44)).toBeUndefined();
  });

  it('wraps page numbers at the section page count', () => {
    expect(wrapPage(3, 511)).toBe(511);
    expect(wrapPage(3, 512)).toBe(0);
    expect(wrapPage(3, 513)).toBe(1);
    expect(wrapPage(3, -1)).toBe(511);
    expect(wrapPage(14, 33)).toBe(1);
    expect(wrapPage(2050, 500)).toBe(0);
    expect(wrapPage(0, 4096 + 7)).toBe(7);
  });

  it('steps to the next page within the book, wrapping', () => {
    expect(nextPage(pageAddress(3, 27, 1068, 1))).toEqual(pageAddress(3, 27, 1068, 2));
    expect(nextPage(pageAddress(3, 27, 1068, 511))).toEqual(pageAddress(3, 27, 1068, 0));
    expect(nextPage(pageAddress(3, 27, 1068, 0), -1)).toEqual(pageAddress(3, 27, 1068, 511));
    expect(nextPage(pageAddress(14, 27, 1, 30), 5)).toEqual(pageAddress(14, 27, 1, 3));
  });

  it('wrapped pages always lie in 0 … count − 1', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 3, 4, 10, 14, 256, 2049, 77), fc.integer(), (section, page) => {
        const p = wrapPage(section, page);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThan(pagesInSection(section));
        const n = pagesInSection(section);
        expect((((p - page) % n) + n) % n).toBe(0);
      }),
    );
  });

  it('accepts replay sections 0–15 and 2048–2063 only', () => {
    for (const s of [0, 3, 15, 2048, 2050, 2063]) expect(isReplaySection(s), `${s}`).toBe(true);
    for (const s of [-1, 16, 44, 256, 2047, 2064]) expect(isReplaySection(s), `${s}`).toBe(false);
  });

  it('treats a section-10 page as page 1 when grouped', () => {
    expect(groupedPage(pageAddress(10, 5, 2, 37))).toEqual(pageAddress(10, 5, 2, 1));
    const other = pageAddress(3, 27, 168, 37);
    expect(groupedPage(other)).toBe(other);
  });
});
