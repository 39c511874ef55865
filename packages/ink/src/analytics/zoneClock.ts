/**
 * Local calendar facts of instants in one time zone, for the analytics' calendar days, weekday
 * participation and hour-of-day buckets (classroom.md §2 math/student, §4 calendar).
 *
 * Pure: converts given instants, never reads a clock. `intlZoneClock` uses `Intl.DateTimeFormat`
 * (available in browsers and Node alike) only to learn a zone's UTC offset, once per UTC hour.
 */

/** Milliseconds in an hour and in a day (classroom.md §9: day 86,400,000 ms). */
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The local date, weekday and hour of an instant. */
export interface LocalTime {
  /** 'YYYY-MM-DD' */
  readonly date: string;
  /** 0 = Monday … 6 = Sunday (classroom.md §9: weekday order Monday to Sunday). */
  readonly weekday: number;
  /** 0–23 */
  readonly hour: number;
}

/** Local calendar facts of an instant in one time zone (injected: `Intl` in apps, fixed in tests). */
export interface ZoneClock {
  readonly timeZone: string;
  /** The local date 'YYYY-MM-DD', weekday (0 = Monday … 6 = Sunday) and hour (0–23) of `ms`. */
  local(ms: number): LocalTime;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The local facts of a "local epoch" instant (UTC ms shifted by the zone's offset). */
function fromLocalMs(localMs: number): LocalTime {
  const day = Math.floor(localMs / DAY_MS);
  // 1970-01-01 was a Thursday: weekday 3 counting Monday as 0.
  const weekday = (((day + 3) % 7) + 7) % 7;
  const hour = Math.floor((localMs - day * DAY_MS) / HOUR_MS);
  const d = new Date(day * DAY_MS);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  return { date, weekday, hour };
}

/**
 * A zone at a fixed offset from UTC (minutes east, e.g. 540 for UTC+09:00), for tests and for
 * callers that already know the offset. Its `timeZone` reads 'UTC' or 'UTC+09:00' / 'UTC-03:30'.
 */
export function fixedOffsetZoneClock(offsetMinutes: number): ZoneClock {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const timeZone =
    offsetMinutes === 0 ? 'UTC' : `UTC${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
  const offsetMs = offsetMinutes * 60_000;
  return { timeZone, local: (ms) => fromLocalMs(ms + offsetMs) };
}

/** Most UTC hours an {@link intlZoneClock} remembers before it starts afresh (≈ 11 years). */
const MAX_CACHED_HOURS = 100_000;

/**
 * An IANA zone (e.g. 'Asia/Seoul') through `Intl.DateTimeFormat` (`hourCycle: 'h23'`). The zone's
 * UTC offset is asked of `Intl` once per UTC hour (at the hour's first and last millisecond) and
 * cached by the hour (`floor(ms / 3,600,000)`); local facts are then plain arithmetic, so zones
 * with half- and quarter-hour offsets (India, Nepal) are exact. An hour in which the offset
 * changes (a daylight-saving switch not on the hour) asks `Intl` for each instant.
 *
 * Throws a RangeError (from `Intl`) for a zone the runtime does not know.
 */
export function intlZoneClock(timeZone: string): ZoneClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  /** The zone's offset at `ms` (local − UTC), ms, from `Intl`. */
  const offsetAt = (ms: number): number => {
    const f: Record<string, number> = {};
    for (const part of format.formatToParts(ms)) {
      if (part.type !== 'literal') f[part.type] = Number(part.value);
    }
    const wallMs = Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!);
    return wallMs - Math.floor(ms / 1000) * 1000;
  };
  /** UTC hour → offset, or NaN when the offset changes within that hour. */
  const cache = new Map<number, number>();
  const offsetFor = (ms: number): number => {
    const hour = Math.floor(ms / HOUR_MS);
    let offset = cache.get(hour);
    if (offset === undefined) {
      const first = offsetAt(hour * HOUR_MS);
      const last = offsetAt(hour * HOUR_MS + HOUR_MS - 1);
      offset = first === last ? first : Number.NaN;
      if (cache.size >= MAX_CACHED_HOURS) cache.clear();
      cache.set(hour, offset);
    }
    return Number.isNaN(offset) ? offsetAt(ms) : offset;
  };
  return { timeZone, local: (ms) => fromLocalMs(ms + offsetFor(ms)) };
}
