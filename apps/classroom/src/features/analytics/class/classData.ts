/**
 * The class analytics screens' data shaping (math/all, math/categories, math/view), pure: the
 * server's summary (`MathSummaryData`) in, chart rows, table rows and addresses out. No figure is
 * computed here (rates, times and the split come from the server, `@dotink/ink` analytics); these
 * helpers only pick, join, order and format them (classroom.md §2 math/*, §5 page labels and the
 * unclassified unit, §9 axes, one decimal, 30 px per pupil).
 */

import type { MathSummaryData, SummaryUnit } from '@dotink/contracts/eduAnalytics';
import { formatOneDecimal } from '@dotink/ink';
import { type MathQuery, mathSearch } from '../summaryQueries';

// ——— Axes and sizes (classroom.md §9) ———

/** Bar chart height per pupil, px. */
export const PX_PER_PUPIL = 30;
/** Room for the axis and the legend around the bars, px. */
export const CHART_CHROME_PX = 64;
/** The whole-textbook bar chart's percent axis: 0 to 105, ticks every 10. */
export const WHOLE_BOOK_AXIS = { domain: [0, 105] as const, ticks: tensUpTo(100) };
/** The per-unit charts' percent axis: 0 to 100 %, ticks every 10. */
export const UNIT_AXIS = { domain: [0, 100] as const, ticks: tensUpTo(100) };

function tensUpTo(max: number): number[] {
  return Array.from({ length: max / 10 + 1 }, (_, i) => i * 10);
}

/** Height of a horizontal bar chart of `pupils` pupils: 30 px each plus the axis and legend. */
export function barChartHeight(pupils: number): number {
  return Math.max(1, pupils) * PX_PER_PUPIL + CHART_CHROME_PX;
}

/** A figure with one decimal ('12.5', '0.0'): the ink package's one rule (classroom.md §9). */
export const oneDecimal = formatOneDecimal;

// ——— Pupils ———

/** One pupil's bars: writing rate and content rate, percent. */
export interface PupilBarRow {
  readonly studentId: string;
  readonly num: number;
  readonly name: string;
  readonly written: number;
  readonly touched: number;
}

/** The whole-textbook bars: one row per pupil (the server's order, by registration number). */
export function wholeBookRows(data: MathSummaryData): PupilBarRow[] {
  return data.pupils.map((p) => ({
    studentId: p.studentId,
    num: p.num,
    name: p.name,
    written: p.progress.writtenRatePct,
    touched: p.progress.touchedRatePct,
  }));
}

/** A pupil named in a list (split lists, links). */
export interface PupilRef {
  readonly studentId: string;
  readonly num: number;
  readonly name: string;
}

/** The pupils above and below the class average (the server's `split`, in its order). */
export function splitPupils(data: MathSummaryData): { above: PupilRef[]; below: PupilRef[] } {
  const byId = new Map(data.pupils.map((p) => [p.studentId, p]));
  const refs = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const p = byId.get(id);
      return p ? [{ studentId: p.studentId, num: p.num, name: p.name }] : [];
    });
  return { above: refs(data.split.above), below: refs(data.split.below) };
}

// ——— Units ———

/** A unit in depth-first order with its depth (0 for a top-level unit). */
export interface FlatUnit {
  readonly index: number;
  readonly title: string;
  readonly depth: number;
  readonly numPages: number;
  readonly pages: readonly number[];
}

/** The units depth first (sub-units after their unit), the unclassified unit where the server put it (last). */
export function flattenUnits(units: readonly SummaryUnit[], depth = 0): FlatUnit[] {
  return units.flatMap((u) => [
    { index: u.index, title: u.title, depth, numPages: u.numPages, pages: u.pages },
    ...flattenUnits(u.subCategories, depth + 1),
  ]);
}

/** A unit's title: its own, or the name of the unclassified unit (index −1, classroom.md §5). */
export function unitTitle(unit: { index: number; title: string }, unclassified: string): string {
  return unit.index === -1 ? unclassified : unit.title;
}

/** One row of 'Status per unit': the class average of the unit. */
export interface UnitStatusRow extends FlatUnit {
  readonly writtenRatePct: number;
  readonly touchedRatePct: number;
  readonly studyTimeMin: number;
}

