/**
 * math/categories, per-unit progress per pupil (classroom.md §2): a unit filter whose first option
 * is 'all units' (kept in the URL as `category`), then one bar chart per unit (every top-level
 * unit for 'all units', else the chosen unit or sub-unit): per pupil the writing rate and content
 * rate in the unit, 0–100 %, 30 px a pupil. A click on a bar or a name opens that pupil's by-unit
 * page (math/student_categories) at that unit.
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ExportButtons } from '../../../components/ExportButtons';
import { useT } from '../../../i18n/text';
import { ChartFrame, chartTable } from '../ChartFrame';
import type { MathQuery } from '../summaryQueries';
import { ClassPageFrame } from './ClassPageFrame';
import {
  chartedUnits,
  type FlatUnit,
  flattenUnits,
  hasBars,
  readUnitFilter,
  studentUnitsPath,
  UNIT_AXIS,
  unitBarRows,
  unitTitle,
} from './classData';
import { categoriesTables, rateTable } from './classExports';
import { PupilBars } from './PupilBars';

export default function CategoriesPage() {
  const t = useT();
  return (
    <ClassPageFrame label={t('analyticsClass.byUnitTitle')} testId="math-categories-page">
      {(data, q) => <ByUnit data={data} q={q} />}
    </ClassPageFrame>
  );
}

function ByUnit({ data, q }: { data: MathSummaryData; q: MathQuery }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const units = flattenUnits(data.units);
  const filter = readUnitFilter(params.get('category'), units);
  const selectId = useId();
  const choose = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'all') next.delete('category');
        else next.set('category', value);
        return next;
      },
      { replace: true },
    );
  const charted = chartedUnits(data, filter);
  return (
    <>
      <div className="math-filter">
        <label htmlFor={selectId}>{t('analyticsClass.unitFilter')}</label>
        <select
          id={selectId}
          value={String(filter)}
          onChange={(e) => choose(e.target.value)}
          data-testid="unit-filter"
        >
          <option value="all">{t('analyticsClass.allUnits')}</option>
          {units.map((u) => (
            <option key={u.index} value={u.index}>
              {`${'\u00a0\u00a0'.repeat(u.depth)}${unitTitle(u, t('analytics.unclassified'))}`}
            </option>
          ))}
        </select>
      </div>
      <ExportButtons
        what={t('analyticsClass.byUnitTitle')}
        tables={() => categoriesTables(t, data, filter)}
        fileName={[q.textbookTitle, t('analyticsClass.byUnitTitle')]}
        testId="export-math-categories"
      />
      {charted.length === 0 ? <p className="chart-frame-empty">{t('analytics.noData')}</p> : null}
      {charted.map((u) => (
        <UnitChart key={u.index} data={data} q={q} unit={u} />
      ))}
    </>
  );
}

function UnitChart({ data, q, unit }: { data: MathSummaryData; q: MathQuery; unit: FlatUnit }) {
  const t = useT();
  const navigate = useNavigate();
  const rows = unitBarRows(data, unit.index);
  const title = unitTitle(unit, t('analytics.unclassified'));
  return (
    <ChartFrame
      title={t('analyticsClass.unitChart', { unit: title })}
      caption={t('analyticsClass.unitCaption')}
      hasData={hasBars(rows)}
      testId="unit-chart"
      table={chartTable(rateTable(t, t('analyticsClass.unitChart', { unit: title }), rows))}
    >
      <PupilBars
        rows={rows}
        axis={UNIT_AXIS}
        writingLabel={t('analyticsClass.writingRate')}
        contentLabel={t('analyticsClass.contentRate')}
        onPupil={(studentId) => navigate(studentUnitsPath(q, studentId, unit.index))}
        testId={`unit-${unit.index}`}
      />
    </ChartFrame>
  );
}
