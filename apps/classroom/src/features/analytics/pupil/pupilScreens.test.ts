import { mathSummaryData, pupilDetailData } from '@dotink/contracts/eduAnalytics';
import { describe, expect, it } from 'vitest';
import {
  dayEvents,
  initialMonth,
  monthlyWeekdayMinutes,
  pageStates,
  unitRows,
  wroteOnUnit,
} from './pupilFigures';
import { FIXTURE_DETAIL, FIXTURE_SUMMARY } from './pupilFixture';
import { chosenUnit } from './StudentCategoriesPage';

describe('the pupil screens on a typed summary fixture', () => {
  it('uses a fixture the contract accepts', () => {
    expect(() => pupilDetailData.parse(FIXTURE_DETAIL)).not.toThrow();
    expect(() => mathSummaryData.parse(FIXTURE_SUMMARY)).not.toThrow();
  });

  const rows = unitRows(FIXTURE_DETAIL.units, FIXTURE_DETAIL.pupil.units, FIXTURE_DETAIL.average.units);

  it('pairs each unit with the pupil and class figures, unclassified last', () => {
    expect(
      rows.map((r) => [r.unit.index, r.pupil?.progress.writtenRatePct, r.average?.progress.writtenRatePct]),
    ).toEqual([
      [0, 37.5, 18.8],
      [1, 0, 0],
      [-1, 0, 0],
    ]);
  });

  it("offers a unit's replay only where the pupil wrote", () => {
    expect(rows.map((r) => wroteOnUnit(FIXTURE_DETAIL, r.unit))).toEqual([true, false, false]);
  });

  it('chooses the unit of the category parameter, else the first', () => {
    expect(chosenUnit(rows, '1')?.unit.title).toBe('Shapes');
    expect(chosenUnit(rows, '-1')?.unit.index).toBe(-1);
    expect(chosenUnit(rows, null)?.unit.title).toBe('Numbers');
    expect(chosenUnit(rows, '9')?.unit.title).toBe('Numbers');
    expect(chosenUnit(rows, 'x')?.unit.title).toBe('Numbers');
  });

  it('opens the calendar and the monthly chart on the last study month, with its titles', () => {
    const month = initialMonth(FIXTURE_DETAIL.days, Date.UTC(2027, 2, 1), 'UTC');
    expect(month).toEqual({ year: 2026, month: 11 });
    // 16 Nov 2026 is a Monday, 20 Nov a Friday
    expect(monthlyWeekdayMinutes(FIXTURE_DETAIL.days, month).minutes).toEqual([12.5, 0, 0, 0, 8, 0, 0]);
    expect(
      dayEvents(FIXTURE_DETAIL.days, (f) => `${f.min} min · ${f.pages} pages`, 'UTC').map((e) => e.title),
    ).toEqual(['12.5 min · 2 pages', '8.0 min · 1 pages']);
  });

  it('marks the study check pages of each pupil', () => {
    const states = pageStates(FIXTURE_SUMMARY.book, FIXTURE_SUMMARY.pupils[0]!);
    expect(states.filter((s) => s.state === 'written').map((s) => s.page)).toEqual([3, 4, 5]);
    expect(
      pageStates(FIXTURE_SUMMARY.book, FIXTURE_SUMMARY.pupils[1]!).every((s) => s.state === 'none'),
    ).toBe(true);
  });
});
