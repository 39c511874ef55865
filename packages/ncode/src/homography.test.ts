import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptTap,
  applyHomography,
  calibrationHomography,
  composeHomography,
  type Homography,
  homographyFromMatrix,
  IDENTITY_HOMOGRAPHY,
  invertHomography,
  type Point2,
  scaleHomography,
  solveHomography,
} from './homography';

const A4_PT = { w: 595.2756, h: 841.8898 };
const rect = (x0: number, y0: number, x1: number, y1: number): Point2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

function expectCoefficients(m: Homography, want: Partial<Record<keyof Homography, number>>, digits = 4) {
  const full = { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, h: 0, i: 1, ...want };
  for (const [k, v] of Object.entries(full))
    expect(m[k as keyof Homography], k).toBeCloseTo(v as number, digits);
  expect(m.tx).toBe(m.c);
  expect(m.ty).toBe(m.f);
  expect(m.type).toBe('homography');
}

describe('solveHomography', () => {
  it('solves the ideal A4 layout: a = e = 6.72', () => {
    const m = solveHomography(rect(0, 0, A4_PT.w / 6.72, A4_PT.h / 6.72), rect(0, 0, A4_PT.w, A4_PT.h));
    expectCoefficients(m, { a: 6.72, e: 6.72 }, 9);
  });

  it('solves Ncode A4 paper 3.27.168: c = f = −21', () => {
    const m = solveHomography(rect(3.125, 3.125, 91.708336, 128.40625), rect(0, 0, 595.28, 841.89));
    expectCoefficients(m, { a: 6.72, e: 6.72, c: -21, f: -21 }, 3);
  });

  it('solves the GRIDA plain-paper A4 print and maps nu (40, 60) to (291.01, 426.34) pt', () => {
    // the fact sheet's W × H = 595.28 × 841.89 pt
    const m = solveHomography(rect(0, 1.40656, 81.82143, 117.1113), rect(0, 0, 595.28, 841.89));
    expectCoefficients(m, { a: 7.27536, e: 7.27619, f: -10.2344 }, 4);
    const p = applyHomography(m, { x: 40, y: 60 });
    expect(p.x).toBeCloseTo(291.01, 2);
    expect(p.y).toBeCloseTo(426.34, 2);
    const rev = invertHomography(m);
    expectCoefficients(rev, { a: 0.13745, e: 0.137435, f: 1.40656 }, 5);
    const back = solveHomography(rect(0, 0, 595.28, 841.89), rect(0, 1.40656, 81.82143, 117.1113));
    for (const k of ['a', 'e', 'f'] as const) expect(back[k]).toBeCloseTo(rev[k], 10);
  });

  it('rejects degenerate quads with a clear error', () => {
    const good = rect(0, 0, 10, 10);
    const line = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 5, y: 0 },
    ];
    expect(() => solveHomography(line, good)).toThrow(
      /Degenerate homography: three source points are collinear/,
    );
    expect(() => solveHomography(good, [good[0]!, good[0]!, good[2]!, good[3]!])).toThrow(
      /Degenerate homography: three destination points/,
    );
    expect(() => solveHomography(good.slice(0, 3), good)).toThrow(RangeError);
    expect(() => solveHomography(good, [{ x: Number.NaN, y: 0 }, ...good.slice(1)])).toThrow(/non-finite/);
  });
});

