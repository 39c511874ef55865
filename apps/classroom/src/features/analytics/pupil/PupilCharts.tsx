/**
 * The charts of one pupil (classroom.md §2 math/student and math/student_categories, §9 axes):
 * daily participation (0–24 h, ticks every 4), weekday participation (Monday → Sunday), overall
 * writing rate (0–103), writing rate per unit (to 100 %), time per unit, actual writing time
 * against activity time, writing speed per unit against the class, and the monthly study time
 * by weekday. Each sits in a {@link ChartFrame} with its table alternative.
 */
import type { Progress } from '@dotink/contracts/eduAnalytics';
import { useLanguage } from '@dotink/view/i18n';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '../../../i18n/text';
import { ChartFrame, chartTable } from '../ChartFrame';
import {
  hourTable,
  overallTable,
  realVsActivityPair,
  speedPair,
  type UnitPair,
  unitPairTable,
  unitRatePair,
  unitTimePair,
  weekdayTable,
} from './pupilExports';
import {
  HOUR_TICKS,
  hourRows,
  oneDecimal,
  PROGRESS_AXIS_MAX,
  UNIT_AXIS_MAX,
  type UnitRow,
  weekdayRows,
} from './pupilFigures';
import { useUnitName } from './usePupilPage';

/** Chart colours: this pupil, the class (contrast ≥ 3:1 on white). */
export const PUPIL_COLOUR = '#1548a8';
export const CLASS_COLOUR = '#8a5a00';
export const SECOND_COLOUR = '#2e7d32';

const common = { responsive: true, width: '100%', accessibilityLayer: false } as const;
const fmt = (v: unknown) => (typeof v === 'number' ? oneDecimal(v) : String(v));

/** A bar chart with the app's grid, tooltip and legend (no animation: the figures show at once, also in screenshots). */
function Bars(props: {
  readonly data: readonly object[];
  readonly height: number;
  readonly vertical?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <BarChart
      {...common}
      height={props.height}
      data={props.data as object[]}
      layout={props.vertical ? 'vertical' : 'horizontal'}
      margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" />
      <Tooltip formatter={fmt} />
      {props.children}
    </BarChart>
  );
}

/** Daily participation: study minutes by hour of day on the 0–24 h axis. */
export function HourChart({ hourStudyMin }: { readonly hourStudyMin: readonly number[] }) {
  const t = useT();
  const rows = hourRows(hourStudyMin);
  return (
    <ChartFrame
      title={t('analyticsPupil.daily')}
      caption={t('analyticsPupil.dailyCaption')}
      hasData={rows.some((r) => r.minutes > 0)}
      testId="chart-hours"
      table={chartTable(hourTable(t, hourStudyMin))}
    >
      <Bars data={rows} height={220}>
        <XAxis
          dataKey="x"
          type="number"
          domain={[0, 24]}
          ticks={[...HOUR_TICKS]}
          tickFormatter={(h: number) => `${h}h`}
        />
        <YAxis width={40} />
        <Bar
          isAnimationActive={false}
          dataKey="minutes"
          name={t('analyticsPupil.minutes')}
          fill={PUPIL_COLOUR}
          barSize={10}
        />
      </Bars>
    </ChartFrame>
  );
}

/** Weekday participation, Monday → Sunday, weekday names in the UI language. */
export function WeekdayChart({ weekdayStudyMin }: { readonly weekdayStudyMin: readonly number[] }) {
  const t = useT();
  const language = useLanguage();
  const rows = weekdayRows(weekdayStudyMin, language);
  return (
    <ChartFrame
      title={t('analyticsPupil.weekday')}
      caption={t('analyticsPupil.weekdayCaption')}
      hasData={rows.some((r) => r.minutes > 0)}
      testId="chart-weekdays"
      table={chartTable(weekdayTable(t, weekdayStudyMin, language))}
    >
      <Bars data={rows} height={220}>
        <XAxis dataKey="name" />
        <YAxis width={40} />
        <Bar
          isAnimationActive={false}
          dataKey="minutes"
          name={t('analyticsPupil.minutes')}
          fill={PUPIL_COLOUR}
        />
      </Bars>
    </ChartFrame>
  );
}

/** Overall writing (and content) rate of the pupil against the class, on the 0–103 axis. */
export function OverallChart(props: {
  readonly pupil: Progress;
  readonly average: Progress;
  readonly title?: string;
  readonly testId?: string;
  /** The axis end: 103 for the whole book (§9), 100 for one unit. */
  readonly max?: number;
}) {
  const t = useT();
  const rows = [
    {
      name: t('analyticsPupil.thisStudent'),
      written: props.pupil.writtenRatePct,
      touched: props.pupil.touchedRatePct,
    },
    {
      name: t('analyticsPupil.classAverage'),
      written: props.average.writtenRatePct,
      touched: props.average.touchedRatePct,
    },
  ];
  return (
    <ChartFrame
      title={props.title ?? t('analyticsPupil.overall')}
      hasData
      testId={props.testId ?? 'chart-overall'}
      table={chartTable(overallTable(t, props.pupil, props.average, props.title))}
    >
      <Bars data={rows} height={160} vertical>
        <XAxis type="number" domain={[0, props.max ?? PROGRESS_AXIS_MAX]} ticks={[0, 20, 40, 60, 80, 100]} />
        <YAxis type="category" dataKey="name" width={96} />
        <Legend />
        <Bar
          isAnimationActive={false}
          dataKey="written"
          name={t('analyticsPupil.writingRate')}
          fill={PUPIL_COLOUR}
        />
        <Bar
          isAnimationActive={false}
          dataKey="touched"
          name={t('analyticsPupil.contentRate')}
          fill={SECOND_COLOUR}
        />
      </Bars>
    </ChartFrame>
  );
}

