/**
 * Calendar events of a pupil (classroom.md §3 Calendar event, §4 calendar): one per local date
 * on which a study block STARTS (a block running past midnight belongs to the day it started).
 * `startMs` is the day's first block start, `endMs` its latest block end, `durationMs` the sum
 * of its blocks' durations, `pages` the distinct pages written that day (ascending), `studies`
 * the number of blocks.
 */
import type { CalendarDay, StudyBlockSummary } from '@dotink/contracts/eduAnalytics';
import type { ZoneClock } from './zoneClock';

/** The calendar days of `blocks` (in time order), in date order. */
export function calendarDays(blocks: readonly StudyBlockSummary[], zone: ZoneClock): CalendarDay[] {
  const days = new Map<
    string,
    { startMs: number; endMs: number; durationMs: number; pages: Set<number>; studies: number }
  >();
  for (const b of blocks) {
    const { date } = zone.local(b.startTimeMs);
    let day = days.get(date);
    if (!day) {
      day = { startMs: b.startTimeMs, endMs: b.endTimeMs, durationMs: 0, pages: new Set(), studies: 0 };
      days.set(date, day);
    }
    if (b.startTimeMs < day.startMs) day.startMs = b.startTimeMs;
    if (b.endTimeMs > day.endMs) day.endMs = b.endTimeMs;
    day.durationMs += b.durationMs;
    day.studies++;
    for (const p of b.pages) day.pages.add(p);
  }
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, d]) => {
      const pages = [...d.pages].sort((x, y) => x - y);
      return {
        date,
        startMs: d.startMs,
        endMs: d.endMs,
        durationMs: d.durationMs,
        numPages: pages.length,
        pages,
        studies: d.studies,
      };
    });
}
