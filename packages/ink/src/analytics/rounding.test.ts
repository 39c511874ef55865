import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentRatePct, msToMinutes, percentOf, roundOneDecimal, writingRatePct } from './rounding';

describe('classroom number rules', () => {
  it('rounds to one decimal, halves away from zero, never -0', () => {
    expect([1.25, 1.15, 2.35, -1.25, 0.04, -0.04, 33.333].map(roundOneDecimal)).toEqual([
      1.3, 1.2, 2.4, -1.3, 0, 0, 33.3,
    ]);
    expect(Object.is(roundOneDecimal(-0.01), 0)).toBe(true);
    // a half that floating point stores just below itself still rounds away from zero:
    // (12.1 + 12.2) / 2 is 12.149999999999999, ×10 is 121.49999999999999
    expect(roundOneDecimal((12.1 + 12.2) / 2)).toBe(12.2);
    expect(roundOneDecimal(-(12.1 + 12.2) / 2)).toBe(-12.2);
    expect(roundOneDecimal(Number.NaN)).toBeNaN();
  });

  it('gives times in minutes with one decimal', () => {
    expect(msToMinutes(0)).toBe(0);
    expect(msToMinutes(90_000)).toBe(1.5);
    expect(msToMinutes(300_000)).toBe(5);
    expect(msToMinutes(100_000)).toBe(1.7);
  });

  it('writing rate = pages written / total × 100; content rate = pages tapped / total × 100', () => {
    expect(writingRatePct(1, 3)).toBe(33.3);
    expect(writingRatePct(2, 3)).toBe(66.7);
    expect(contentRatePct(124, 124)).toBe(100);
    expect(contentRatePct(5, 0)).toBe(0);
  });

  it('stays within half a tenth of the exact value (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const r = roundOneDecimal(x);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.round(r * 10)).toBeCloseTo(r * 10, 6);
      }),
    );
    fc.assert(
      fc.property(fc.nat(1000), fc.integer({ min: 1, max: 1000 }), (a, b) => {
        const pct = percentOf(Math.min(a, b), b);
        expect(pct).toBeGreaterThanOrEqual(0);
        expect(pct).toBeLessThanOrEqual(100);
      }),
    );
  });
});
