import { BrushType } from '@dotink/ink';
import { describe, expect, it } from 'vitest';
import { line, makeStroke, PAGE_A } from '../testing/fixtures';
import { diameterAt, strokeOutline } from './outline';
import { IDENTITY_PAGE_TRANSFORM } from './pageTransform';
import { liveSegmentWidthPx, outlineScaleFor, strokeOutlinePx } from './strokeOutline';

const pts = (n: number) => {
  const a = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    a[2 * i] = 10 + i * 5;
    a[2 * i + 1] = 20 + i * 3;
  }
  return a;
};

describe('strokeOutline', () => {
  it('is a polygon for 3 or more points', () => {
    for (const n of [3, 4, 50]) {
      const o = strokeOutline(pts(n), new Array(n).fill(0.5), 4);
      expect(o.length).toBeGreaterThan(2);
      for (const p of o) {
        expect(Number.isFinite(p[0])).toBe(true);
        expect(Number.isFinite(p[1])).toBe(true);
      }
    }
  });

  it('is empty for fewer than 3 points (engine.md §5)', () => {
    for (const n of [0, 1, 2]) expect(strokeOutline(pts(n), new Array(n).fill(0.5), 4)).toEqual([]);
  });

  it('skips non-finite points, and is empty when fewer than 3 remain', () => {
    const a = pts(4);
    a[2] = Number.POSITIVE_INFINITY;
    a[4] = Number.NaN;
    expect(strokeOutline(a, [0.5, 0.5, 0.5, 0.5], 4)).toEqual([]);
    a[4] = 30;
    expect(strokeOutline(a, [0.5, 0.5, 0.5, 0.5], 4).length).toBeGreaterThan(2);
  });

  it('grows with pressure (real pressure, not simulated)', () => {
    const width = (p: number) => {
      const o = strokeOutline(pts(20), new Array(20).fill(p), 8);
      const ys = o.map((q) => q[1]! - (q[0]! - 10) * 0.6);
      return Math.max(...ys) - Math.min(...ys);
    };
    expect(width(1)).toBeGreaterThan(width(0.1));
    expect(diameterAt(8, 0.5)).toBe(8);
    expect(diameterAt(8, 1)).toBe(12);
    expect(diameterAt(8, 0)).toBe(4);
  });
});

describe('strokeOutlinePx', () => {
  it('draws a stroke of ≥ 3 dots and nothing for fewer', () => {
    expect(
      strokeOutlinePx(makeStroke(PAGE_A, line(10, 10, 3)), IDENTITY_PAGE_TRANSFORM, 1).length,
    ).toBeGreaterThan(2);
    expect(strokeOutlinePx(makeStroke(PAGE_A, line(10, 10, 2)), IDENTITY_PAGE_TRANSFORM, 1)).toEqual([]);
    expect(strokeOutlinePx(makeStroke(PAGE_A, line(10, 10, 9)), IDENTITY_PAGE_TRANSFORM, 1, 2)).toEqual([]);
  });

  it('lies where the dots are, at the view scale', () => {
    const s = makeStroke(PAGE_A, line(10, 10, 6));
    const o = strokeOutlinePx(s, IDENTITY_PAGE_TRANSFORM, 2);
    const xs = o.map((p) => p[0]!);
    // dots span x 10 … 15 nu = 67.2 … 100.8 pt = 134.4 … 201.6 px at scale 2
    expect(Math.min(...xs)).toBeGreaterThan(134.4 - 10);
    expect(Math.max(...xs)).toBeLessThan(201.6 + 10);
  });

  it('caches outlines at power-of-two scales', () => {
    expect(outlineScaleFor(1)).toBe(1);
    expect(outlineScaleFor(1.3)).toBe(1);
    expect(outlineScaleFor(1.5)).toBe(2);
    expect(outlineScaleFor(3)).toBe(4);
    expect(outlineScaleFor(0.25)).toBe(0.25);
    expect(outlineScaleFor(0)).toBe(1);
  });

  it('gives markers 5 × the width of a live segment', () => {
    const pen = liveSegmentWidthPx({ brushType: BrushType.pen, thickness: 0.2 }, 0.5, 1);
    const marker = liveSegmentWidthPx({ brushType: BrushType.marker, thickness: 0.2 }, 0.5, 1);
    expect(pen).toBeCloseTo(1.25, 9);
    expect(marker).toBeCloseTo(6.25, 9);
  });
});
