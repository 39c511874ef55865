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

/** Most cache entries an {@link intlZoneClock} keeps before it starts afresh. */
const MAX_CACHED = 100_000;

/**
 * An IANA zone (e.g. 'Asia/Seoul') through `Intl.DateTimeFormat` (`hourCycle: 'h23'`). `Intl` is
 * asked only for the zone's UTC offset, and rarely: the offset is cached by UTC day (asked at the
 * day's first and last millisecond; the same offset at both ends means one offset all day: no
 * zone switches twice within a day) and, for a day with a daylight-saving switch, by UTC hour (`floor(ms / 3,600,000)`, asked at the
 * hour's ends likewise); only an instant in the very hour of a switch not on the hour is asked
 * directly. Local facts are then plain arithmetic, so half- and quarter-hour offsets (India,
 * Nepal) are exact, and a class's 250,000 strokes never mean 250,000 `Intl` calls (the summary
 * asks only for study-block starts anyway).
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
  /** The offset throughout the span `[k × size, (k + 1) × size)`, or NaN when it changes within it. */
  const spanOffset = (cache: Map<number, number>, k: number, size: number): number => {
    let offset = cache.get(k);
    if (offset === undefined) {
      const first = offsetAt(k * size);
      offset = first === offsetAt(k * size + size - 1) ? first : Number.NaN;
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(k, offset);
    }
    return offset;
  };
  const byDay = new Map<number, number>();
  const byHour = new Map<number, number>();
  const offsetFor = (ms: number): number => {
    const day = spanOffset(byDay, Math.floor(ms / DAY_MS), DAY_MS);
    if (!Number.isNaN(day)) return day;
    const hour = spanOffset(byHour, Math.floor(ms / HOUR_MS), HOUR_MS);
    return Number.isNaN(hour) ? offsetAt(ms) : hour;
  };
  return { timeZone, local: (ms) => fromLocalMs(ms + offsetFor(ms)) };
}
