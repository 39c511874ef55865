/**
 * The frame every analytics chart sits in (issue 15): a titled figure with the chart, a
 * placeholder when there is no data (classroom.md §8 "Empty chart data shows a placeholder"), and
 * a text alternative — the same figures as a table, always in the page for screen readers
 * (the chart itself is `aria-hidden`) and shown to everyone on demand.
 */
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../i18n/text';
import type { ExportTable } from '../../lib/tableExport/table';

export interface ChartTable {
  /** Column headers. */
  readonly columns: readonly string[];
  /** Rows of cells (already formatted). */
  readonly rows: readonly (readonly (string | number)[])[];
}

/** A chart's table from the table the export writes (one source for both). */
export const chartTable = (table: ExportTable): ChartTable => ({
  columns: table.columns.map((c) => c.header),
  rows: table.rows,
});

export interface ChartFrameProps {
  readonly title: string;
  /** Shown under the title (axis units, notes). */
  readonly caption?: string | undefined;
  /** False shows the empty-data placeholder instead of the chart. */
  readonly hasData: boolean;
  /** The chart (drawn only with data). */
  readonly children: ReactNode;
  /** The same figures as a table. */
  readonly table: ChartTable;
  /** Extra buttons beside the title (filters, navigation). */
  readonly actions?: ReactNode;
  readonly testId?: string | undefined;
}

export function ChartFrame({ title, caption, hasData, children, table, actions, testId }: ChartFrameProps) {
  const t = useT();
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <figure className="chart-frame" aria-labelledby={headingId} data-testid={testId}>
      <div className="chart-frame-head">
        <h2 id={headingId}>{title}</h2>
        {actions}
        {hasData && (
          <button
            type="button"
            className="link-button"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? t('analytics.hideTable') : t('analytics.asTable')}
          </button>
        )}
      </div>
      {caption && <figcaption className="muted">{caption}</figcaption>}
      {hasData ? (
        <div className="chart-frame-chart" aria-hidden="true">
          {children}
        </div>
      ) : (
        <p className="chart-frame-empty" role="status">
          {t('analytics.noData')}
        </p>
      )}
      {hasData && (
        <div id={tableId} className={showTable ? 'chart-frame-table' : 'chart-frame-table visually-hidden'}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional figures
                <tr key={i}>
                  {row.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
