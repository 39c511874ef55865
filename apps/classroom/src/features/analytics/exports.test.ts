import { formatOneDecimal } from '@dotink/ink';
import { describe, expect, it } from 'vitest';
import { classroomText, type T } from '../../i18n/text';
import { encodeCsv } from '../../lib/tableExport/csv';
import { mathAllTables, viewTable } from './class/classExports';
import { studentTables } from './pupil/pupilExports';
import { unitRows } from './pupil/pupilFigures';
import { FIXTURE_DETAIL, FIXTURE_SUMMARY } from './pupil/pupilFixture';
import { timeFormats, unitNameOf } from './pupil/usePupilPage';

const t: T = (key, params) => classroomText('ko', key, params);

describe('analytics tables as exported', () => {
  it('math/all: the rates table holds the screen’s one-decimal texts of the server’s figures, in the user’s language', () => {
    const tables = mathAllTables(t, FIXTURE_SUMMARY);
    const rates = tables[0]!;
    expect(rates.columns.map((c) => c.header)).toEqual([
      '번호',
      '학생 이름',
      '필기 학습률 (%)',
      '콘텐츠 학습률 (%)',
    ]);
    expect(rates.columns.map((c) => c.oneDecimal ?? false)).toEqual([false, false, true, true]);
    expect(rates.rows).toEqual(
      FIXTURE_SUMMARY.pupils.map((p) => [
        p.num,
        p.name,
        formatOneDecimal(p.progress.writtenRatePct),
        formatOneDecimal(p.progress.touchedRatePct),
      ]),
    );
    expect(tables.map((x) => x.title)).toHaveLength(6);
    // the CSV of those tables is readable text, with a BOM
    expect([...encodeCsv(tables).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('math/view: a pupil who never watched reads as the screen’s word for none', () => {
    const table = viewTable(t, FIXTURE_SUMMARY);
    expect(table.rows).toHaveLength(FIXTURE_SUMMARY.pupils.length);
    for (const [i, p] of FIXTURE_SUMMARY.pupils.entries())
      if (p.lastWatchTimeMs === null) expect(table.rows[i]![2]).toBe(t('analyticsClass.never'));
  });

  it('math/student: ten tables; the per-unit table’s figures as the screen formats them', () => {
    const rows = unitRows(FIXTURE_DETAIL.units, FIXTURE_DETAIL.pupil.units, FIXTURE_DETAIL.average.units);
    const tables = studentTables(
      { t, language: 'ko', name: unitNameOf(t), f: timeFormats('ko', FIXTURE_DETAIL.timeZone) },
      FIXTURE_DETAIL,
      rows,
    );
    expect(tables).toHaveLength(10);
    const category = tables[7]!;
    expect(category.title).toBe(t('analyticsPupil.categoryTable'));
    expect(category.rows.map((r) => r[3])).toEqual(
      rows.map((r) => formatOneDecimal(r.pupil?.progress.writtenRatePct ?? 0)),
    );
    expect(tables[0]!.rows).toHaveLength(24);
  });
});
