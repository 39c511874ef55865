import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, UPLOAD_BACKOFF } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the first delay up to the ceiling (no spread)', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((a) => backoffDelay(a, UPLOAD_BACKOFF, none))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('adds at most the spread, and stays within its bounds for any attempt', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1000 }), fc.double({ min: 0, max: 1, noNaN: true }), (a, r) => {
        const d = backoffDelay(a, UPLOAD_BACKOFF, () => r);
        expect(d).toBeGreaterThanOrEqual(1000);
        expect(d).toBeLessThanOrEqual(36_000);
      }),
    );
    expect(backoffDelay(0, UPLOAD_BACKOFF, () => 1)).toBe(1200);
  });
});
