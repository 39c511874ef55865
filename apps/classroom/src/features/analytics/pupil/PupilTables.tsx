/**
 * The tables of math/student (classroom.md §2): the per-unit table with replay links, the
 * activity table (study blocks: date, start–end, minutes, pages), the content-click table
 * (time, page, type — youtube; remedial as 'e-learning centre'; estimate as 'edus'; others
 * raw — and its link), and the info box explaining the bars.
 */
import type { ContentClick, PupilDetailData, StudyBlockSummary } from '@dotink/contracts/eduAnalytics';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable, type TableColumn } from '../../../components/DataTable';
import { useT } from '../../../i18n/text';
import type { MathQuery } from '../summaryQueries';
import { blockSpan, clickWords, newestBlocksFirst } from './pupilExports';
import {
  clickTypeLabel,
  msToMinutes,
  oneDecimal,
  pagesReplayPath,
  type UnitRow,
  wroteOnUnit,
} from './pupilFigures';
import { useTimeFormat, useUnitName } from './usePupilPage';

/** Per unit: pages, written pages, rates, time, and the replay of the pupil's writing on it. */
export function CategoryTable(props: {
  readonly query: MathQuery;
  readonly studentId: string;
  readonly detail: PupilDetailData;
  readonly rows: readonly UnitRow[];
}) {
  const t = useT();
  const name = useUnitName();
  return (
    <section className="chart-frame" aria-labelledby="category-table-title">
      <div className="chart-frame-head">
        <h2 id="category-table-title">{t('analyticsPupil.categoryTable')}</h2>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="category-table">
          <thead>
            <tr>
              <th scope="col">{t('analyticsPupil.unit')}</th>
              <th scope="col">{t('analyticsPupil.pages')}</th>
              <th scope="col">{t('analyticsPupil.writtenPages')}</th>
              <th scope="col">{t('analyticsPupil.writingRate')}</th>
              <th scope="col">{t('analyticsPupil.contentRate')}</th>
              <th scope="col">{t('analyticsPupil.studyTime')}</th>
              <th scope="col">{t('analyticsPupil.replay')}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.unit.index} data-unit={r.unit.index}>
                <th scope="row">{name(r.unit)}</th>
                <td>{r.unit.numPages}</td>
                <td>{r.pupil?.analysis.numWrittenPages ?? 0}</td>
                <td>{oneDecimal(r.pupil?.progress.writtenRatePct ?? 0)}</td>
                <td>{oneDecimal(r.pupil?.progress.touchedRatePct ?? 0)}</td>
                <td>{oneDecimal(r.pupil?.analysis.studyTimeMin ?? 0)}</td>
                <td>
                  {wroteOnUnit(props.detail, r.unit) ? (
                    <Link
                      className="button small"
                      to={pagesReplayPath(props.query, props.studentId, r.unit.pages)}
                      data-testid="unit-replay"
                      aria-label={`${t('analyticsPupil.replayUnit')}: ${name(r.unit)}`}
                    >
                      {t('analyticsPupil.replayUnit')}
                    </Link>
                  ) : (
                    <span className="muted">{t('analyticsPupil.noWriting')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The study blocks: date, start–end, minutes, pages. */
export function ActivityTable({
  blocks,
  timeZone,
}: {
  readonly blocks: readonly StudyBlockSummary[];
  readonly timeZone: string;
}) {
  const t = useT();
  const f = useTimeFormat(timeZone);
  const columns = useMemo<TableColumn<StudyBlockSummary>[]>(
    () => [
      {
        id: 'date',
        header: t('analyticsPupil.date'),
        accessorFn: (b) => b.startTimeMs,
        cell: ({ getValue }) => f.date(getValue()),
      },
      {
        id: 'span',
        header: t('analyticsPupil.startEnd'),
        enableSorting: false,
        accessorFn: (b) => blockSpan(f, b),
      },
      {
        id: 'minutes',
        header: t('analyticsPupil.minutes'),
        accessorFn: (b) => msToMinutes(b.durationMs),
        cell: ({ getValue }) => oneDecimal(getValue()),
      },
      {
        id: 'pages',
        header: t('analyticsPupil.pages'),
        enableSorting: false,
        accessorFn: (b) => b.pages.join(', '),
      },
    ],
    [t, f],
  );
  const rows = useMemo(() => newestBlocksFirst(blocks), [blocks]);
  return (
    <section className="chart-frame" aria-labelledby="activity-title">
      <div className="chart-frame-head">
        <h2 id="activity-title">{t('analyticsPupil.activity')}</h2>
      </div>
      <DataTable
        label={t('analyticsPupil.activity')}
        columns={columns}
        data={rows}
        rowId={(b) => String(b.startTimeMs)}
        defaultPageSize={10}
        testId="activity-table"
        empty={t('analyticsPupil.noActivity')}
      />
    </section>
  );
}

/** The content clicks: time, page, type, link. */
export function ClicksTable({
  clicks,
  timeZone,
}: {
  readonly clicks: readonly ContentClick[];
  readonly timeZone: string;
}) {
  const t = useT();
  const f = useTimeFormat(timeZone);
  const words = useMemo(() => clickWords(t), [t]);
  const columns = useMemo<TableColumn<ContentClick>[]>(
    () => [
      {
        id: 'time',
        header: t('analyticsPupil.time'),
        accessorFn: (c) => c.timeMs,
        cell: ({ getValue }) => f.dateTime(getValue()),
      },
      { id: 'page', header: t('analyticsPupil.page'), accessorFn: (c) => c.page ?? '' },
      { id: 'type', header: t('analyticsPupil.type'), accessorFn: (c) => clickTypeLabel(c.type, words) },
      {
        id: 'url',
        header: t('analyticsPupil.link'),
        enableSorting: false,
        cell: ({ row }) =>
          /^https?:\/\//i.test(row.original.url) ? (
            <a href={row.original.url} target="_blank" rel="noopener noreferrer">
              {t('analyticsPupil.open')}
              <span className="visually-hidden"> {row.original.url}</span>
            </a>
          ) : (
            row.original.url
          ),
      },
    ],
    [t, f, words],
  );
  const rows = useMemo(() => [...clicks].sort((a, b) => b.timeMs - a.timeMs), [clicks]);
  return (
    <section className="chart-frame" aria-labelledby="clicks-title">
      <div className="chart-frame-head">
        <h2 id="clicks-title">{t('analyticsPupil.clicks')}</h2>
      </div>
      <DataTable
        label={t('analyticsPupil.clicks')}
        columns={columns}
        data={rows}
        rowId={(c) => `${c.timeMs}-${c.id}`}
        defaultPageSize={10}
        testId="clicks-table"
        empty={t('analyticsPupil.noClicks')}
      />
    </section>
  );
}

/** What the bars mean. */
export function InfoBox() {
  const t = useT();
  return (
    <aside className="pupil-info" aria-labelledby="pupil-info-title" data-testid="pupil-info">
      <h2 id="pupil-info-title">{t('analyticsPupil.infoTitle')}</h2>
      <ul>
        <li>{t('analyticsPupil.infoWriting')}</li>
        <li>{t('analyticsPupil.infoTime')}</li>
        <li>{t('analyticsPupil.infoSpeed')}</li>
      </ul>
    </aside>
  );
}
