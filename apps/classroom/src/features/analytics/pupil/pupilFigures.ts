/**
 * Pure helpers of the pupil analytics screens (classroom.md §2 math/student,
 * math/student_categories, mathStudyCheck; §3 Calendar event, Content click; §9 weekday order,
 * time axis): chart rows, weekday names in the UI language, content-click type labels,
 * calendar event titles, the monthly study-time chart, and the units editor's validation.
 * Every figure comes from the server's summary; these only arrange and format it.
 */

import type {
  CalendarDay,
  MathSummaryData,
  PupilDetailData,
  SummaryUnit,
  UnitDefinition,
  UnitFigures,
} from '@dotink/contracts/eduAnalytics';
import { formatOneDecimal, msToMinutes } from '@dotink/ink';
import { encodePageArray, pageAddress } from '@dotink/ncode';
import { replayPath, type StudyCheckQuery } from '../../../api/lectureLinks';
import type { MathQuery } from '../summaryQueries';

/** The time-of-day axis (§9): 0 to 24 hours, a tick every 4. */
export const HOUR_TICKS = [0, 4, 8, 12, 16, 20, 24] as const;
/** The progress axis of the overall writing rate (§9). */
export const PROGRESS_AXIS_MAX = 103;
/** The units charts' axis (§9): to 100 %. */
export const UNIT_AXIS_MAX = 100;
/** How often the study check refreshes itself while open, ms. */
export const LIVE_REFRESH_MS = 30_000;

/** A number with one decimal (§9): the ink package's one rule. */
export const oneDecimal = formatOneDecimal;
/** Minutes (one decimal) of a duration in ms: the ink package's. */
export { msToMinutes };

/**
 * The weekday names Monday → Sunday (§9 weekday order) in a language, short form
 * (e.g. en 'Mon' … 'Sun', ko '월' … '일').
 */
export function weekdayNames(locale: string, width: 'short' | 'long' = 'short'): string[] {
  const f = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2024, 0, 1 + i)));
}

/** Index 0 (Monday) … 6 (Sunday) of a calendar date 'YYYY-MM-DD'. */
export function mondayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** One bar of the daily participation chart: the hour's middle on the 0–24 axis. */
export interface HourRow {
  readonly hour: number;
  readonly x: number;
  readonly minutes: number;
}

/** The daily participation bars from `hourStudyMin` (24 values, hour 0 first). */
export const hourRows = (hourStudyMin: readonly number[]): HourRow[] =>
  hourStudyMin.map((minutes, hour) => ({ hour, x: hour + 0.5, minutes }));

/** 'HH–HH' of an hour row (table alternative). */
export const hourLabel = (hour: number): string =>
  `${String(hour).padStart(2, '0')}–${String(hour + 1).padStart(2, '0')}`;

/** The weekday participation bars Monday → Sunday from `weekdayStudyMin`. */
export function weekdayRows(weekdayStudyMin: readonly number[], locale: string) {
  const names = weekdayNames(locale);
  return names.map((name, i) => ({ name, minutes: weekdayStudyMin[i] ?? 0 }));
}

/** How a content click's type is shown (§3): youtube, 'e-learning centre', 'edus', else raw. */
export type ClickKind = 'youtube' | 'remedial' | 'estimate' | 'other';

/** The kind of a content click's type. */
export function clickKind(type: string): ClickKind {
  const t = type.trim().toLowerCase();
  if (t === 'youtube') return 'youtube';
  if (t === 'remedial') return 'remedial';
  if (t === 'estimate') return 'estimate';
  return 'other';
}

/** The label of a click type, given the words of the UI language for the named kinds. */
export function clickTypeLabel(
  type: string,
  words: { readonly youtube: string; readonly remedial: string; readonly estimate: string },
): string {
  const kind = clickKind(type);
  return kind === 'other' ? type : words[kind];
}

/** The figures a calendar event title shows: minutes (one decimal) and pages of a day. */
export const dayFigures = (day: CalendarDay) => ({
  min: oneDecimal(msToMinutes(day.durationMs)),
  pages: day.numPages,
});

/**
 * A calendar event of a study day: from its first study block's start to its last block's end,
 * as wall-clock times of the school's time zone without offset ('2026-11-20T09:05:00'), which the
 * calendar shows as they are whatever the browser's zone; with its title.
 */
