import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convert,
  isLengthUnit,
  type LengthUnit,
  MAX_PDF_IMAGE_PIXELS,
  mmToNu,
  NU_TO_MM,
  NU_TO_PT,
  nuToMm,
  nuToPt,
  nuToPx,
  PT_PER_PX600,
  PT_TO_NU,
  PT_TO_NU_EXACT,
  ptToNu,
  pxToNu,
} from './units';

describe('units', () => {
  it('states the vendor constants', () => {
    expect(NU_TO_PT).toBe(6.72);
    expect(PT_TO_NU).toBe(0.1488);
    expect(PT_TO_NU_EXACT).toBeCloseTo(0.1488095, 7);
    expect(NU_TO_MM).toBeCloseTo(2.370667, 6);
    expect(PT_PER_PX600).toBe(0.12);
    expect(convert(1, 'px600', 'pt')).toBeCloseTo(0.12, 12);
    expect(MAX_PDF_IMAGE_PIXELS).toBe(5242880);
  });

  it('converts the worked pen dot (40, 60) nu', () => {
    expect(nuToPt(40)).toBe(268.8);
    expect(nuToPt(60)).toBe(403.2);
    expect(nuToMm(40)).toBeCloseTo(94.827, 3);
    expect(nuToMm(60)).toBeCloseTo(142.24, 3);
    expect(nuToPx(40)).toBe(2240);
    expect(nuToPx(60)).toBe(3360);
    expect(convert(268.8, 'pt', 'mm')).toBeCloseTo(94.827, 3);
    expect(convert(142.24, 'mm', 'px', 600)).toBeCloseTo(3360, 6);
  });

  it('converts A4 (210 × 297 mm)', () => {
    expect(convert(210, 'mm', 'pt')).toBeCloseTo(595.2756, 4);
    expect(convert(297, 'mm', 'pt')).toBeCloseTo(841.8898, 4);
    expect(mmToNu(210)).toBeCloseTo(88.5827, 4);
    expect(mmToNu(297)).toBeCloseTo(125.2812, 4);
    expect(convert(210, 'mm', 'px600')).toBeCloseTo(4960.63, 2);
    expect(convert(297, 'mm', 'px', 600)).toBeCloseTo(7015.75, 2);
  });

  it('states the per-unit table of the fact sheet', () => {
    expect(convert(1, 'nu', 'in')).toBeCloseTo(0.0933333, 7);
    expect(convert(1, 'nu', 'css')).toBeCloseTo(8.96, 12);
    expect(convert(1, 'pt', 'nu')).toBeCloseTo(25 / 168, 15);
    expect(convert(1, 'pt', 'px600')).toBeCloseTo(8.3333, 4);
    expect(convert(1, 'mm', 'nu')).toBeCloseTo(0.4218223, 7);
    expect(convert(1, 'mm', 'pt')).toBeCloseTo(2.8346457, 7);
    expect(convert(1, 'inch', 'pt')).toBe(72);
    expect(convert(1, 'cm', 'mm')).toBeCloseTo(10, 12);
    expect(ptToNu(6.72)).toBeCloseTo(1, 12);
  });

  it('converts pixels at any dpi', () => {
    expect(nuToPx(1, 300)).toBe(28);
    expect(pxToNu(28, 300)).toBe(1);
    expect(convert(96, 'px', 'in', 96)).toBe(1);
    expect(() => convert(1, 'px', 'pt', 0)).toThrow(RangeError);
  });

  it('rejects unknown units with "Invalid unit"', () => {
    expect(() => convert(1, 'furlong', 'pt')).toThrow(new Error('Invalid unit'));
    expect(() => convert(1, 'nu', 'toString')).toThrow(new Error('Invalid unit'));
    expect(isLengthUnit('nu')).toBe(true);
    expect(isLengthUnit('px')).toBe(true);
    expect(isLengthUnit('constructor')).toBe(false);
  });

  it('round-trips between any two units', () => {
    const units: LengthUnit[] = ['nu', 'pt', 'pu', 'mm', 'cm', 'in', 'inch', 'px', 'px600', 'css'];
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.constantFrom(...units),
        fc.constantFrom(...units),
        fc.integer({ min: 1, max: 2400 }),
        (v, a, b, dpi) => {
          const back = convert(convert(v, a, b, dpi), b, a, dpi);
          expect(Math.abs(back - v)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(v)));
        },
      ),
    );
  });
});
