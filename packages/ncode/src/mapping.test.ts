import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageAddress } from './address';
import type { Quad } from './homography';
import {
  BASE_CODE_PAGES_PER_SHEET,
  buildDocumentMapping,
  type DocumentMappingInput,
  mappingId,
  normalizePdfPageNo,
  pageForPdfPage,
  pageMappingForPdfPage,
  pageNuToPt,
  pagePtToNu,
  pdfPageForPage,
  quadContains,
} from './mapping';

const A4 = { widthPt: 595.28, heightPt: 841.89 };
const codes = (n: number, start = 1) =>
  Array.from({ length: n }, (_, k) => pageAddress(0, 27, 667, start + k));

const input = (over: Partial<DocumentMappingInput> = {}): DocumentMappingInput => ({
  url: 'blob:doc',
  filename: 'doc.pdf',
  fingerprint: 'f00d',
  numPages: 3,
  pagesPerSheet: 1,
  pageInfos: codes(3),
  pageSizesPt: A4,
  ...over,
});

describe('document mapping', () => {
  it('builds the records of engine spec §3', () => {
    const m = buildDocumentMapping(
      input({ basePageInfos: codes(3, 100), timeString: '2024-01-02 03:04:05.006' }),
    );
    expect(m.id).toBe('f00d/1');
    expect(m.numPages).toBe(3);
    expect(m.printPageInfo).toEqual(pageAddress(0, 27, 667, 1));
    expect(m.basePageInfo).toEqual(pageAddress(0, 27, 667, 100));
    expect(m.timeString).toBe('2024-01-02 03:04:05.006');
    expect(m.pages.map((p) => p.pdfPageNo)).toEqual([1, 2, 3]);
    const p2 = m.pages[1]!;
    expect(p2.pageInfo).toEqual(pageAddress(0, 27, 667, 2));
    expect(p2.basePageInfo).toEqual(pageAddress(0, 27, 667, 101));
    expect(p2.pdfDesc).toEqual({
      url: 'blob:doc',
      filename: 'doc.pdf',
      fingerprint: 'f00d',
      numPages: 3,
      pageNo: 2,
      sizePt: A4,
    });
    // ideal layout: a pure scale 6.72 both ways
    expect(p2.h.a).toBeCloseTo(6.72, 12);
    expect(p2.h.e).toBeCloseTo(6.72, 12);
    expect(p2.hRev.a).toBeCloseTo(1 / 6.72, 12);
    expect(p2.npageArea[2].x).toBeCloseTo(88.5833, 4);
    expect(p2.npageArea[2].y).toBeCloseTo(125.28125, 5);
    expect(Object.isFrozen(m) && Object.isFrozen(m.pages) && Object.isFrozen(p2)).toBe(true);
  });

  it('marks base mappings with 16384 pages per sheet', () => {
    expect(BASE_CODE_PAGES_PER_SHEET).toBe(16384);
    expect(buildDocumentMapping(input({ pagesPerSheet: BASE_CODE_PAGES_PER_SHEET })).id).toBe('f00d/16384');
    expect(mappingId('abc', 2)).toBe('abc/2');
  });

  it('needs one page address per page', () => {
    expect(() => buildDocumentMapping(input({ pageInfos: codes(2) }))).toThrow(
      new Error('PageInfo array length is not equal to numPages'),
    );
    expect(() => buildDocumentMapping(input({ basePageInfos: codes(4) }))).toThrow(
      new Error('PageInfo array length is not equal to numPages'),
    );
    expect(() => buildDocumentMapping(input({ pageSizesPt: [A4] }))).toThrow(RangeError);
    expect(() => buildDocumentMapping(input({ numPages: 0, pageInfos: [] }))).toThrow(RangeError);
    expect(() => buildDocumentMapping(input({ pagesPerSheet: 1.5 }))).toThrow(RangeError);
  });

  it('uses the given page areas (Ncode A4 paper 3.27.168)', () => {
    const area: Quad = [
      { x: 3.125, y: 3.125 },
      { x: 91.708336, y: 3.125 },
      { x: 91.708336, y: 128.40625 },
      { x: 3.125, y: 128.40625 },
    ];
    const m = buildDocumentMapping(input({ numPages: 1, pageInfos: codes(1), npageAreas: [area] }));
    const page = m.pages[0]!;
    expect(page.h.c).toBeCloseTo(-21, 3);
    expect(page.h.f).toBeCloseTo(-21, 3);
    const pt = pageNuToPt(page, { x: 40, y: 60 });
    expect(pt.x).toBeCloseTo(6.72 * (40 - 3.125), 3);
    const nu = pagePtToNu(page, pt);
    expect(nu.x).toBeCloseTo(40, 9);
    expect(nu.y).toBeCloseTo(60, 9);
  });
});

