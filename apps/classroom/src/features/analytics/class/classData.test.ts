import type { Analysis, MathSummaryData, PupilSummary, UnitFigures } from '@dotink/contracts/eduAnalytics';
import { mathSummaryData } from '@dotink/contracts/eduAnalytics';
import { describe, expect, it } from 'vitest';
import { readMathQuery } from '../summaryQueries';
import {
  barChartHeight,
  chartedUnits,
  dateTimeText,
  flattenUnits,
  hasBars,
  oneDecimal,
  pageStatusRows,
  pupilViewRows,
  readUnitFilter,
  splitPupils,
  studentPath,
  studentUnitsPath,
  UNIT_AXIS,
  unitBarRows,
  unitStatusRows,
  WHOLE_BOOK_AXIS,
  wholeBookRows,
} from './classData';

const analysis: Analysis = {
  numWrittenPages: 0,
  numTouchedPages: 0,
  studyTimeMin: 0,
  realWritingTimeMs: 0,
  realWritingDistanceMm: 0,
  realWritingSpeedMmPerS: 0,
};
const figures = (
  index: number,
  writtenRatePct: number,
  touchedRatePct: number,
  studyTimeMin = 0,
): UnitFigures => ({
  index,
  analysis,
  progress: { writtenRatePct, touchedRatePct, studyTimeMin },
});
const pupil = (
  studentId: string,
  num: number,
  name: string,
  written: number,
  touched: number,
  units: UnitFigures[],
  extra: Partial<PupilSummary> = {},
): PupilSummary => ({
  studentId,
  num,
  name,
  analysis,
  progress: { writtenRatePct: written, touchedRatePct: touched, studyTimeMin: 0 },
  units,
  pages: [],
  firstWritingTimeMs: null,
  lastWritingTimeMs: null,
  lastWatchTimeMs: null,
  watchCount: 0,
  weekdayStudyMin: [0, 0, 0, 0, 0, 0, 0],
  hourStudyMin: Array.from({ length: 24 }, () => 0),
  ...extra,
});

/** A 6-page book: unit 0 (pages 0–3, with sub-unit 1 on pages 2–3), unit 2 (page 4), page 5 unclassified. */
const FIXTURE: MathSummaryData = mathSummaryData.parse({
  book: {
    section: 3,
    owner: 1012,
    book: 1191,
    startPage: 0,
    endPage: 5,
    numPages: 6,
    pageNaming: 'textbook',
  },
  timeZone: 'Asia/Seoul',
  units: [
    {
      index: 0,
      title: 'Addition',
      pages: [0, 1, 2, 3],
      pageNames: ['', '', '1', '2'],
      numPages: 4,
      subCategories: [
        { index: 1, title: 'Carrying', pages: [2, 3], pageNames: ['1', '2'], numPages: 2, subCategories: [] },
      ],
    },
    { index: 2, title: 'Shapes', pages: [4], pageNames: ['3'], numPages: 1, subCategories: [] },
    { index: -1, title: '', pages: [5], pageNames: ['4'], numPages: 1, subCategories: [] },
  ],
  pupils: [
    pupil(
      's1',
      1,
      'Ana',
      50,
      16.7,
      [figures(0, 75, 25), figures(1, 100, 50), figures(2, 0, 0), figures(-1, 0, 0)],
      {
        lastWatchTimeMs: Date.UTC(2026, 10, 20, 15, 5),
        watchCount: 3,
        lastWritingTimeMs: Date.UTC(2026, 10, 24, 1, 30),
      },
    ),
    pupil('s2', 2, 'Ben', 16.7, 0, [
      figures(0, 25, 0),
      figures(1, 0, 0),
      figures(2, 0, 0),
      figures(-1, 0, 0),
    ]),
    pupil('s3', 3, 'Cho', 0, 0, [figures(0, 0, 0), figures(1, 0, 0)]),
  ],
  average: {
    analysis,
    progress: { writtenRatePct: 22.2, touchedRatePct: 5.6, studyTimeMin: 4.3 },
    units: [
      figures(0, 33.3, 8.3, 2.5),
      figures(1, 33.3, 16.7, 1.5),
      figures(2, 0, 0, 0),
      figures(-1, 0, 0, 0),
    ],
    writers: 2,
    pupils: 3,
  },
  split: {
    boundary: 0.525,
    meanWrittenRatePct: 22.2,
    standardDeviationPct: 20.8,
    above: ['s1'],
    below: ['s3'],
  },
  pages: [0, 1, 2, 3, 4, 5].map((page) => ({
    page,
    label: ['', '', '1', '2', '3', '4'][page],
    unitIndex: page < 4 ? 0 : page === 4 ? 2 : -1,
    writtenPupils: page === 2 ? 2 : page === 3 ? 1 : 0,
    touchedPupils: page === 2 ? 1 : 0,
    strokeCount: page === 2 ? 40 : 0,
  })),
  computedAtMs: 0,
});

