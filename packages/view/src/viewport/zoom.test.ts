import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  pinchViewport,
  wheelScale,
  wheelZoom,
  zoomAround,
} from './zoom';

const vp = { scale: 1, offsetXPx: 40, offsetYPx: 30 };
const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

describe('zoom (engine.md §9)', () => {
  it('clamps to 0.25 … 3', () => {
    expect([MIN_ZOOM, MAX_ZOOM]).toEqual([0.25, 3]);
    expect(clampZoom(0.1)).toBe(0.25);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(1.7)).toBe(1.7);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('scales by 0.9985 ^ deltaY per wheel event', () => {
    expect(wheelScale(1, 100)).toBeCloseTo(0.9985 ** 100, 12);
    expect(wheelScale(1, -100)).toBeCloseTo(0.9985 ** -100, 12);
    expect(wheelScale(1, 0)).toBe(1);
    expect(wheelScale(2.9, -1000)).toBe(3);
    expect(wheelScale(0.3, 5000)).toBe(0.25);
  });

  it('keeps the page point under the cursor', () => {
    fc.assert(
      fc.property(finite(-2000, 2000), finite(0, 1200), finite(0, 900), (deltaY, cx, cy) => {
        const next = wheelZoom(vp, deltaY, { x: cx, y: cy });
        const before = { x: (cx - vp.offsetXPx) / vp.scale, y: (cy - vp.offsetYPx) / vp.scale };
        const after = { x: (cx - next.offsetXPx) / next.scale, y: (cy - next.offsetYPx) / next.scale };
        expect(after.x).toBeCloseTo(before.x, 6);
        expect(after.y).toBeCloseTo(before.y, 6);
        expect(next.scale).toBeGreaterThanOrEqual(0.25);
        expect(next.scale).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('zooms around an anchor', () => {
    expect(zoomAround(vp, 2, { x: 40, y: 30 })).toEqual({ scale: 2, offsetXPx: 40, offsetYPx: 30 });
    expect(zoomAround({ scale: 1, offsetXPx: 0, offsetYPx: 0 }, 2, { x: 100, y: 0 })).toEqual({
      scale: 2,
      offsetXPx: -100,
      offsetYPx: 0,
    });
  });

  it('pans by the drag', () => {
    expect(panBy(vp, 5, -7)).toEqual({ scale: 1, offsetXPx: 45, offsetYPx: 23 });
  });

  it('pinches: scale by the finger distance ratio, midpoint follows', () => {
    const start = { scale: 1, offsetXPx: 0, offsetYPx: 0 };
    const next = pinchViewport(
      start,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 110, y: 120 },
        { x: 310, y: 120 },
      ],
    );
    expect(next.scale).toBe(2);
    // page point (150, 100) was under the old midpoint; it is under the new one (210, 120)
    expect(150 * next.scale + next.offsetXPx).toBeCloseTo(210, 9);
    expect(100 * next.scale + next.offsetYPx).toBeCloseTo(120, 9);
    // a pure two-finger pan keeps the scale
    const pan = pinchViewport(
      start,
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
      [
        { x: 5, y: 5 },
        { x: 15, y: 5 },
      ],
    );
    expect(pan).toEqual({ scale: 1, offsetXPx: 5, offsetYPx: 5 });
    // clamped
    const far = pinchViewport(
      start,
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
      ],
    );
    expect(far.scale).toBe(3);
  });
});