describe('homography algebra', () => {
  it('builds identity and scale maps and composes them', () => {
    expect(applyHomography(IDENTITY_HOMOGRAPHY, { x: 3, y: 4 })).toEqual({ x: 3, y: 4 });
    const s = scaleHomography(6.72);
    expect(applyHomography(s, { x: 40, y: 60 })).toEqual({ x: 268.8, y: 403.2 });
    const t = scaleHomography(1, 1, -21, -21);
    const both = composeHomography(s, t);
    expect(applyHomography(both, { x: 40, y: 60 })).toEqual({ x: 247.8, y: 382.2 });
    expect(homographyFromMatrix([2, 0, 0, 0, 2, 0, 0, 0, 2])).toEqual(IDENTITY_HOMOGRAPHY);
    expect(() => homographyFromMatrix([1, 0, 0, 0, 1, 0, 0, 0, 0])).toThrow(/Degenerate/);
    expect(() => invertHomography(scaleHomography(0, 1))).toThrow(/singular/);
  });

  it('round-trips random projective maps (solve, apply, invert, compose)', () => {
    // jittered rectangles: realistic page quads (mild perspective, any position and size)
    const coord = fc.double({ min: -500, max: 500, noNaN: true });
    const point = fc.record({ x: coord, y: coord });
    const jitter = fc.double({ min: -0.15, max: 0.15, noNaN: true });
    const quad = fc
      .record({
        x: coord,
        y: coord,
        w: fc.double({ min: 50, max: 1000, noNaN: true }),
        h: fc.double({ min: 50, max: 1000, noNaN: true }),
        j: fc.array(jitter, { minLength: 8, maxLength: 8 }),
      })
      .map(({ x, y, w, h, j }) =>
        rect(x, y, x + w, y + h).map((p, k) => ({ x: p.x + j[2 * k]! * w, y: p.y + j[2 * k + 1]! * h })),
      );
    // the identity check below needs the probe off the horizon line; it must run for most cases
    let identityChecked = 0;
    fc.assert(
      fc.property(quad, quad, point, (src, dst, probe) => {
        const m = solveHomography(src, dst);
        const span = 1000;
        for (let k = 0; k < 4; k++) {
          const p = applyHomography(m, src[k]!);
          expect(Math.abs(p.x - dst[k]!.x)).toBeLessThan(1e-6 * span);
          expect(Math.abs(p.y - dst[k]!.y)).toBeLessThan(1e-6 * span);
        }
        const inv = invertHomography(m);
        for (let k = 0; k < 4; k++) {
          const p = applyHomography(inv, dst[k]!);
          expect(Math.abs(p.x - src[k]!.x)).toBeLessThan(1e-6 * span);
          expect(Math.abs(p.y - src[k]!.y)).toBeLessThan(1e-6 * span);
        }
        const id = composeHomography(m, inv);
        const q = applyHomography(id, probe);
        const w = m.g * probe.x + m.h * probe.y + 1;
        if (Math.abs(w) > 1e-3) {
          identityChecked++;
          expect(Math.abs(q.x - probe.x)).toBeLessThan(1e-6 * span);
          expect(Math.abs(q.y - probe.y)).toBeLessThan(1e-6 * span);
        }
      }),
      { numRuns: 300 },
    );
    expect(identityChecked).toBeGreaterThan(150);
  });
});

describe('calibration', () => {
  const W = 595.28;
  const H = 841.89;
  const ptP0 = { x: 0.1 * W, y: 0.1 * H };
  const ptP2 = { x: 0.9 * W, y: 0.9 * H };

  it('builds the map from two taps (fact sheet §6 worked example)', () => {
    const m = calibrationHomography({ x: 13.40067, y: 17.65763 }, { x: 81.43267, y: 113.87363 }, ptP0, ptP2);
    expectCoefficients(m, { a: 7, e: 7, c: -34.27667, f: -39.41437 }, 3);
    const origin = applyHomography(m, { x: 4.89667, y: 5.63063 });
    expect(origin.x).toBeCloseTo(0, 2);
    expect(origin.y).toBeCloseTo(0, 2);
  });

  it('recovers a rotated, scaled print', () => {
    // a print rotated by 5° and scaled: pt = R·s·(nu − o)
    const s = 6.9;
    const th = (5 * Math.PI) / 180;
    const truth = homographyFromMatrix([
      s * Math.cos(th),
      -s * Math.sin(th),
      40,
      s * Math.sin(th),
      s * Math.cos(th),
      -30,
      0,
      0,
      1,
    ]);
    const inv = invertHomography(truth);
    const m = calibrationHomography(applyHomography(inv, ptP0), applyHomography(inv, ptP2), ptP0, ptP2);
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const) expect(m[k]).toBeCloseTo(truth[k], 6);
  });

  it('rejects coinciding taps', () => {
    expect(() => calibrationHomography({ x: 1, y: 1 }, { x: 1, y: 1 }, ptP0, ptP2)).toThrow(/coincide/);
  });
});