const unitHeight = (n: number) => 60 + n * 44;
const shortName = (s: string) => (s.length > 16 ? `${s.slice(0, 15)}…` : s);

/** A per-unit chart: two figures of each unit (the pupil's and another) as horizontal bars. */
function UnitPairChart(props: {
  readonly testId: string;
  readonly rows: readonly UnitRow[];
  readonly pair: UnitPair;
  readonly max?: number | undefined;
}) {
  const name = useUnitName();
  const t = useT();
  const { first, second } = props.pair;
  const data = props.rows.map((r) => ({
    name: shortName(name(r.unit)),
    a: first.value(r) ?? 0,
    b: second.value(r) ?? 0,
  }));
  return (
    <ChartFrame
      title={props.pair.title}
      hasData={data.some((d) => d.a > 0 || d.b > 0)}
      testId={props.testId}
      table={chartTable(unitPairTable(t, name, props.rows, props.pair))}
    >
      <Bars data={data} height={unitHeight(data.length)} vertical>
        <XAxis
          type="number"
          domain={props.max !== undefined ? [0, props.max] : [0, 'auto']}
          {...(props.max !== undefined ? { ticks: [0, 20, 40, 60, 80, 100] } : {})}
        />
        <YAxis type="category" dataKey="name" width={130} />
        <Legend />
        <Bar isAnimationActive={false} dataKey="a" name={first.name} fill={PUPIL_COLOUR} />
        <Bar isAnimationActive={false} dataKey="b" name={second.name} fill={CLASS_COLOUR} />
      </Bars>
    </ChartFrame>
  );
}

/** Writing rate per unit (to 100 %), the pupil against the class. */
export function UnitRateChart({ rows }: { readonly rows: readonly UnitRow[] }) {
  const t = useT();
  return <UnitPairChart testId="chart-unit-rate" rows={rows} max={UNIT_AXIS_MAX} pair={unitRatePair(t)} />;
}

/** Time per unit (minutes), the pupil against the class. */
export function UnitTimeChart({ rows }: { readonly rows: readonly UnitRow[] }) {
  const t = useT();
  return <UnitPairChart testId="chart-unit-time" rows={rows} pair={unitTimePair(t)} />;
}

/** Actual writing time against activity time per unit, minutes with one decimal. */
export function RealVsActivityChart({ rows }: { readonly rows: readonly UnitRow[] }) {
  const t = useT();
  return <UnitPairChart testId="chart-real-time" rows={rows} pair={realVsActivityPair(t)} />;
}

/**
 * Writing speed per unit (mm/s) against the class average, which is the average of the pupils who
 * wrote: its name says how many of the class they are.
 */
export function SpeedChart({
  rows,
  average,
}: {
  readonly rows: readonly UnitRow[];
  readonly average: { readonly writers: number; readonly pupils: number };
}) {
  const t = useT();
  return <UnitPairChart testId="chart-speed" rows={rows} pair={speedPair(t, average)} />;
}

/** The monthly study time by weekday (Monday → Sunday) with its month navigation. */
export function MonthlyChart(props: {
  readonly monthLabel: string;
  readonly minutes: readonly number[];
  readonly studyDays: readonly number[];
  /** The month had a study day (its minutes may round to 0.0). */
  readonly hasStudy: boolean;
  readonly actions: ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const rows = weekdayRows(props.minutes, language).map((r, i) => ({ ...r, days: props.studyDays[i] ?? 0 }));
  return (
    <ChartFrame
      title={t('analyticsPupil.monthly')}
      caption={t('analyticsPupil.monthlyCaption', { month: props.monthLabel })}
      hasData={props.hasStudy}
      testId="chart-monthly"
      actions={props.actions}
      table={{
        columns: [t('analyticsPupil.day'), t('analyticsPupil.minutes'), t('analyticsPupil.studyDays')],
        rows: rows.map((r) => [r.name, oneDecimal(r.minutes), r.days]),
      }}
    >
      <Bars data={rows} height={220}>
        <XAxis dataKey="name" />
        <YAxis width={40} />
        <Bar
          isAnimationActive={false}
          dataKey="minutes"
          name={t('analyticsPupil.minutes')}
          fill={PUPIL_COLOUR}
        />
      </Bars>
    </ChartFrame>
  );
}
