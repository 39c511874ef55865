/**
 * The pupil screens' tables as they leave the app (issue 30 item 1): math/student (daily and
 * weekday participation, overall rates, the per-unit charts, the per-unit table, activity and
 * content clicks) and math/student_categories (the chosen unit's charts). The chart tables are
 * the very ones the charts show (PupilCharts takes them from here); the other tables use the
 * screen's own formatters (`oneDecimal` = ink's `formatOneDecimal`, `msToMinutes`, the UI
 * language's date formats in the summary's time zone).
 */
import type {
  ContentClick,
  Progress,
  PupilDetailData,
  StudyBlockSummary,
  SummaryUnit,
  UnitFigures,
} from '@dotink/contracts/eduAnalytics';
import type { T } from '../../../i18n/text';
import { columnsOf, type ExportTable } from '../../../lib/tableExport/table';
import {
  clickTypeLabel,
  hourLabel,
  hourRows,
  msToMinutes,
  oneDecimal,
  type UnitRow,
  weekdayRows,
} from './pupilFigures';
import type { TimeFormats } from './usePupilPage';

/** A unit's name in the UI language. */
export type UnitName = (unit: Pick<SummaryUnit, 'index' | 'title'>) => string;

/** Daily participation: hour, minutes. */
export function hourTable(t: T, hourStudyMin: readonly number[]): ExportTable {
  return {
    title: t('analyticsPupil.daily'),
    columns: columnsOf([t('analyticsPupil.hour'), t('analyticsPupil.minutes')], [1]),
    rows: hourRows(hourStudyMin).map((r) => [hourLabel(r.hour), oneDecimal(r.minutes)]),
  };
}

/** Weekday participation, Monday → Sunday: weekday, minutes. */
export function weekdayTable(t: T, weekdayStudyMin: readonly number[], language: string): ExportTable {
  return {
    title: t('analyticsPupil.weekday'),
    columns: columnsOf([t('analyticsPupil.day'), t('analyticsPupil.minutes')], [1]),
    rows: weekdayRows(weekdayStudyMin, language).map((r) => [r.name, oneDecimal(r.minutes)]),
  };
}

/** The pupil's and the class's writing and content rate. */
export function overallTable(t: T, pupil: Progress, average: Progress, title?: string): ExportTable {
  return {
    title: title ?? t('analyticsPupil.overall'),
    columns: columnsOf(['', t('analyticsPupil.writingRate'), t('analyticsPupil.contentRate')], [1, 2]),
    rows: [
      [t('analyticsPupil.thisStudent'), oneDecimal(pupil.writtenRatePct), oneDecimal(pupil.touchedRatePct)],
      [
        t('analyticsPupil.classAverage'),
        oneDecimal(average.writtenRatePct),
        oneDecimal(average.touchedRatePct),
      ],
    ],
  };
}

/** Two figures of each unit. */
export interface UnitPair {
  readonly title: string;
  readonly first: { readonly name: string; readonly value: (r: UnitRow) => number | undefined };
  readonly second: { readonly name: string; readonly value: (r: UnitRow) => number | undefined };
}

/** A per-unit chart's table: unit, first figure, second figure (one decimal). */
export function unitPairTable(t: T, name: UnitName, rows: readonly UnitRow[], pair: UnitPair): ExportTable {
  return {
    title: pair.title,
    columns: columnsOf([t('analyticsPupil.unit'), pair.first.name, pair.second.name], [1, 2]),
    rows: rows.map((r) => [
      name(r.unit),
      oneDecimal(pair.first.value(r) ?? 0),
      oneDecimal(pair.second.value(r) ?? 0),
    ]),
  };
}

const pupilA = (pick: (u: UnitFigures) => number) => (r: UnitRow) => (r.pupil ? pick(r.pupil) : undefined);

/** Writing rate per unit, the pupil against the class. */
export const unitRatePair = (t: T): UnitPair => ({
  title: t('analyticsPupil.perUnitRate'),
  first: { name: t('analyticsPupil.thisStudent'), value: (r) => r.pupil?.progress.writtenRatePct },
  second: { name: t('analyticsPupil.classAverage'), value: (r) => r.average?.progress.writtenRatePct },
});

/** Study time per unit (minutes), the pupil against the class. */
export const unitTimePair = (t: T): UnitPair => ({
  title: t('analyticsPupil.perUnitTime'),
  first: { name: t('analyticsPupil.thisStudent'), value: pupilA((u) => u.analysis.studyTimeMin) },
  second: { name: t('analyticsPupil.classAverage'), value: (r) => r.average?.analysis.studyTimeMin },
});

/** Actual writing time against activity time per unit (minutes). */
export const realVsActivityPair = (t: T): UnitPair => ({
  title: t('analyticsPupil.realVsActivity'),
  first: {
    name: t('analyticsPupil.realWritingTime'),
    value: pupilA((u) => msToMinutes(u.analysis.realWritingTimeMs)),
  },
  second: { name: t('analyticsPupil.studyTime'), value: pupilA((u) => u.analysis.studyTimeMin) },
});

