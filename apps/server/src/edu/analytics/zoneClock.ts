/**
 * The calendar facts of instants in an IANA time zone (`ZoneClock` of `@dotink/ink`'s class
 * summary), with `Intl`: the server computes dates, weekdays and hours in the caller's zone.
 */
import type { ZoneClock } from '@dotink/ink';

const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** A zone clock for `timeZone` (a name `Intl` knows; the query schema checks it). */
export function serverZoneClock(timeZone: string): ZoneClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  return {
    timeZone,
    local(ms: number) {
      const parts: Record<string, string> = {};
      for (const p of format.formatToParts(ms)) parts[p.type] = p.value;
      return {
        date: `${parts.year}-${parts.month}-${parts.day}`,
        weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 0,
        hour: Number(parts.hour) % 24,
      };
    },
  };
}
