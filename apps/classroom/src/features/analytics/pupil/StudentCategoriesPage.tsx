/**
 * math/student_categories, one pupil's units (classroom.md §2): pupil and unit selectors (the
 * `category` query parameter is the unit's index, default the first unit), the unit's charts —
 * writing and content rate (to 100 %), time, actual writing time against activity time, speed,
 * each against the class — and 'replay this unit's writing' when the pupil wrote on the unit.
 */
import type { PupilDetailData } from '@dotink/contracts/eduAnalytics';
import { useLanguage } from '@dotink/view/i18n';
import { useId, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ExportButtons } from '../../../components/ExportButtons';
import { useT } from '../../../i18n/text';
import { type MathQuery, mathSearch } from '../summaryQueries';
import { OverallChart, RealVsActivityChart, SpeedChart, UnitTimeChart } from './PupilCharts';
import { studentUnitTables } from './pupilExports';
import { pagesReplayPath, UNIT_AXIS_MAX, type UnitRow, unitRows, wroteOnUnit } from './pupilFigures';
import { PupilPageFrame, useTimeFormat, useUnitName } from './usePupilPage';
import './pupil.css';

const PATH = '/main/math/student_categories';

/** The unit a `category` value names among the rows (the first when absent or unknown). */
export function chosenUnit(rows: readonly UnitRow[], category: string | null): UnitRow | undefined {
  const index = category !== null && /^-?\d{1,6}$/.test(category) ? Number(category) : undefined;
  return rows.find((r) => r.unit.index === index) ?? rows[0];
}

export default function StudentCategoriesPage() {
  const t = useT();
  const [params] = useSearchParams();
  const category = params.get('category');
  return (
    <PupilPageFrame
      testId="math-student-categories-page"
      title={t('analyticsPupil.unitsTitle')}
      path={PATH}
      keep={category !== null ? { category } : undefined}
      noPupil={<p className="muted">{t('analyticsPupil.chooseText')}</p>}
    >
      {(f) => <UnitFigures query={f.query} studentId={f.studentId} detail={f.detail} category={category} />}
    </PupilPageFrame>
  );
}

function UnitFigures(props: {
  readonly query: MathQuery;
  readonly studentId: string;
  readonly detail: PupilDetailData;
  readonly category: string | null;
}) {
  const t = useT();
  const name = useUnitName();
  const id = useId();
  const navigate = useNavigate();
  const language = useLanguage();
  const { detail } = props;
  const f = useTimeFormat(detail.timeZone);
  const rows = useMemo(() => unitRows(detail.units, detail.pupil.units, detail.average.units), [detail]);
  const row = chosenUnit(rows, props.category);
  if (!row) return <p className="chart-frame-empty">{t('analytics.noData')}</p>;
  const wrote = wroteOnUnit(detail, row.unit);
  return (
    <div data-testid="unit-figures" data-unit={row.unit.index}>
      <div className="toolbar">
        <div className="field unit-select">
          <label htmlFor={id}>{t('analyticsPupil.unit')}</label>
          <select
            id={id}
            data-testid="unit-select"
            value={String(row.unit.index)}
            onChange={(e) =>
              navigate(`${PATH}${mathSearch(props.query, props.studentId)}&category=${e.target.value}`)
            }
          >
            {rows.map((r) => (
              <option key={r.unit.index} value={r.unit.index}>
                {name(r.unit)}
              </option>
            ))}
          </select>
        </div>
        {wrote ? (
          <Link
            className="button primary"
            to={pagesReplayPath(props.query, props.studentId, row.unit.pages)}
            data-testid="replay-unit"
          >
            {t('analyticsPupil.replayThisUnit')}
          </Link>
        ) : (
          <span className="muted" data-testid="no-unit-writing">
            {t('analyticsPupil.noUnitWriting')}
          </span>
        )}
      </div>
      <ExportButtons
        what={`${t('analyticsPupil.unitsTitle')} · ${detail.pupil.name} · ${name(row.unit)}`}
        tables={() => studentUnitTables({ t, language, name, f }, detail, row)}
        fileName={[props.query.textbookTitle, detail.pupil.name, name(row.unit)]}
        testId="export-math-student-categories"
      />
      <div className="pupil-grid">
        {row.pupil && row.average && (
          <OverallChart
            title={t('analyticsPupil.perUnitRate')}
            testId="chart-unit-rates"
            pupil={row.pupil.progress}
            average={row.average.progress}
            max={UNIT_AXIS_MAX}
          />
        )}
        <UnitTimeChart rows={[row]} />
        <RealVsActivityChart rows={[row]} />
        <SpeedChart rows={[row]} average={detail.average} />
      </div>
    </div>
  );
}