export interface DayEvent {
  readonly id: string;
  readonly title: string;
  readonly start: string;
  readonly end: string;
  readonly allDay: false;
  readonly extendedProps: { readonly studies: number; readonly pages: readonly number[] };
}

/** 'YYYY-MM-DDTHH:mm:ss' of an instant on the clocks of `timeZone`. */
export function wallTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (k: string) => parts.find((p) => p.type === k)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

/**
 * The calendar events of the pupil's study days at their study times in `timeZone` (the agenda
 * lists them with their times, not 'all day'); `title` formats minutes and pages (e.g. '12.5 min
 * · 3 pages').
 */
export function dayEvents(
  days: readonly CalendarDay[],
  title: (f: { min: string; pages: number }) => string,
  timeZone: string,
): DayEvent[] {
  return days
    .filter((d) => d.durationMs > 0 || d.numPages > 0)
    .map((d) => ({
      id: d.date,
      title: title(dayFigures(d)),
      start: wallTime(d.startMs, timeZone),
      end: wallTime(Math.max(d.endMs, d.startMs), timeZone),
      allDay: false,
      extendedProps: { studies: d.studies, pages: d.pages },
    }));
}

/** A year and month (1–12). */
export interface YearMonth {
  readonly year: number;
  readonly month: number;
}

/** The month `delta` months after `ym`. */
export function shiftMonth(ym: YearMonth, delta: number): YearMonth {
  const i = ym.year * 12 + (ym.month - 1) + delta;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

/** The month of a date 'YYYY-MM-DD'. */
export const monthOfDate = (date: string): YearMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});

/** The month of an instant in a time zone. */
export function monthAt(ms: number, timeZone: string): YearMonth {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(ms);
  const get = (k: string) => Number(parts.find((p) => p.type === k)?.value);
  return { year: get('year'), month: get('month') };
}

/** 'YYYY-MM' of a month. */
export const monthKey = (ym: YearMonth): string => `${ym.year}-${String(ym.month).padStart(2, '0')}`;

/** The month a pupil's screens open on: the last study day's, else the current one. */
export function initialMonth(days: readonly CalendarDay[], nowMs: number, timeZone: string): YearMonth {
  const last = days.reduce<string | undefined>(
    (m, d) => (m === undefined || d.date > m ? d.date : m),
    undefined,
  );
  return last ? monthOfDate(last) : monthAt(nowMs, timeZone);
}

/**
 * The monthly study-time chart: study minutes (one decimal) of each weekday, Monday → Sunday,
 * over the study days of one month, with how many of those weekdays had study. `hasStudy`: the
 * month had a study day, even one whose minutes round to 0.0 (its chart is not 'no data').
 */
export function monthlyWeekdayMinutes(
  days: readonly CalendarDay[],
  ym: YearMonth,
): { minutes: number[]; studyDays: number[]; hasStudy: boolean } {
  const ms = [0, 0, 0, 0, 0, 0, 0];
  const studyDays = [0, 0, 0, 0, 0, 0, 0];
  const key = monthKey(ym);
  for (const d of days) {
    if (d.date.slice(0, 7) !== key) continue;
    const i = mondayIndex(d.date);
    ms[i]! += d.durationMs;
    if (d.durationMs > 0) studyDays[i]! += 1;
  }
  return { minutes: ms.map(msToMinutes), studyDays, hasStudy: studyDays.some((n) => n > 0) };
}

/** A unit as the pupil screens list it: top-level units of the book, then the unclassified one. */
export interface UnitRow {
  readonly unit: SummaryUnit;
  readonly pupil: UnitFigures | undefined;
  readonly average: UnitFigures | undefined;
}

/** The top-level units with the pupil's and the class's figures. */
export function unitRows(
  units: readonly SummaryUnit[],
  pupil: readonly UnitFigures[],
  average: readonly UnitFigures[],
): UnitRow[] {
  const of = (list: readonly UnitFigures[], index: number) => list.find((u) => u.index === index);
  return units.map((unit) => ({ unit, pupil: of(pupil, unit.index), average: of(average, unit.index) }));
}

