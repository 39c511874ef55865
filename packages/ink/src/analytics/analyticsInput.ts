/**
 * What the class summary reads of each pupil (the server builds these from its stores): compact
 * stroke records, content clicks and watch times; and the page a content click names.
 */

/** What the summary needs of a stroke (the server keeps these per stroke beside the dots). */
export interface AnalyticsStroke {
  /** Ncode page number in the book. */
  readonly page: number;
  readonly startTimeMs: number;
  /** Absent: start + dot count × 12 ms (classroom.md §3). */
  readonly endTimeMs?: number | undefined;
  readonly dotCount: number;
  /** Written distance, nu. */
  readonly distanceNu: number;
}

/** A content click of the watch log (classroom.md §3), with its page when the id names one. */
export interface AnalyticsClick {
  readonly click_time: string;
  readonly timeMs: number;
  readonly category: string;
  readonly id: string;
  readonly type: string;
  readonly url: string;
}

/** One pupil's input. */
export interface PupilInput {
  readonly studentId: string;
  readonly num: number;
  readonly name: string;
  /**
   * The pupil's strokes on the book's pages, in any order; in start-time order (e.g. `ORDER BY
   * start_time`) they are read once in place, else those inside the range are copied and sorted.
   */
  readonly strokes: readonly AnalyticsStroke[];
  readonly clicks: readonly AnalyticsClick[];
  /** Watch times (ms) of the watch log. */
  readonly watchTimesMs: readonly number[];
}

/** Most digits of a page number in a click id (more is not a page). */
const MAX_PAGE_DIGITS = 9;

/**
 * The page a content click names (classroom.md §3 Content click): the third '_'-separated part
 * of its id when that part is a whole number of at most 9 digits (e.g. 'youtube_12_35' → 35,
 * 'remedial_3_7_x' → 7), else null. Parsed by hand: no allocation.
 */
export function clickPage(id: string): number | null {
  const first = id.indexOf('_');
  const second = first < 0 ? -1 : id.indexOf('_', first + 1);
  if (second < 0) return null;
  const third = id.indexOf('_', second + 1);
  const end = third < 0 ? id.length : third;
  if (end === second + 1 || end - second - 1 > MAX_PAGE_DIGITS) return null;
  let page = 0;
  for (let i = second + 1; i < end; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    page = page * 10 + digit;
  }
  return page;
}
