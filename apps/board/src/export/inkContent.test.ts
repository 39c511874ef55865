import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedNumber } from './inkContent';

describe('fixedNumber', () => {
  it('writes PDF numbers: fixed decimals, trailing zeros dropped, no -0 or exponent', () => {
    expect(fixedNumber(67.2, 2)).toBe('67.2');
    expect(fixedNumber(774.69, 2)).toBe('774.69');
    expect(fixedNumber(0.05, 2)).toBe('0.05');
    expect(fixedNumber(-3.004, 2)).toBe('-3');
    expect(fixedNumber(-0.001, 2)).toBe('0');
    expect(fixedNumber(1e-9, 3)).toBe('0');
    expect(fixedNumber(12345678.9, 1)).toBe('12345678.9');
    expect(fixedNumber(0.2, 3)).toBe('0.2');
    expect(fixedNumber(Number.NaN, 2)).toBe('0');
  });

  it('reads back within half a unit of the last decimal', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(1, 2, 3), (v, d) => {
        const text = fixedNumber(v, d as 1 | 2 | 3);
        expect(text).toMatch(/^-?\d+(\.\d*[1-9])?$/);
        expect(Math.abs(Number(text) - v)).toBeLessThanOrEqual(0.5 / 10 ** d + 1e-9);
      }),
    );
  });
});
