/**
 * A horizontal bar chart per pupil (recharts): the writing rate and the content rate side by side,
 * 30 px of height per pupil, a percent axis with ticks every 10, labels with one decimal
 * (classroom.md §9). A click on a bar or on a pupil's name calls `onPupil`. The chart sits inside
 * a `ChartFrame` (which hides it from screen readers and gives the table instead), so nothing in
 * it takes the keyboard focus: the pages offer the same pupils as links elsewhere.
 */
import { Bar, BarChart, CartesianGrid, Legend, Rectangle, XAxis, YAxis } from 'recharts';
import { barChartHeight, oneDecimal, type PupilBarRow } from './classData';

/** The two series' colours (contrast ≥ 3:1 on white). */
export const WRITING_COLOUR = '#1e5fd8';
export const CONTENT_COLOUR = '#d9730d';

export interface PupilBarsProps {
  readonly rows: readonly PupilBarRow[];
  readonly axis: { readonly domain: readonly [number, number]; readonly ticks: readonly number[] };
  readonly writingLabel: string;
  readonly contentLabel: string;
  readonly onPupil: (studentId: string) => void;
  /** Marks the bars and names for tests (`<testId>-bar`, `<testId>-name`). */
  readonly testId: string;
}

/** Name width on the axis: wide enough for a name on a phone, never more than a third. */
const NAME_WIDTH = 84;

export function PupilBars({ rows, axis, writingLabel, contentLabel, onPupil, testId }: PupilBarsProps) {
  const names = new Map(rows.map((r) => [r.studentId, r.name]));
  const bar = (key: 'written' | 'touched') => (props: unknown) => {
    const p = props as { payload?: PupilBarRow } & Record<string, unknown>;
    const row = p.payload;
    return (
      <Rectangle
        {...(p as object)}
        data-testid={`${testId}-bar`}
        data-student-id={row?.studentId}
        data-series={key}
        data-value={row ? oneDecimal(row[key]) : undefined}
        style={{ cursor: 'pointer' }}
      />
    );
  };
  const click = (d: { payload?: unknown }) => {
    const row = d.payload as PupilBarRow | undefined;
    if (row) onPupil(row.studentId);
  };
  return (
    <BarChart
      layout="vertical"
      data={rows as PupilBarRow[]}
      responsive
      style={{ width: '100%', height: barChartHeight(rows.length) }}
      margin={{ top: 4, right: 40, bottom: 4, left: 4 }}
      barCategoryGap={4}
      barGap={1}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} stroke="#e3e7ee" />
      <XAxis
        type="number"
        domain={[axis.domain[0], axis.domain[1]]}
        ticks={axis.ticks as number[]}
        allowDataOverflow
        tick={{ fontSize: 11 }}
        interval={0}
      />
      <YAxis
        type="category"
        dataKey="studentId"
        width={NAME_WIDTH}
        interval={0}
        tick={(tick: { x: number | string; y: number | string; payload: { value: unknown } }) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: the chart is hidden from assistive technology (ChartFrame); keyboard users reach the pupils through the page's links
          <text
            x={tick.x}
            y={tick.y}
            dy={4}
            textAnchor="end"
            fontSize={12}
            fill="#1f2328"
            style={{ cursor: 'pointer' }}
            data-testid={`${testId}-name`}
            data-student-id={String(tick.payload.value)}
            onClick={() => onPupil(String(tick.payload.value))}
          >
            {names.get(String(tick.payload.value)) ?? ''}
          </text>
        )}
      />
      <Legend verticalAlign="top" height={24} itemSorter={null} />
      <Bar
        dataKey="written"
        name={writingLabel}
        fill={WRITING_COLOUR}
        isAnimationActive={false}
        onClick={click}
        shape={bar('written')}
        label={valueLabel}
      />
      <Bar
        dataKey="touched"
        name={contentLabel}
        fill={CONTENT_COLOUR}
        isAnimationActive={false}
        onClick={click}
        shape={bar('touched')}
        label={valueLabel}
      />
    </BarChart>
  );
}

/**
 * A bar's value with one decimal at its end: a plain SVG text (recharts' own labels measure each
 * text in the DOM, which cost a third of the chart's first paint for 40 pupils).
 */
function valueLabel(props: unknown) {
  const p = props as {
    x?: unknown;
    y?: unknown;
    width?: unknown;
    height?: unknown;
    value?: unknown;
    index?: number;
  };
  const [x, y, w, h] = [p.x, p.y, p.width, p.height].map((v) => Number(v) || 0) as [
    number,
    number,
    number,
    number,
  ];
  return (
    <text key={p.index} x={x + w + 3} y={y + h / 2} dy={3.5} fontSize={10} fill="#4b5563">
      {typeof p.value === 'number' ? oneDecimal(p.value) : ''}
    </text>
  );
}
