import { dotsFrom } from '@dotink/ink';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotPressures, maxPressureFor, normalizedPressure } from './pressure';

describe('pressure', () => {
  it('uses 852 for real pens and 800 for the mouse pen', () => {
    expect(maxPressureFor('pen')).toBe(852);
    expect(maxPressureFor('network')).toBe(852);
    expect(maxPressureFor('sdk')).toBe(852);
    expect(maxPressureFor('mouse')).toBe(800);
  });

  it('is force / max pressure, clamped to 0 … 1', () => {
    expect(normalizedPressure(426, 852)).toBe(0.5);
    expect(normalizedPressure(400, 800)).toBe(0.5);
    expect(normalizedPressure(2000, 852)).toBe(1);
    expect(normalizedPressure(-3, 852)).toBe(0);
    expect(normalizedPressure(Number.NaN, 852)).toBe(0);
    fc.assert(
      fc.property(fc.double(), fc.double({ min: 1, max: 4096, noNaN: true }), (f, m) => {
        const p = normalizedPressure(f, m);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('gives one pressure per dot', () => {
    const d = dotsFrom([200, 400, 800].map((force, i) => ({ xNu: i, yNu: 0, force, timeMs: i })));
    expect([...dotPressures(d, 800)]).toEqual([0.25, 0.5, 1]);
    expect(dotPressures(d, 800, 2)).toHaveLength(2);
  });
});
