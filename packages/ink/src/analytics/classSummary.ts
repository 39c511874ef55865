/**
 * The class-and-book summary of the pen-activity menu (classroom.md §2 math/*, issue 15): per
 * pupil, per page and per unit, from compact stroke records and content clicks. The ONLY place a
 * rate, block, time or speed of the classroom is computed; the server runs it and answers the
 * shapes of `@dotink/contracts/eduAnalytics`.
 *
 * Pure: no clock, no I/O; calendar dates and hours come from an injected {@link ZoneClock}.
 */
import type {
  MathSummaryData,
  PupilDetailData,
  SummaryUnit,
  UnitDefinition,
} from '@dotink/contracts/eduAnalytics';

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
  /** The pupil's strokes on the book's pages (any order). */
  readonly strokes: readonly AnalyticsStroke[];
  readonly clicks: readonly AnalyticsClick[];
  /** Watch times (ms) of the watch log. */
  readonly watchTimesMs: readonly number[];
}

/** The book (page range) analysed and its units. */
export interface BookInput {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly startPage: number;
  readonly endPage: number;
  readonly pageNaming: 'textbook' | 'number';
  readonly units: readonly UnitDefinition[];
}

/** Local calendar facts of an instant in one time zone (injected: `Intl` in apps, fixed in tests). */
export interface ZoneClock {
  readonly timeZone: string;
  /** The local date 'YYYY-MM-DD', weekday (0 = Monday … 6 = Sunday) and hour (0–23) of `ms`. */
  local(ms: number): { readonly date: string; readonly weekday: number; readonly hour: number };
}

/** The class summary (`GET /edu/v1/math/summary`). */
export function summariseClassBook(
  _book: BookInput,
  _pupils: readonly PupilInput[],
  _zone: ZoneClock,
  _computedAtMs: number,
): MathSummaryData {
  throw new Error('summariseClassBook: not built yet');
}

/** One pupil's detail (`GET /edu/v1/math/summary/student/{id}`); `pupils` is the whole class (for averages). */
export function summarisePupil(
  _book: BookInput,
  _pupils: readonly PupilInput[],
  _studentId: string,
  _zone: ZoneClock,
  _computedAtMs: number,
): PupilDetailData {
  throw new Error('summarisePupil: not built yet');
}

/** The units of a book as the analytics see them, the unclassified unit last when it has pages. */
export function summaryUnits(_book: BookInput): SummaryUnit[] {
  throw new Error('summaryUnits: not built yet');
}
