/**
 * math/student, one pupil's analysis (classroom.md §2; query of math/all plus studentId): a
 * pupil selector; daily and weekday participation, overall writing rate, writing rate and time
 * per unit, actual writing time against activity time, writing speed per unit against the class;
 * the per-unit table with replay links; the study calendar; the monthly study time by weekday
 * with previous / next / current month; the activity and content-click tables; the info box.
 * Without a pupil, the dialog 'choose a student' offers the selection page (math/view).
 */

import type { PupilDetailData } from '@dotink/contracts/eduAnalytics';
import { useLanguage } from '@dotink/view/i18n';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../../components/Dialog';
import { ExportButtons } from '../../../components/ExportButtons';
import { useT } from '../../../i18n/text';
import { useServices } from '../../../lib/services';
import { ReportAction } from '../report/ReportAction';
import { type MathQuery, mathSearch, useMathSummary } from '../summaryQueries';
import { PupilCalendar } from './PupilCalendar';
import {
  HourChart,
  MonthlyChart,
  OverallChart,
  RealVsActivityChart,
  SpeedChart,
  UnitRateChart,
  UnitTimeChart,
  WeekdayChart,
} from './PupilCharts';
import { ActivityTable, CategoryTable, ClicksTable, InfoBox } from './PupilTables';
import { studentTables } from './pupilExports';
import {
  initialMonth,
  monthAt,
  monthKey,
  monthlyWeekdayMinutes,
  shiftMonth,
  unitRows,
  type YearMonth,
} from './pupilFigures';
import { PupilPageFrame, usePupilPage, useTimeFormat, useUnitName } from './usePupilPage';
import './pupil.css';

export default function StudentPage() {
  const t = useT();
  return (
    <PupilPageFrame
      testId="math-student-page"
      title={t('analyticsPupil.studentTitle')}
      path="/main/math/student"
      noPupil={<ChooseStudentDialog />}
    >
      {(f) => <StudentFigures query={f.query} studentId={f.studentId} detail={f.detail} />}
    </PupilPageFrame>
  );
}

/** 'choose a student': no pupil in the query; offers math/view with the same book. */
function ChooseStudentDialog() {
  const t = useT();
  const { query } = usePupilPage();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const select = () => query && navigate(`/main/math/view${mathSearch(query)}`);
  return (
    <>
      <p className="muted">{t('analyticsPupil.chooseText')}</p>
      <AppDialog
        title={t('analyticsPupil.chooseTitle')}
        isOpen={open}
        onClose={() => setOpen(false)}
        role="alertdialog"
        testId="choose-student"
        actions={
          <>
            <Button className="button" onPress={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button className="button primary" onPress={select} autoFocus data-testid="go-select">
              {t('analyticsPupil.goSelect')}
            </Button>
          </>
        }
      >
        <p>{t('analyticsPupil.chooseText')}</p>
      </AppDialog>
    </>
  );
}

function StudentFigures(props: {
  readonly query: MathQuery;
  readonly studentId: string;
  readonly detail: PupilDetailData;
}) {
  const { detail } = props;
  const { nowMs } = useServices();
  const t = useT();
  const language = useLanguage();
  const name = useUnitName();
  const f = useTimeFormat(detail.timeZone);
  const rows = useMemo(() => unitRows(detail.units, detail.pupil.units, detail.average.units), [detail]);
  const pupilName = detail.pupil.name;
  const summary = useMathSummary(props.query);
  return (
    <div className="pupil-figures" data-testid="pupil-figures" data-student={props.studentId}>
      <ExportButtons
        what={`${t('analyticsPupil.studentTitle')} · ${pupilName}`}
        tables={() => studentTables({ t, language, name, f }, detail, rows)}
        fileName={[props.query.textbookTitle, pupilName, t('analyticsPupil.studentTitle')]}
        testId="export-math-student"
      />
      {summary.data ? (
        <ReportAction
          query={props.query}
          summary={summary.data}
          scope="pupil"
          studentIds={[props.studentId]}
          pupilName={pupilName}
          fileName={[props.query.textbookTitle, `${detail.pupil.num}. ${pupilName}`]}
          testId="report-pupil"
        />
      ) : null}
      <InfoBox />
      <div className="pupil-grid">
        <HourChart hourStudyMin={detail.pupil.hourStudyMin} />
        <WeekdayChart weekdayStudyMin={detail.pupil.weekdayStudyMin} />
        <OverallChart pupil={detail.pupil.progress} average={detail.average.progress} />
        <UnitRateChart rows={rows} />
        <UnitTimeChart rows={rows} />
        <RealVsActivityChart rows={rows} />
        <SpeedChart rows={rows} average={detail.average} />
      </div>
      <CategoryTable query={props.query} studentId={props.studentId} detail={detail} rows={rows} />
      <div className="pupil-grid">
        <PupilCalendar
          days={detail.days}
          initial={initialMonth(detail.days, nowMs(), detail.timeZone)}
          timeZone={detail.timeZone}
        />
        <Monthly detail={detail} nowMs={nowMs()} />
      </div>
      <ActivityTable blocks={detail.blocks} timeZone={detail.timeZone} />
      <ClicksTable clicks={detail.clicks} timeZone={detail.timeZone} />
    </div>
  );
}

/** The monthly chart with its month navigation (previous / next / current month). */
function Monthly({ detail, nowMs }: { readonly detail: PupilDetailData; readonly nowMs: number }) {
  const t = useT();
  const f = useTimeFormat(detail.timeZone);
  const [month, setMonth] = useState<YearMonth>(() => initialMonth(detail.days, nowMs, detail.timeZone));
  const figures = monthlyWeekdayMinutes(detail.days, month);
  return (
    <div data-testid="monthly" data-month={monthKey(month)}>
      <MonthlyChart
        monthLabel={f.month(month.year, month.month)}
        minutes={figures.minutes}
        studyDays={figures.studyDays}
        hasStudy={figures.hasStudy}
        actions={
          <div className="month-nav">
            <button
              type="button"
              className="button small"
              onClick={() => setMonth((m) => shiftMonth(m, -1))}
              data-testid="month-prev"
            >
              {t('analyticsPupil.prevMonth')}
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => setMonth(monthAt(nowMs, detail.timeZone))}
              data-testid="month-current"
            >
              {t('analyticsPupil.thisMonth')}
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => setMonth((m) => shiftMonth(m, 1))}
              data-testid="month-next"
            >
              {t('analyticsPupil.nextMonth')}
            </button>
          </div>
        }
      />
    </div>
  );
}
