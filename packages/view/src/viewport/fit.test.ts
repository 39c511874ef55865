import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_PADDING_PX, FULL_FIT_FACTOR, fitViewport } from './fit';
import { AUTO_FOCUS_MARGIN_PX, focusOn } from './focus';

const page = { width: 600, height: 800 };
const view = { width: 1000, height: 900 };
const current = { scale: 1.3, offsetXPx: 7, offsetYPx: 9 };

describe('fit modes', () => {
  it('has the spec constants', () => {
    expect(FULL_FIT_FACTOR).toBe(0.95);
    expect(DEFAULT_VIEW_PADDING_PX).toBe(100);
  });

  it('actual: scale 1, centred', () => {
    expect(fitViewport('actual', view, page, current)).toEqual({ scale: 1, offsetXPx: 200, offsetYPx: 50 });
  });

  it('full: the whole page × 0.95, centred', () => {
    const v = fitViewport('full', view, page, current);
    expect(v.scale).toBeCloseTo((900 / 800) * 0.95, 12);
    expect(v.offsetXPx).toBeCloseTo((1000 - 600 * v.scale) / 2, 9);
    expect(v.offsetYPx).toBeCloseTo((900 - 800 * v.scale) / 2, 9);
    expect(800 * v.scale).toBeLessThan(900);
  });

  it('width: the width less the padding on both sides; a tall page starts below the top padding', () => {
    const v = fitViewport('width', view, page, current);
    expect(v.scale).toBeCloseTo((1000 - 200) / 600, 12);
    expect(v.offsetXPx).toBeCloseTo(100, 9);
    expect(v.offsetYPx).toBe(100);
    const short = fitViewport('width', view, { width: 600, height: 200 }, current);
    expect(short.offsetYPx).toBeCloseTo((900 - 200 * short.scale) / 2, 9);
  });

  it('height: the height less the padding above and below, centred', () => {
    const v = fitViewport('height', view, page, current);
    expect(v.scale).toBeCloseTo((900 - 200) / 800, 12);
    expect(v.offsetYPx).toBeCloseTo(100, 9);
    expect(v.offsetXPx).toBeCloseTo((1000 - 600 * v.scale) / 2, 9);
  });

  it('free keeps the viewport; empty sizes too', () => {
    expect(fitViewport('free', view, page, current)).toBe(current);
    expect(fitViewport('full', { width: 0, height: 0 }, page, current)).toBe(current);
    expect(fitViewport('full', view, { width: 0, height: 10 }, current)).toBe(current);
  });

  it('caps the padding at a quarter of a small view and clamps the zoom', () => {
    const v = fitViewport('width', { width: 200, height: 300 }, page, current);
    expect(v.scale).toBeCloseTo(0.25, 12); // (200 − 100) / 600 = 0.167 → 0.25
    const big = fitViewport('full', { width: 5000, height: 5000 }, { width: 100, height: 100 }, current);
    expect(big.scale).toBe(3);
  });
});

describe('auto focus', () => {
  const vp = { scale: 1, offsetXPx: 0, offsetYPx: 0 };
  it('leaves the viewport when the point is inside', () => {
    expect(focusOn(vp, { x: 500, y: 400 }, view)).toBe(vp);
  });
  it('pans just enough to bring the point inside the margin', () => {
    expect(focusOn(vp, { x: 1100, y: 10 }, view)).toEqual({
      scale: 1,
      offsetXPx: 1000 - AUTO_FOCUS_MARGIN_PX - 1100,
      offsetYPx: AUTO_FOCUS_MARGIN_PX - 10,
    });
  });
});
