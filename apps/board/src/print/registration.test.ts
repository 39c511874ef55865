import { applyHomography, type PageAddress, type Point2, pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentPageIndex,
  currentTarget,
  type RegistrationPage,
  type RegistrationState,
  registrationDone,
  registrationResult,
  startRegistration,
  tap,
} from './registration';

const A4 = { widthPt: 595.28, heightPt: 841.89 };
const p = (n: number) => pageAddress(3, 27, 168, n);
/** A tap: two dots 0.3 nu apart around `at`. */
const dotsAt = (at: Point2): Point2[] => [
  { x: at.x - 0.15, y: at.y - 0.1 },
  { x: at.x + 0.15, y: at.y + 0.1 },
];
const pages = (n: number, size = A4): RegistrationPage[] =>
  Array.from({ length: n }, (_, i) => ({ pdfPageNo: i + 1, sizePt: size }));

function run(s: RegistrationState, taps: readonly [PageAddress, Point2][]) {
  const outcomes: string[] = [];
  for (const [page, at] of taps) {
    const r = tap(s, page, dotsAt(at));
    s = r.state;
    outcomes.push(r.outcome);
  }
  return { s, outcomes };
}

// fact sheet §6 worked example: A4 PDF on Ncode A4 paper 3.27.168 at 96 %, centred
const P0 = { x: 13.40067, y: 17.65763 };
const P2 = { x: 81.43267, y: 113.87363 };

