import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pagePtToViewPx, ptToPx, pxToPt, sameViewport } from './viewTransform';

const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

describe('view transform', () => {
  it('px = pt × scale + offset, interleaved, in place when asked', () => {
    const pts = new Float64Array([1, 2, 3, 4]);
    const vp = { scale: 2, offsetXPx: 10, offsetYPx: -5 };
    expect([...pagePtToViewPx(pts, vp)]).toEqual([12, -1, 16, 3]);
    expect(pagePtToViewPx(pts, vp, pts)).toBe(pts);
    expect([...pts]).toEqual([12, -1, 16, 3]);
  });

  it('pxToPt inverts ptToPx', () => {
    fc.assert(
      fc.property(
        finite(0.25, 3),
        finite(-1e4, 1e4),
        finite(-1e4, 1e4),
        finite(0, 1000),
        finite(0, 1000),
        (scale, ox, oy, x, y) => {
          const vp = { scale, offsetXPx: ox, offsetYPx: oy };
          const back = pxToPt(ptToPx({ x, y }, vp), vp);
          expect(back.x).toBeCloseTo(x, 6);
          expect(back.y).toBeCloseTo(y, 6);
        },
      ),
    );
  });

  it('compares viewports by value', () => {
    expect(
      sameViewport({ scale: 1, offsetXPx: 2, offsetYPx: 3 }, { scale: 1, offsetXPx: 2, offsetYPx: 3 }),
    ).toBe(true);
    expect(
      sameViewport({ scale: 1, offsetXPx: 2, offsetYPx: 3 }, { scale: 1, offsetXPx: 2, offsetYPx: 4 }),
    ).toBe(false);
  });
});
