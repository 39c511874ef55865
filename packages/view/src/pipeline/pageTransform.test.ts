import { dotsFrom } from '@dotink/ink';
import { applyHomography, homographyFromMatrix, NU_TO_PT } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotsToPagePt, IDENTITY_PAGE_TRANSFORM, nuToPagePt } from './pageTransform';

const dots = (pts: [number, number][]) =>
  dotsFrom(pts.map(([xNu, yNu], i) => ({ xNu, yNu, force: 400, timeMs: i })));

describe('dotsToPagePt', () => {
  it('maps with the identity paper at 6.72 pt per nu', () => {
    const out = dotsToPagePt(
      dots([
        [0, 0],
        [10, 20],
      ]),
      IDENTITY_PAGE_TRANSFORM,
    );
    expect([...out]).toEqual([0, 0, 10 * NU_TO_PT, 20 * NU_TO_PT]);
  });

  it('takes only the first `count` dots', () => {
    expect(
      dotsToPagePt(
        dots([
          [1, 1],
          [2, 2],
          [3, 3],
        ]),
        IDENTITY_PAGE_TRANSFORM,
        2,
      ),
    ).toHaveLength(4);
    expect(dotsToPagePt(dots([[1, 1]]), IDENTITY_PAGE_TRANSFORM, 5)).toHaveLength(2);
  });

  it('agrees with applyHomography for a perspective map', () => {
    const h = homographyFromMatrix([6.5, 0.2, 12, -0.1, 6.9, 30, 0.0004, 0.0002, 1]);
    fc.assert(
      fc.property(
        fc.float({ min: 0, max: 120, noNaN: true }),
        fc.float({ min: 0, max: 160, noNaN: true }),
        (x, y) => {
          const xf = Math.fround(x);
          const yf = Math.fround(y);
          const [px, py] = dotsToPagePt(dots([[xf, yf]]), h);
          const want = applyHomography(h, { x: xf, y: yf });
          expect(px).toBeCloseTo(want.x, 9);
          expect(py).toBeCloseTo(want.y, 9);
          const one = nuToPagePt(xf, yf, h);
          expect(one.x).toBeCloseTo(want.x, 9);
          expect(one.y).toBeCloseTo(want.y, 9);
        },
      ),
    );
  });
});
