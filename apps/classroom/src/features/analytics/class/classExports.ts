/**
 * The class analytics screens' tables as they leave the app (issue 30 item 1): math/all (rates
 * per pupil, class averages and the pupils above and below, status per page and per unit),
 * math/categories (rates per pupil in each charted unit) and math/view. Each cell is the screen's
 * text, made by the screen's own functions (`oneDecimal` = ink's `formatOneDecimal`, §5 page
 * labels, `dateTimeText`); the rate tables are the very ones the charts show as their table.
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import { pageLabelText } from '../../../components/pageLabel';
import type { T } from '../../../i18n/text';
import { columnsOf, type ExportTable } from '../../../lib/tableExport/table';
import {
  chartedUnits,
  dateTimeText,
  oneDecimal,
  type PupilBarRow,
  pageStatusRows,
  pupilViewRows,
  splitPupils,
  type UnitFilter,
  unitBarRows,
  unitStatusRows,
  unitTitle,
  wholeBookRows,
} from './classData';

/** Per pupil: number, name, writing rate, content rate (one decimal): a chart's table. */
export function rateTable(t: T, title: string, rows: readonly PupilBarRow[]): ExportTable {
  return {
    title,
    columns: columnsOf(
      [
        t('analyticsClass.num'),
        t('analyticsClass.name'),
        t('analyticsClass.writingRate'),
        t('analyticsClass.contentRate'),
      ],
      [2, 3],
    ),
    rows: rows.map((r) => [r.num, r.name, oneDecimal(r.written), oneDecimal(r.touched)]),
  };
}

/** The class averages (%), then the pupils above and below the average. */
export function averageTables(t: T, data: MathSummaryData): ExportTable[] {
  const split = splitPupils(data);
  return [
    {
      title: t('export.averages'),
      columns: columnsOf([t('export.figure'), t('export.valuePct')], [1]),
      rows: [
        [t('analyticsClass.averageWriting'), oneDecimal(data.average.progress.writtenRatePct)],
        [t('analyticsClass.averageContent'), oneDecimal(data.average.progress.touchedRatePct)],
      ],
    },
    ...(
      [
        [t('analyticsClass.above'), split.above],
        [t('analyticsClass.below'), split.below],
      ] as const
    ).map(([title, pupils]) => ({
      title,
      columns: columnsOf([t('analyticsClass.num'), t('analyticsClass.name')]),
      rows: pupils.map((p) => [p.num, p.name]),
    })),
  ];
}

/** 'Status per page': §5 page label, unit, pupils who wrote, pupils who tapped. */
export function pageTable(t: T, data: MathSummaryData): ExportTable {
  return {
    title: t('analyticsClass.perPage'),
    columns: columnsOf([
      t('analyticsClass.page'),
      t('analyticsClass.unit'),
      t('analyticsClass.writtenPupils'),
      t('analyticsClass.touchedPupils'),
    ]),
    rows: pageStatusRows(data, t('analytics.unclassified')).map((r) => [
      pageLabelText(t, r.label, data.book.pageNaming),
      r.unitTitle,
      r.writtenPupils,
      r.touchedPupils,
    ]),
  };
}

/** 'Status per unit': unit, pages, class average writing and content rate, study time. */
export function unitTable(t: T, data: MathSummaryData): ExportTable {
  return {
    title: t('analyticsClass.perUnit'),
    columns: columnsOf(
      [
        t('analyticsClass.unit'),
        t('analyticsClass.numPages'),
        t('analyticsClass.unitWriting'),
        t('analyticsClass.unitContent'),
        t('analyticsClass.studyTime'),
      ],
      [2, 3, 4],
    ),
    rows: unitStatusRows(data).map((r) => [
      unitTitle(r, t('analytics.unclassified')),
      r.numPages,
      oneDecimal(r.writtenRatePct),
      oneDecimal(r.touchedRatePct),
      oneDecimal(r.studyTimeMin),
    ]),
  };
}

/** math/all: every table of the screen. */
export function mathAllTables(t: T, data: MathSummaryData): ExportTable[] {
  return [
    rateTable(t, t('analyticsClass.rateChart'), wholeBookRows(data)),
    ...averageTables(t, data),
    pageTable(t, data),
    unitTable(t, data),
  ];
}

/** math/categories: the rates table of each unit charted for the filter. */
export function categoriesTables(t: T, data: MathSummaryData, filter: UnitFilter): ExportTable[] {
  return chartedUnits(data, filter).map((u) =>
    rateTable(
      t,
      t('analyticsClass.unitChart', { unit: unitTitle(u, t('analytics.unclassified')) }),
      unitBarRows(data, u.index),
    ),
  );
}

/** math/view: number, name, last watch, watch count, last writing (the summary's time zone). */
export function viewTable(t: T, data: MathSummaryData): ExportTable {
  const time = (ms: number | null) =>
    ms === null ? t('analyticsClass.never') : dateTimeText(ms, data.timeZone);
  return {
    title: t('analyticsClass.viewTitle'),
    columns: columnsOf([
      t('analyticsClass.num'),
      t('analyticsClass.name'),
      t('analyticsClass.lastWatch'),
      t('analyticsClass.watchCount'),
      t('analyticsClass.lastWriting'),
    ]),
    rows: pupilViewRows(data).map((r) => [
      r.num,
      r.name,
      time(r.lastWatchTimeMs),
      r.watchCount,
      time(r.lastWritingTimeMs),
    ]),
  };
}
