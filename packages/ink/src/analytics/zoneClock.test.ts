import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedOffsetZoneClock, intlZoneClock } from './zoneClock';

describe('fixedOffsetZoneClock', () => {
  it('gives the local date, weekday (Monday = 0) and hour at UTC+09:00', () => {
    const seoul = fixedOffsetZoneClock(540);
    expect(seoul.timeZone).toBe('UTC+09:00');
    // 2026-11-22 15:00 UTC is Monday 2026-11-23 00:00 in Seoul.
    expect(seoul.local(Date.UTC(2026, 10, 22, 15))).toEqual({ date: '2026-11-23', weekday: 0, hour: 0 });
    // One millisecond earlier: Sunday 23:59:59.999.
    expect(seoul.local(Date.UTC(2026, 10, 22, 15) - 1)).toEqual({ date: '2026-11-22', weekday: 6, hour: 23 });
    // Saturday 2026-11-28 13:30 in Seoul.
    expect(seoul.local(Date.UTC(2026, 10, 28, 4, 30))).toEqual({ date: '2026-11-28', weekday: 5, hour: 13 });
  });

  it('handles offsets west of UTC, odd minutes and dates before 1970', () => {
    const west = fixedOffsetZoneClock(-300);
    expect(west.timeZone).toBe('UTC-05:00');
    // 2026-11-23 03:00 UTC is Sunday 2026-11-22 22:00 at UTC−5.
    expect(west.local(Date.UTC(2026, 10, 23, 3))).toEqual({ date: '2026-11-22', weekday: 6, hour: 22 });
    expect(fixedOffsetZoneClock(345).timeZone).toBe('UTC+05:45');
    const utc = fixedOffsetZoneClock(0);
    expect(utc.timeZone).toBe('UTC');
    // 1969-12-31 was a Wednesday.
    expect(utc.local(Date.UTC(1969, 11, 31, 23, 59))).toEqual({ date: '1969-12-31', weekday: 2, hour: 23 });
    // 2024-02-29 was a Thursday.
    expect(utc.local(Date.UTC(2024, 1, 29, 12))).toEqual({ date: '2024-02-29', weekday: 3, hour: 12 });
  });
});

describe('intlZoneClock', () => {
  it("gives Asia/Seoul's local hours and days", () => {
    const seoul = intlZoneClock('Asia/Seoul');
    expect(seoul.timeZone).toBe('Asia/Seoul');
    expect(seoul.local(Date.UTC(2026, 10, 22, 15))).toEqual({ date: '2026-11-23', weekday: 0, hour: 0 });
    expect(seoul.local(Date.UTC(2026, 10, 22, 14, 59, 59, 999))).toEqual({
      date: '2026-11-22',
      weekday: 6,
      hour: 23,
    });
    // Friday 2026-11-27 18:05 in Seoul (09:05 UTC).
    expect(seoul.local(Date.UTC(2026, 10, 27, 9, 5))).toEqual({ date: '2026-11-27', weekday: 4, hour: 18 });
  });

  it('agrees with UTC+09:00 for Seoul at any instant since 1990 (no daylight saving since 1988)', () => {
    const seoul = intlZoneClock('Asia/Seoul');
    const fixed = fixedOffsetZoneClock(540);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }), (ms) => {
        expect(seoul.local(ms)).toEqual(fixed.local(ms));
      }),
      { numRuns: 300 },
    );
  });

  it('is exact for half-hour offsets within one UTC hour (Asia/Kolkata, UTC+05:30)', () => {
    const kolkata = intlZoneClock('Asia/Kolkata');
    // Both in the UTC hour 18:00–19:00 of Monday 2026-11-23.
    expect(kolkata.local(Date.UTC(2026, 10, 23, 18, 29))).toEqual({
      date: '2026-11-23',
      weekday: 0,
      hour: 23,
    });
    expect(kolkata.local(Date.UTC(2026, 10, 23, 18, 45))).toEqual({
      date: '2026-11-24',
      weekday: 1,
      hour: 0,
    });
  });

  it('follows daylight saving, also when the switch falls within a UTC hour', () => {
    const ny = intlZoneClock('America/New_York');
    // 2026-11-01 06:00 UTC: 02:00 EDT becomes 01:00 EST (Sunday).
    expect(ny.local(Date.UTC(2026, 10, 1, 5, 30))).toEqual({ date: '2026-11-01', weekday: 6, hour: 1 });
    expect(ny.local(Date.UTC(2026, 10, 1, 6, 30))).toEqual({ date: '2026-11-01', weekday: 6, hour: 1 });
    expect(ny.local(Date.UTC(2026, 10, 1, 7, 30))).toEqual({ date: '2026-11-01', weekday: 6, hour: 2 });
    expect(ny.local(Date.UTC(2026, 10, 1, 3, 59))).toEqual({ date: '2026-10-31', weekday: 5, hour: 23 });
    // Newfoundland springs forward at 02:00 NST (UTC−3:30) = 05:30 UTC on Sunday 2026-03-08.
    const stJohns = intlZoneClock('America/St_Johns');
    expect(stJohns.local(Date.UTC(2026, 2, 8, 5, 15))).toEqual({ date: '2026-03-08', weekday: 6, hour: 1 });
    expect(stJohns.local(Date.UTC(2026, 2, 8, 5, 45))).toEqual({ date: '2026-03-08', weekday: 6, hour: 3 });
  });

  it('refuses a zone the runtime does not know', () => {
    expect(() => intlZoneClock('Nowhere/Atlantis')).toThrow(RangeError);
  });
});