describe('class analytics data shaping', () => {
  it('axes: 0–105 with ticks every 10 on the whole textbook, 0–100 for units; 30 px a pupil', () => {
    expect(WHOLE_BOOK_AXIS.domain).toEqual([0, 105]);
    expect(WHOLE_BOOK_AXIS.ticks).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(UNIT_AXIS.domain).toEqual([0, 100]);
    expect(barChartHeight(30) - barChartHeight(29)).toBe(30);
    expect(barChartHeight(0)).toBe(barChartHeight(1));
  });

  it('labels with one decimal', () => {
    expect(oneDecimal(16.7)).toBe('16.7');
    expect(oneDecimal(50)).toBe('50.0');
    expect(oneDecimal(0)).toBe('0.0');
    expect(oneDecimal(33.349)).toBe('33.3');
  });

  it('math/all: one bar row per pupil with both rates, and the split by name in the server’s order', () => {
    expect(wholeBookRows(FIXTURE)).toEqual([
      { studentId: 's1', num: 1, name: 'Ana', written: 50, touched: 16.7 },
      { studentId: 's2', num: 2, name: 'Ben', written: 16.7, touched: 0 },
      { studentId: 's3', num: 3, name: 'Cho', written: 0, touched: 0 },
    ]);
    expect(splitPupils(FIXTURE)).toEqual({
      above: [{ studentId: 's1', num: 1, name: 'Ana' }],
      below: [{ studentId: 's3', num: 3, name: 'Cho' }],
    });
    expect(splitPupils({ ...FIXTURE, split: { ...FIXTURE.split, above: ['gone'] } }).above).toEqual([]);
  });

  it('units depth first, the unclassified unit named by the app', () => {
    expect(flattenUnits(FIXTURE.units).map((u) => [u.index, u.depth])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
      [-1, 0],
    ]);
    const rows = unitStatusRows(FIXTURE);
    expect(rows.map((r) => [r.title, r.writtenRatePct, r.touchedRatePct, r.studyTimeMin])).toEqual([
      ['Addition', 33.3, 8.3, 2.5],
      ['Carrying', 33.3, 16.7, 1.5],
      ['Shapes', 0, 0, 0],
      ['', 0, 0, 0],
    ]);
    const pages = pageStatusRows(FIXTURE, 'unclassified unit');
    expect(pages.map((p) => [p.page, p.label, p.unitTitle, p.writtenPupils, p.touchedPupils])).toEqual([
      [0, '', 'Addition', 0, 0],
      [1, '', 'Addition', 0, 0],
      [2, '1', 'Addition', 2, 1],
      [3, '2', 'Addition', 1, 0],
      [4, '3', 'Shapes', 0, 0],
      [5, '4', 'unclassified unit', 0, 0],
    ]);
  });

  it('math/categories: the filter, the charted units and each unit’s bars per pupil', () => {
    const flat = flattenUnits(FIXTURE.units);
    expect(readUnitFilter(null, flat)).toBe('all');
    expect(readUnitFilter('all', flat)).toBe('all');
    expect(readUnitFilter('1', flat)).toBe(1);
    expect(readUnitFilter('-1', flat)).toBe(-1);
    expect(readUnitFilter('9', flat)).toBe('all');
    expect(chartedUnits(FIXTURE, 'all').map((u) => u.index)).toEqual([0, 2, -1]);
    expect(chartedUnits(FIXTURE, 1).map((u) => u.title)).toEqual(['Carrying']);
    const carrying = unitBarRows(FIXTURE, 1);
    expect(carrying.map((r) => [r.name, r.written, r.touched])).toEqual([
      ['Ana', 100, 50],
      ['Ben', 0, 0],
      ['Cho', 0, 0],
    ]);
    expect(hasBars(carrying)).toBe(true);
    // a pupil without figures for a unit reads 0; a unit nobody touched has no bars
    expect(unitBarRows(FIXTURE, 2).every((r) => r.written === 0)).toBe(true);
    expect(hasBars(unitBarRows(FIXTURE, 2))).toBe(false);
  });

  it('math/view: the selection rows and times in the summary’s zone', () => {
    const [ana, ben] = pupilViewRows(FIXTURE);
    expect(ana).toMatchObject({ num: 1, name: 'Ana', watchCount: 3 });
    expect(dateTimeText(ana!.lastWatchTimeMs!, FIXTURE.timeZone)).toBe('2026-11-21 00:05');
    expect(dateTimeText(ana!.lastWritingTimeMs!, 'UTC')).toBe('2026-11-24 01:30');
    expect(ben).toMatchObject({ lastWatchTimeMs: null, watchCount: 0, lastWritingTimeMs: null });
  });

  it('addresses: math/student and math/student_categories of a pupil on the same book', () => {
    const q = readMathQuery(
      new URLSearchParams(
        'section=3&owner=1012&book=1191&ncodeStartPage=0&ncodeEndPage=123&curriculumId=4&eduClassId=2&textbookTitle=Math 3-1',
      ),
    )!;
    const student = new URL(studentPath(q, 's2'), 'http://x');
    expect(student.pathname).toBe('/main/math/student');
    expect(readMathQuery(student.searchParams)).toEqual({ ...q, studentId: 's2' });
    const units = new URL(studentUnitsPath(q, 's2', -1), 'http://x');
    expect(units.pathname).toBe('/main/math/student_categories');
    expect(units.searchParams.get('category')).toBe('-1');
    expect(units.searchParams.get('studentId')).toBe('s2');
    expect(new URL(studentUnitsPath(q, 's2'), 'http://x').searchParams.has('category')).toBe(false);
  });
});