describe('acceptTap', () => {
  it('accepts a tight tap at the bounding-box centre', () => {
    const tap = acceptTap([
      { x: 10, y: 10 },
      { x: 11.9, y: 11.5 },
    ]);
    expect(tap!.x).toBeCloseTo(10.95, 10);
    expect(tap!.y).toBeCloseTo(10.75, 10);
    expect(
      acceptTap([
        { x: 10, y: 10 },
        { x: 10, y: 10 },
        { x: 10.3, y: 10 },
      ]),
    ).toEqual({ x: 10.15, y: 10 });
  });

  it('rejects a wide stroke and a single dot', () => {
    expect(
      acceptTap([
        { x: 10, y: 10 },
        { x: 12.1, y: 10 },
      ]),
    ).toBeUndefined();
    expect(
      acceptTap([
        { x: 10, y: 10 },
        { x: 10, y: 12.5 },
      ]),
    ).toBeUndefined();
    expect(acceptTap([{ x: 10, y: 10 }])).toBeUndefined();
    expect(acceptTap([])).toBeUndefined();
  });
});

describe('homography boundaries', () => {
  it('builds a map only from nine coefficients with a usable i, normalised to i = 1', () => {
    expect(() => homographyFromMatrix([1, 0, 0])).toThrow(
      new RangeError('a homography needs 9 coefficients, got 3'),
    );
    expect(() => homographyFromMatrix([1, 0, 0, 0, 1, 0, 0, 0, 1, 0])).toThrow(RangeError);
    for (const i of [0, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => homographyFromMatrix([1, 0, 0, 0, 1, 0, 0, 0, i])).toThrow(/Degenerate homography/);
    }
    // All nine halved: x' = (2x + 4) / 2 = x + 2, y' = (2y + 6) / 2 = y + 3.
    expect(homographyFromMatrix([2, 0, 4, 0, 2, 6, 0, 0, 2])).toMatchObject({
      a: 1,
      c: 2,
      e: 1,
      f: 3,
      i: 1,
      tx: 2,
      ty: 3,
    });
  });

  it('rejects calibration taps or print targets that coincide, saying so', () => {
    const message = 'Degenerate homography: the two calibration points coincide';
    const ptP0 = { x: 59.528, y: 84.189 };
    const ptP2 = { x: 535.752, y: 757.701 };
    const nu = [
      { x: 10, y: 10 },
      { x: 90, y: 130 },
    ] as const;
    expect(() => calibrationHomography(nu[0], nu[0], ptP0, ptP2)).toThrow(message);
    expect(() => calibrationHomography(nu[0], nu[1], ptP0, ptP0)).toThrow(message);
  });

  it('accepts a tap spread exactly 2 nu, and measures the spread over every dot', () => {
    expect(
      acceptTap([
        { x: 0, y: 0 },
        { x: 2, y: 2 },
      ]),
    ).toEqual({ x: 1, y: 1 });
    // The widest dots in the middle of the tap: x from 0 to 3 is too wide, whatever comes last.
    expect(
      acceptTap([
        { x: 0, y: 0 },
        { x: 3, y: 0 },
        { x: 1, y: 0 },
      ]),
    ).toBeUndefined();
    expect(
      acceptTap([
        { x: 0, y: 0 },
        { x: 0, y: 3 },
        { x: 0, y: 1 },
      ]),
    ).toBeUndefined();
  });
});