/** Writing speed per unit (mm/s) against the class's writers. */
export const speedPair = (
  t: T,
  average: { readonly writers: number; readonly pupils: number },
): UnitPair => ({
  title: t('analyticsPupil.speed'),
  first: { name: t('analyticsPupil.speedValue'), value: pupilA((u) => u.analysis.realWritingSpeedMmPerS) },
  second: {
    name: t('analyticsPupil.classSpeed', { writers: average.writers, pupils: average.pupils }),
    value: (r) => r.average?.analysis.realWritingSpeedMmPerS,
  },
});

/** The per-unit table: unit, pages, written pages, writing rate, content rate, study time. */
export function categoryTable(t: T, name: UnitName, rows: readonly UnitRow[]): ExportTable {
  return {
    title: t('analyticsPupil.categoryTable'),
    columns: columnsOf(
      [
        t('analyticsPupil.unit'),
        t('analyticsPupil.pages'),
        t('analyticsPupil.writtenPages'),
        t('analyticsPupil.writingRate'),
        t('analyticsPupil.contentRate'),
        t('analyticsPupil.studyTime'),
      ],
      [3, 4, 5],
    ),
    rows: rows.map((r) => [
      name(r.unit),
      r.unit.numPages,
      r.pupil?.analysis.numWrittenPages ?? 0,
      oneDecimal(r.pupil?.progress.writtenRatePct ?? 0),
      oneDecimal(r.pupil?.progress.touchedRatePct ?? 0),
      oneDecimal(r.pupil?.analysis.studyTimeMin ?? 0),
    ]),
  };
}

/** The study blocks, newest first (the table's order): date, start–end, minutes, pages. */
export function activityTable(t: T, f: TimeFormats, blocks: readonly StudyBlockSummary[]): ExportTable {
  return {
    title: t('analyticsPupil.activity'),
    columns: columnsOf(
      [
        t('analyticsPupil.date'),
        t('analyticsPupil.startEnd'),
        t('analyticsPupil.minutes'),
        t('analyticsPupil.pages'),
      ],
      [2],
    ),
    rows: newestBlocksFirst(blocks).map((b) => [
      f.date(b.startTimeMs),
      blockSpan(f, b),
      oneDecimal(msToMinutes(b.durationMs)),
      b.pages.join(', '),
    ]),
  };
}

/** The study blocks newest first. */
export const newestBlocksFirst = (blocks: readonly StudyBlockSummary[]): StudyBlockSummary[] =>
  [...blocks].sort((a, b) => b.startTimeMs - a.startTimeMs);

/** 'HH:mm–HH:mm' of a study block. */
export const blockSpan = (f: TimeFormats, b: StudyBlockSummary): string =>
  `${f.time(b.startTimeMs)}–${f.time(b.endTimeMs)}`;

/** The content clicks' type words of the UI language. */
export const clickWords = (t: T) => ({
  youtube: t('analyticsPupil.youtube'),
  remedial: t('analyticsPupil.remedial'),
  estimate: t('analyticsPupil.estimate'),
});

/** The content clicks, newest first: time, page, type, link. */
export function clicksTable(t: T, f: TimeFormats, clicks: readonly ContentClick[]): ExportTable {
  const words = clickWords(t);
  return {
    title: t('analyticsPupil.clicks'),
    columns: columnsOf([
      t('analyticsPupil.time'),
      t('analyticsPupil.page'),
      t('analyticsPupil.type'),
      t('analyticsPupil.link'),
    ]),
    rows: [...clicks]
      .sort((a, b) => b.timeMs - a.timeMs)
      .map((c) => [f.dateTime(c.timeMs), c.page ?? '', clickTypeLabel(c.type, words), c.url]),
  };
}

/** What the pupil tables are written in. */
export interface PupilExportText {
  readonly t: T;
  readonly language: string;
  readonly name: UnitName;
  readonly f: TimeFormats;
}

/** math/student: every table of the screen but the month chart (its month is chosen on screen). */
export function studentTables(
  x: PupilExportText,
  detail: PupilDetailData,
  rows: readonly UnitRow[],
): ExportTable[] {
  const { t, name } = x;
  return [
    hourTable(t, detail.pupil.hourStudyMin),
    weekdayTable(t, detail.pupil.weekdayStudyMin, x.language),
    overallTable(t, detail.pupil.progress, detail.average.progress),
    unitPairTable(t, name, rows, unitRatePair(t)),
    unitPairTable(t, name, rows, unitTimePair(t)),
    unitPairTable(t, name, rows, realVsActivityPair(t)),
    unitPairTable(t, name, rows, speedPair(t, detail.average)),
    categoryTable(t, name, rows),
    activityTable(t, x.f, detail.blocks),
    clicksTable(t, x.f, detail.clicks),
  ];
}

/** math/student_categories: the chosen unit's tables. */
export function studentUnitTables(x: PupilExportText, detail: PupilDetailData, row: UnitRow): ExportTable[] {
  const { t, name } = x;
  return [
    ...(row.pupil && row.average
      ? [overallTable(t, row.pupil.progress, row.average.progress, t('analyticsPupil.perUnitRate'))]
      : []),
    unitPairTable(t, name, [row], unitTimePair(t)),
    unitPairTable(t, name, [row], realVsActivityPair(t)),
    unitPairTable(t, name, [row], speedPair(t, detail.average)),
  ];
}
