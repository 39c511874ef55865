import { describe, expect, it } from 'vitest';
import { createdAtMs, isPrintableMaterial } from './printEligibility';

const pod = (createdAt: string) => ({ type: 'POD', typeDiv: 'POD', createdAt }) as const;

describe('material print eligibility (classroom.md §5)', () => {
  it('prints POD materials created on or after 2021-09-06 09:00 Korean time', () => {
    expect(isPrintableMaterial(pod('2021-09-06T00:00:00.000Z'))).toBe(true); // 09:00 KST
    expect(isPrintableMaterial(pod('2021-09-05T23:59:59.999Z'))).toBe(false); // 08:59:59.999 KST
    expect(isPrintableMaterial(pod('2021-09-06T09:00:00+09:00'))).toBe(true);
    expect(isPrintableMaterial(pod('2021-09-06T08:59:59+09:00'))).toBe(false);
    expect(isPrintableMaterial(pod('2026-11-25T20:00:00.000Z'))).toBe(true);
  });

  it('reads a time without a zone as KST', () => {
    expect(createdAtMs('2021-09-06 09:00:00')).toBe(Date.UTC(2021, 8, 6));
    expect(isPrintableMaterial(pod('2021-09-06 09:00:00'))).toBe(true);
    expect(isPrintableMaterial(pod('2021-09-06 08:59:59'))).toBe(false);
    expect(isPrintableMaterial(pod('2021-09-05'))).toBe(false);
  });

  it('never prints built-in textbooks or unreadable dates', () => {
    expect(
      isPrintableMaterial({ type: 'REGULAR', typeDiv: 'REGULAR', createdAt: '2026-01-01T00:00:00Z' }),
    ).toBe(false);
    expect(isPrintableMaterial(pod('yesterday'))).toBe(false);
  });
});