describe('finding pages', () => {
  const m = buildDocumentMapping(
    input({ numPages: 10, pageInfos: codes(10), basePageInfos: codes(10, 500) }),
  );

  it('maps PDF page numbers: throws below 1, wraps above the total', () => {
    expect(pageForPdfPage(m, 1)).toEqual(pageAddress(0, 27, 667, 1));
    expect(pageForPdfPage(m, 10)).toEqual(pageAddress(0, 27, 667, 10));
    expect(pageForPdfPage(m, 11)).toEqual(pageAddress(0, 27, 667, 1));
    expect(pageMappingForPdfPage(m, 23).pdfPageNo).toBe(3);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => pageForPdfPage(m, bad)).toThrow(new Error('Page number range error'));
    }
    expect(() => normalizePdfPageNo(1, 0)).toThrow(new Error('Page number range error'));
  });

  it('wraps every page number ≥ 1 into 1 … total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 5000 }), (n, total) => {
        const p = normalizePdfPageNo(n, total);
        expect(p).toBeGreaterThanOrEqual(1);
        expect(p).toBeLessThanOrEqual(total);
        expect((n - p) % total).toBe(0);
      }),
    );
  });

  it('finds the PDF page of a code page, by print code then base code', () => {
    expect(pdfPageForPage(m, pageAddress(0, 27, 667, 4))?.pdfPageNo).toBe(4);
    expect(pdfPageForPage(m, pageAddress(0, 27, 667, 504))?.pdfPageNo).toBe(5);
    expect(pdfPageForPage(m, pageAddress(0, 27, 667, 44))).toBeUndefined();
  });

  it('picks the PDF page by position when pages share a sheet', () => {
    const half = (y0: number): Quad => [
      { x: 0, y: y0 },
      { x: 88, y: y0 },
      { x: 88, y: y0 + 62 },
      { x: 0, y: y0 + 62 },
    ];
    const sheet = pageAddress(0, 27, 667, 9);
    const twoUp = buildDocumentMapping(
      input({ numPages: 2, pagesPerSheet: 2, pageInfos: [sheet, sheet], npageAreas: [half(0), half(63)] }),
    );
    expect(pdfPageForPage(twoUp, sheet, { x: 10, y: 10 })?.pdfPageNo).toBe(1);
    expect(pdfPageForPage(twoUp, sheet, { x: 10, y: 100 })?.pdfPageNo).toBe(2);
    expect(pdfPageForPage(twoUp, sheet)?.pdfPageNo).toBe(1);
  });

  it('tests points against a quad, edges included', () => {
    const q: Quad = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 12, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(quadContains(q, { x: 5, y: 5 })).toBe(true);
    expect(quadContains(q, { x: 0, y: 5 })).toBe(true);
    expect(quadContains(q, { x: 11.5, y: 9 })).toBe(true);
    expect(quadContains(q, { x: 11.5, y: 1 })).toBe(false);
    expect(quadContains(q, { x: -1, y: 5 })).toBe(false);
  });
});