/** Whether the pupil wrote on any page of a unit. */
export function wroteOnUnit(detail: Pick<PupilDetailData, 'pupil'>, unit: SummaryUnit): boolean {
  const pages = new Set(unit.pages);
  return detail.pupil.pages.some((p) => p.strokeCount > 0 && pages.has(p.page));
}

/** The study-check query the replay address is built from, for a math/* page. */
function replayBase(q: MathQuery): StudyCheckQuery {
  // undefined values are left out of the address (replayPath skips them)
  return {
    eduClassId: q.eduClassId,
    curriculumId: q.curriculumId as number,
    section: q.section,
    owner: q.owner,
    book: q.book,
    ncodeStartPage: q.ncodeStartPage,
    ncodeEndPage: q.ncodeEndPage,
  };
}

/** The replay of a pupil's writing on the whole book of a math/* page. */
export const bookReplayPath = (q: MathQuery, studentId: string): string =>
  replayPath(replayBase(q), studentId);

/** The replay of a pupil's writing on some pages of the book (`pages`, the encoded page runs of classroom.md §2 replay). */
export function pagesReplayPath(q: MathQuery, studentId: string, pages: readonly number[]): string {
  const base = replayPath(replayBase(q), studentId);
  if (pages.length === 0) return base;
  const packed = encodePageArray(pages.map((p) => pageAddress(q.section, q.owner, q.book, p)));
  return `${base}&pages=${encodeURIComponent(packed)}`;
}

/** Per-page state of a pupil's material (study check): written, tapped only, or untouched. */
export type PageState = 'written' | 'touched' | 'none';

/** The states of every page of the book for one pupil of the summary. */
export function pageStates(
  book: MathSummaryData['book'],
  pupil: MathSummaryData['pupils'][number],
): { page: number; state: PageState }[] {
  const byPage = new Map(pupil.pages.map((p) => [p.page, p]));
  const out: { page: number; state: PageState }[] = [];
  for (let page = book.startPage; page <= book.endPage; page++) {
    const p = byPage.get(page);
    out.push({
      page,
      state: p && p.strokeCount > 0 ? 'written' : p && p.touchCount > 0 ? 'touched' : 'none',
    });
  }
  return out;
}

// ——— Units editor ———

/** A row of the 'edit units' dialog: pages are the material's own page numbers (1 = first page). */
export interface UnitDraft {
  readonly title: string;
  readonly start: string;
  readonly end: string;
  readonly subCategories: readonly UnitDefinition[];
}

/** Why a row cannot be saved. */
export type UnitProblem = 'title' | 'start' | 'end' | 'order';

/** The rows of the dialog for a material's units (Ncode pages from `firstPage` → page 1). */
export function unitDrafts(units: readonly UnitDefinition[], firstPage: number): UnitDraft[] {
  return units.map((u) => ({
    title: u.title,
    start: String(u.startPage - firstPage + 1),
    end: String(u.endPage - firstPage + 1),
    subCategories: u.subCategories,
  }));
}

/** The problems of each row (empty when it can be saved): blank title, page outside 1–numPages, end before start. */
export function unitProblems(rows: readonly UnitDraft[], numPages: number): UnitProblem[][] {
  const page = (s: string) => (/^\d{1,6}$/.test(s.trim()) ? Number(s.trim()) : undefined);
  return rows.map((r) => {
    const out: UnitProblem[] = [];
    if (r.title.trim() === '') out.push('title');
    const s = page(r.start);
    const e = page(r.end);
    const okS = s !== undefined && s >= 1 && s <= numPages;
    const okE = e !== undefined && e >= 1 && e <= numPages;
    if (!okS) out.push('start');
    if (!okE) out.push('end');
    if (okS && okE && e! < s!) out.push('order');
    return out;
  });
}

/** The units to save from valid rows (material pages back to Ncode pages). */
export function unitsOfDrafts(rows: readonly UnitDraft[], firstPage: number): UnitDefinition[] {
  return rows.map((r) => ({
    title: r.title.trim(),
    startPage: Number(r.start.trim()) + firstPage - 1,
    endPage: Number(r.end.trim()) + firstPage - 1,
    subCategories: r.subCategories,
  }));
}
