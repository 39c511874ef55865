import { manualClock } from '@dotink/ncode';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { byteBudget, messageBudget } from './rateLimit';

it('allows a burst, then the steady rate, and refuses what is over', () => {
  const clock = manualClock(1000);
  const take = messageBudget({ perSecond: 100, burst: 5 }, clock);
  expect([1, 2, 3, 4, 5, 6].map(() => take())).toEqual([true, true, true, true, true, false]);
  clock.advance(10); // one message's worth at 100/s
  expect(take()).toBe(true);
  expect(take()).toBe(false);
  clock.advance(10_000); // a long pause refills to the burst, no more
  expect(Array.from({ length: 6 }, () => take()).filter(Boolean)).toHaveLength(5);
});

it('never lets more through than burst + rate × time (property)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 500 }),
      fc.integer({ min: 1, max: 50 }),
      fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 300 }),
      (perSecond, burst, gapsMs) => {
        const clock = manualClock(0);
        const take = messageBudget({ perSecond, burst }, clock);
        let passed = 0;
        for (const gap of gapsMs) {
          clock.advance(gap);
          if (take()) passed++;
        }
        const elapsedMs = gapsMs.reduce((a, b) => a + b, 0);
        expect(passed).toBeLessThanOrEqual(burst + (elapsedMs * perSecond) / 1000 + 1e-9);
      },
    ),
  );
});

it('says when a byte budget has refilled to its burst', () => {
  const clock = manualClock(0);
  const take = byteBudget({ perSecond: 1000, burst: 4000 }, clock);
  expect(take.full()).toBe(true);
  expect(take(3000)).toBe(true);
  expect(take(2000)).toBe(false);
  expect(take.full()).toBe(false);
  clock.advance(2999);
  expect(take.full()).toBe(false);
  clock.advance(1);
  expect(take.full()).toBe(true);
  expect(take(4000)).toBe(true);
});