/** 'Status per unit': every unit (depth first) with the class average writing and content rate and study time. */
export function unitStatusRows(data: MathSummaryData): UnitStatusRow[] {
  const avg = new Map(data.average.units.map((u) => [u.index, u.progress]));
  return flattenUnits(data.units).map((u) => {
    const p = avg.get(u.index);
    return {
      ...u,
      writtenRatePct: p?.writtenRatePct ?? 0,
      touchedRatePct: p?.touchedRatePct ?? 0,
      studyTimeMin: p?.studyTimeMin ?? 0,
    };
  });
}

/** One row of 'Status per page'. */
export interface PageStatusRow {
  readonly page: number;
  /** The §5 label as the server gave it (number text, '' for the first two pages). */
  readonly label: string;
  readonly unitIndex: number;
  readonly unitTitle: string;
  readonly writtenPupils: number;
  readonly touchedPupils: number;
}

/** 'Status per page': every page of the book with its unit's title and its pupil counts. */
export function pageStatusRows(data: MathSummaryData, unclassified: string): PageStatusRow[] {
  const titles = new Map(flattenUnits(data.units).map((u) => [u.index, unitTitle(u, unclassified)]));
  return data.pages.map((p) => ({
    page: p.page,
    label: p.label,
    unitIndex: p.unitIndex,
    unitTitle: titles.get(p.unitIndex) ?? (p.unitIndex === -1 ? unclassified : ''),
    writtenPupils: p.writtenPupils,
    touchedPupils: p.touchedPupils,
  }));
}

// ——— math/categories ———

/** The unit filter: 'all' or one unit's index. */
export type UnitFilter = 'all' | number;

/** Reads the filter from its select value ('all' or an index, −1 included); unknown units read 'all'. */
export function readUnitFilter(value: string | null, units: readonly FlatUnit[]): UnitFilter {
  if (value === null || !/^-?\d+$/.test(value)) return 'all';
  const index = Number(value);
  return units.some((u) => u.index === index) ? index : 'all';
}

/** The units charted for a filter: every top-level unit (the unclassified one too) for 'all', else that unit. */
export function chartedUnits(data: MathSummaryData, filter: UnitFilter): FlatUnit[] {
  const flat = flattenUnits(data.units);
  return filter === 'all' ? flat.filter((u) => u.depth === 0) : flat.filter((u) => u.index === filter);
}

/** One unit's bars: per pupil, the writing and content rate in that unit. */
export function unitBarRows(data: MathSummaryData, unitIndex: number): PupilBarRow[] {
  return data.pupils.map((p) => {
    const u = p.units.find((x) => x.index === unitIndex);
    return {
      studentId: p.studentId,
      num: p.num,
      name: p.name,
      written: u?.progress.writtenRatePct ?? 0,
      touched: u?.progress.touchedRatePct ?? 0,
    };
  });
}

/** True when some bar is above zero (an all-zero chart shows the empty placeholder). */
export function hasBars(rows: readonly PupilBarRow[]): boolean {
  return rows.some((r) => r.written > 0 || r.touched > 0);
}

// ——— math/view ———

/** One row of the pupil selection list. */
export interface PupilViewRow extends PupilRef {
  readonly lastWatchTimeMs: number | null;
  readonly watchCount: number;
  readonly lastWritingTimeMs: number | null;
}

/** The pupil selection list (math/view): registration number, name, last watch, watch count, last writing. */
export function pupilViewRows(data: MathSummaryData): PupilViewRow[] {
  return data.pupils.map((p) => ({
    studentId: p.studentId,
    num: p.num,
    name: p.name,
    lastWatchTimeMs: p.lastWatchTimeMs,
    watchCount: p.watchCount,
    lastWritingTimeMs: p.lastWritingTimeMs,
  }));
}

/** 'YYYY-MM-DD HH:mm' of an epoch ms in an IANA time zone (the summary's). */
export function dateTimeText(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

// ——— Addresses ———

/** math/student of a pupil, on the same book. */
export const studentPath = (q: MathQuery, studentId: string): string =>
  `/main/math/student${mathSearch(q, studentId)}`;

/** math/student_categories of a pupil, on the same book, optionally opened at a unit (`category`). */
export function studentUnitsPath(q: MathQuery, studentId: string, unitIndex?: number): string {
  const search = mathSearch(q, studentId);
  return `/main/math/student_categories${search}${unitIndex === undefined ? '' : `&category=${unitIndex}`}`;
}
