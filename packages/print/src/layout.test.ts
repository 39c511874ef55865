import { applyHomography } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentAreaNu, contentHomography, contentHomographyReverse, placeContent } from './layout';
import { chooseLandscape, PRINT_PAPERS, printedPageSize } from './paper';

describe('printed page sizes', () => {
  it('rounds the paper to whole 600-dpi pixels, 0.12 pt each', () => {
    expect(printedPageSize('A4')).toEqual({
      paper: 'A4',
      landscape: false,
      widthPx: 4961,
      heightPx: 7016,
      widthPt: 595.32,
      heightPt: 841.92,
    });
    expect(printedPageSize('Letter')).toMatchObject({
      widthPx: 5100,
      heightPx: 6600,
      widthPt: 612,
      heightPt: 792,
    });
    expect(printedPageSize('A3', true)).toMatchObject({ widthPx: 9921, heightPx: 7016 });
    expect(printedPageSize('B4')).toMatchObject({ widthPx: 5906, heightPx: 8339 });
    expect(printedPageSize('B5')).toMatchObject({ widthPx: 4157, heightPx: 5906 });
    for (const p of PRINT_PAPERS) {
      const s = printedPageSize(p);
      expect(s.widthPt).toBeCloseTo(s.widthPx * 0.12, 9);
      expect(s.heightPt).toBeCloseTo(s.heightPx * 0.12, 9);
    }
  });

  it('follows the content aspect in auto orientation', () => {
    expect(chooseLandscape('auto', 842, 595)).toBe(true);
    expect(chooseLandscape('auto', 595, 842)).toBe(false);
    expect(chooseLandscape('auto')).toBe(false);
    expect(chooseLandscape('landscape', 595, 842)).toBe(true);
  });
});

describe('content placement and page transform', () => {
  const a4 = printedPageSize('A4');

  it('maps an A4 document on A4 paper by the ideal full-page layout (≈ 6.72, no offset)', () => {
    const p = placeContent(a4, 595.2756, 841.8898);
    const h = contentHomography(p);
    expect(h.a).toBeCloseTo(6.72, 3);
    expect(h.e).toBeCloseTo(6.72, 3);
    expect(Math.abs(h.c)).toBeLessThan(0.03);
    expect(Math.abs(h.f)).toBeLessThan(0.03);
    expect(h.b).toBe(0);
    expect(h.g).toBe(0);
    // the worked example nu (40, 60) → (268.8, 403.2) pt, within the 0.01 % fit scale
    const pt = applyHomography(h, { x: 40, y: 60 });
    expect(pt.x).toBeCloseTo(268.8, 1);
    expect(pt.y).toBeCloseTo(403.2, 1);
  });

  it('maps the page exactly for a document of the printed page size', () => {
    const p = placeContent(a4, 595.32, 841.92);
    expect(p).toEqual({ leftPt: 0, topPt: 0, widthPt: 595.32, heightPt: 841.92, scale: 1 });
    const h = contentHomography(p);
    expect([h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i]).toEqual([6.72, 0, 0, 0, 6.72, 0, 0, 0, 1]);
    expect(contentAreaNu(p)[2]).toEqual({ x: 595.32 / 6.72, y: 841.92 / 6.72 });
  });

  it('keeps a margin and centres a Letter page on A4', () => {
    const p = placeContent(a4, 612, 792, 10);
    expect(p.scale).toBeCloseTo(575.32 / 612, 12);
    expect(p.leftPt).toBeCloseTo(10, 12);
    expect(p.topPt).toBeCloseTo((841.92 - 792 * p.scale) / 2, 12);
    expect(() => placeContent(a4, 0, 10)).toThrow(RangeError);
    expect(() => placeContent(a4, 10, 10, 400)).toThrow(RangeError);
  });

  it('sends each document corner to its nu corner, and back (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 50, max: 3000, noNaN: true }),
        fc.double({ min: 50, max: 3000, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.constantFrom(...PRINT_PAPERS),
        (w, h, margin, paper) => {
          const p = placeContent(printedPageSize(paper), w, h, margin);
          const fwd = contentHomography(p);
          const rev = contentHomographyReverse(p);
          const corners = [
            { x: 0, y: 0 },
            { x: w, y: 0 },
            { x: w, y: h },
            { x: 0, y: h },
          ];
          contentAreaNu(p).forEach((nu, i) => {
            const pt = applyHomography(fwd, nu);
            expect(pt.x).toBeCloseTo(corners[i]!.x, 6);
            expect(pt.y).toBeCloseTo(corners[i]!.y, 6);
            const back = applyHomography(rev, corners[i]!);
            expect(back.x).toBeCloseTo(nu.x, 6);
            expect(back.y).toBeCloseTo(nu.y, 6);
          });
        },
      ),
    );
  });
});