describe('page-order registration', () => {
  it('asks for the top-left mark, the bottom-right mark, then one tap per following page, and ends', () => {
    let s = startRegistration(pages(3));
    expect([currentTarget(s), currentPageIndex(s)]).toEqual(['topLeft', 0]);
    const r = run(s, [
      [p(5), P0],
      [p(5), P2],
      [p(6), { x: 40, y: 40 }],
      [p(7), { x: 10, y: 90 }],
    ]);
    s = r.s;
    expect(r.outcomes).toEqual(['accepted', 'accepted', 'accepted', 'done']);
    expect(registrationDone(s)).toBe(true);
    expect(currentTarget(s)).toBe('done');
    expect(s.registered).toEqual([p(5), p(6), p(7)]);
  });

  it('solves the worked example: a = e = 7.0, c = −34.27667, f = −39.41437, for every A4 page', () => {
    const r = run(startRegistration(pages(2)), [
      [p(1), P0],
      [p(1), P2],
      [p(2), { x: 50, y: 50 }],
    ]);
    const result = registrationResult(r.s);
    for (const page of result) {
      expect(page.h.a).toBeCloseTo(7.0, 4);
      expect(page.h.e).toBeCloseTo(7.0, 4);
      expect(page.h.c).toBeCloseTo(-34.27667, 3);
      expect(page.h.f).toBeCloseTo(-39.41437, 3);
      expect(Math.abs(page.h.b) + Math.abs(page.h.d) + Math.abs(page.h.g) + Math.abs(page.h.h)).toBeLessThan(
        1e-9,
      );
      const origin = applyHomography(page.hRev, { x: 0, y: 0 });
      expect(origin.x).toBeCloseTo(4.89667, 4);
      expect(origin.y).toBeCloseTo(5.63063, 4);
    }
    expect(result.map((x) => x.address)).toEqual([p(1), p(2)]);
  });

  it('rejects the bottom-right mark on another Ncode page as "not the same page" and repeats the step', () => {
    const r = run(startRegistration(pages(2)), [
      [p(1), P0],
      [p(2), P2],
    ]);
    expect(r.outcomes).toEqual(['accepted', 'notSame']);
    expect(r.s.alert).toBe('notSame');
    expect(currentTarget(r.s)).toBe('bottomRight');
    const again = tap(r.s, p(1), dotsAt(P2));
    expect(again.outcome).toBe('accepted');
    expect(again.state.alert).toBeUndefined();
  });

  it('rejects a page already registered, or shown by another board page, as an overlap', () => {
    const r = run(startRegistration(pages(3), [p(9)]), [
      [p(9), P0],
      [p(1), P0],
      [p(1), P2],
      [p(1), { x: 30, y: 30 }],
      [p(9), { x: 30, y: 30 }],
      [p(2), { x: 30, y: 30 }],
      [p(2), { x: 30, y: 30 }],
    ]);
    expect(r.outcomes).toEqual([
      'overlap',
      'accepted',
      'accepted',
      'overlap',
      'overlap',
      'accepted',
      'overlap',
    ]);
    expect(r.s.registered).toEqual([p(1), p(2)]);
    expect(r.s.alert).toBe('overlap');
    expect(currentPageIndex(r.s)).toBe(2);
  });

  it('ignores strokes that are not taps (spread over 2 nu, or a single dot) without an alert', () => {
    const s = startRegistration(pages(1));
    const long = tap(s, p(1), [
      { x: 10, y: 10 },
      { x: 12.1, y: 10 },
    ]);
    expect(long.outcome).toBe('ignored');
    expect(long.state).toBe(s);
    expect(tap(s, p(1), [{ x: 10, y: 10 }]).outcome).toBe('ignored');
    expect(
      tap(s, p(1), [
        { x: 10, y: 10 },
        { x: 11.9, y: 11.5 },
      ]).state.topLeftNu,
    ).toEqual({ x: 10.95, y: 10.75 });
  });

  it('a one-page registration ends on the bottom-right mark', () => {
    const r = run(startRegistration(pages(1)), [
      [p(3), P0],
      [p(3), P2],
    ]);
    expect(r.outcomes).toEqual(['accepted', 'done']);
  });

  it('gives pages of another size their own map through their placement on the sheet', () => {
    // page 1: A4 at scale 0.96 centred; page 2: a landscape-ish small page placed elsewhere
    const sheet = { widthPt: 595.32, heightPt: 841.92 };
    const place = (w: number, h: number, s: number) => ({
      leftPt: (sheet.widthPt - w * s) / 2,
      topPt: (sheet.heightPt - h * s) / 2,
      scale: s,
    });
    const small = { widthPt: 300, heightPt: 200 };
    const list: RegistrationPage[] = [
      { pdfPageNo: 1, sizePt: A4, placement: place(A4.widthPt, A4.heightPt, 0.96) },
      { pdfPageNo: 2, sizePt: small, placement: place(small.widthPt, small.heightPt, 1.5) },
    ];
    // the Ncode sheet: sheet pt = 6.72·nu − 21 (Ncode A4 paper 3.27.168); crosses of page 1 in nu
    const nuOfSheet = (x: number, y: number) => ({ x: (x + 21) / 6.72, y: (y + 21) / 6.72 });
    const pl1 = list[0]!.placement!;
    const cross = (f: number) =>
      nuOfSheet(pl1.leftPt + f * A4.widthPt * pl1.scale, pl1.topPt + f * A4.heightPt * pl1.scale);
    const r = run(startRegistration(list), [
      [p(1), cross(0.1)],
      [p(1), cross(0.9)],
      [p(2), { x: 40, y: 60 }],
    ]);
    const [, second] = registrationResult(r.s);
    // the point (100, 50) pt of page 2 is printed at sheet (left + 150, top + 75)
    const pl2 = list[1]!.placement!;
    const nu = nuOfSheet(pl2.leftPt + 100 * pl2.scale, pl2.topPt + 50 * pl2.scale);
    const back = applyHomography(second!.h, nu);
    expect(back.x).toBeCloseTo(100, 3);
    expect(back.y).toBeCloseTo(50, 3);
  });

  it('property: the registered map sends the tapped crosses back to 10 % and 90 % of page 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: 5, max: 8, noNaN: true }),
        fc.double({ min: -0.3, max: 0.3, noNaN: true }),
        (x0, y0, scale, angle) => {
          // a printed sheet: pt → nu is a rotation + scale + offset
          const toNu = (x: number, y: number) => ({
            x: x0 + (Math.cos(angle) * x - Math.sin(angle) * y) / scale,
            y: y0 + (Math.sin(angle) * x + Math.cos(angle) * y) / scale,
          });
          const tl = toNu(0.1 * A4.widthPt, 0.1 * A4.heightPt);
          const br = toNu(0.9 * A4.widthPt, 0.9 * A4.heightPt);
          const r = run(startRegistration(pages(1)), [
            [p(1), tl],
            [p(1), br],
          ]);
          const [only] = registrationResult(r.s);
          const mid = applyHomography(only!.h, toNu(300, 400));
          return Math.abs(mid.x - 300) < 1e-6 && Math.abs(mid.y - 400) < 1e-6;
        },
      ),
    );
  });

  it('will not give a result before the end', () => {
    expect(() => registrationResult(startRegistration(pages(2)))).toThrow('registration is not complete');
    expect(() => startRegistration([])).toThrow(RangeError);
  });
});
