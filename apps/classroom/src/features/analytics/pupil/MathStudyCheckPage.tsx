/**
 * mathStudyCheck, the live and study review of a teacher's own material (classroom.md §2; the
 * drawer sends POD books here with the math query): per pupil the written pages and writing rate
 * of the material, the last writing time, the per-page status and 'replay all writing'. The page
 * refreshes itself every 30 s while open ('live') and shows when it was last updated. Below, the
 * units of the material and 'edit units' (the textbook is found among the lecture's materials by
 * section, owner, book and start page).
 */
import type { MathSummaryData, UnitDefinition } from '@dotink/contracts/eduAnalytics';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useLectureTextbooks } from '../../../api/lecturesQueries';
import { DataTable, type TableColumn } from '../../../components/DataTable';
import { type T, useT } from '../../../i18n/text';
import { errorText, useServices } from '../../../lib/services';
import { toast } from '../../../lib/toasts';
import { analyticsKeys, type MathQuery } from '../summaryQueries';
import { bookReplayPath, LIVE_REFRESH_MS, oneDecimal, pageStates } from './pupilFigures';
import { UnitsDialog } from './UnitsDialog';
import { usePupilPage, useTimeFormat, useUnitName } from './usePupilPage';
import './pupil.css';

type Pupil = MathSummaryData['pupils'][number];

export default function MathStudyCheckPage() {
  const t = useT();
  const { query, summary } = usePupilPage();
  const { refetch } = summary;
  useEffect(() => {
    if (!query) return;
    const timer = setInterval(() => void refetch(), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [query, refetch]);
  const f = useTimeFormat(summary.data?.timeZone);
  if (!query)
    return (
      <section className="page" data-testid="math-study-check-page">
        <p>{t('analyticsPupil.noQuery')}</p>
      </section>
    );
  return (
    <section className="page pupil-page" data-testid="math-study-check-page">
      <h1>
        {t('analyticsPupil.studyCheckTitle')} <span className="muted">· {query.textbookTitle}</span>
      </h1>
      <div className="study-live" role="status">
        <span className="live-dot" aria-hidden="true" />
        <strong>{t('analyticsPupil.live')}</strong>
        {summary.dataUpdatedAt > 0 && (
          <span className="muted" data-testid="updated-at" data-ms={summary.dataUpdatedAt}>
            {t('analyticsPupil.updatedAt', { time: f.dateTime(summary.dataUpdatedAt) })}
          </span>
        )}
        <button
          type="button"
          className="button small"
          onClick={() => void refetch()}
          disabled={summary.isFetching}
          data-testid="refresh"
        >
          {t('analyticsPupil.refresh')}
        </button>
      </div>
      {summary.isError ? (
        <p className="error-text" role="alert" data-testid="summary-error">
          {t('analytics.failed', { message: errorText(t, summary.error) })}
        </p>
      ) : !summary.data ? (
        <p className="muted">{t('analytics.loading')}</p>
      ) : (
        <>
          <StudyTable query={query} data={summary.data} />
          <MaterialUnits query={query} data={summary.data} />
        </>
      )}
    </section>
  );
}

function StudyTable({ query, data }: { readonly query: MathQuery; readonly data: MathSummaryData }) {
  const t = useT();
  const f = useTimeFormat(data.timeZone);
  const columns = useMemo(() => studyColumns(t, query, data, f.dateTime), [t, query, data, f]);
  return (
    <DataTable
      label={t('analyticsPupil.studyCheckTitle')}
      columns={columns}
      data={data.pupils}
      rowId={(p) => p.studentId}
      defaultPageSize={25}
      testId="math-study-table"
      empty={t('analytics.noData')}
    />
  );
}

function studyColumns(
  t: T,
  q: MathQuery,
  data: MathSummaryData,
  dateTime: (ms: number) => string,
): TableColumn<Pupil>[] {
  return [
    { accessorKey: 'num', header: t('analyticsPupil.num') },
    { accessorKey: 'name', header: t('analyticsPupil.name') },
    {
      id: 'written',
      header: t('analyticsPupil.writtenPages'),
      accessorFn: (p) => p.analysis.numWrittenPages,
      cell: ({ getValue }) => (
        <span data-testid="written-pages">
          {getValue()} / {data.book.numPages}
        </span>
      ),
    },
    {
      id: 'rate',
      header: t('analyticsPupil.writingRate'),
      accessorFn: (p) => p.progress.writtenRatePct,
      cell: ({ getValue }) => <span data-testid="written-rate">{oneDecimal(getValue())}</span>,
    },
    {
      id: 'last',
      header: t('analyticsPupil.lastWriting'),
      accessorFn: (p) => p.lastWritingTimeMs ?? 0,
      cell: ({ row }) =>
        row.original.lastWritingTimeMs === null ? (
          <span className="muted">{t('analyticsPupil.noWriting')}</span>
        ) : (
          <time dateTime={new Date(row.original.lastWritingTimeMs).toISOString()}>
            {dateTime(row.original.lastWritingTimeMs)}
          </time>
        ),
    },
    {
      id: 'pages',
      header: t('analyticsPupil.pageStatus'),
      enableSorting: false,
      cell: ({ row }) => (
        <ul className="page-states" data-testid="page-states">
          {pageStates(data.book, row.original).map((s, i) => {
            const n = i + 1;
            const key =
              s.state === 'written'
                ? 'analyticsPupil.pageWritten'
                : s.state === 'touched'
                  ? 'analyticsPupil.pageTouched'
                  : 'analyticsPupil.pageNone';
            return (
              <li key={s.page} className={s.state} data-state={s.state} title={t(key, { page: n })}>
                <span aria-hidden="true">{n}</span>
                <span className="visually-hidden">{t(key, { page: n })}</span>
              </li>
            );
          })}
        </ul>
      ),
    },
    {
      id: 'replay',
      header: t('analyticsPupil.replay'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.lastWritingTimeMs === null ? (
          <span className="muted">{t('analyticsPupil.noWriting')}</span>
        ) : (
          <Link
            className="button small study-replay"
            to={bookReplayPath(q, row.original.studentId)}
            data-testid="replay-all"
          >
            {t('analyticsPupil.replayAll')}
          </Link>
        ),
    },
  ];
}

/** The material's units (from the summary) and the 'edit units' dialog. */
function MaterialUnits({ query, data }: { readonly query: MathQuery; readonly data: MathSummaryData }) {
  const t = useT();
  const name = useUnitName();
  const { api } = useServices();
  const [editing, setEditing] = useState(false);
  const textbooks = useLectureTextbooks(query.curriculumId);
  const textbook = textbooks.data?.find(
    (b) =>
      b.section === query.section &&
      b.owner === query.owner &&
      b.book === query.book &&
      b.ncodeStartPage === query.ncodeStartPage,
  );
  const curriculumId = query.curriculumId;
  const units = useQuery({
    queryKey: analyticsKeys.units(curriculumId ?? 0, textbook?.id ?? 0),
    queryFn: () => api.materialUnits(curriculumId!, textbook!.id),
    enabled: curriculumId !== undefined && textbook !== undefined,
  });
  const sourceKey = units.data ? (`analyticsPupil.source.${units.data.source}` as const) : undefined;
  return (
    <section className="chart-frame" aria-labelledby="material-units-title" data-testid="material-units">
      <div className="chart-frame-head">
        <h2 id="material-units-title">{t('analyticsPupil.units')}</h2>
        {textbook && units.data && (
          <button
            type="button"
            className="button small"
            onClick={() => setEditing(true)}
            data-testid="units-edit"
          >
            {t('analyticsPupil.editUnits')}
          </button>
        )}
      </div>
      {sourceKey && <p className="muted">{t('analyticsPupil.unitsSource', { source: t(sourceKey) })}</p>}
      {data.units.filter((u) => u.index !== -1).length === 0 ? (
        <p className="muted" data-testid="no-units">
          {t('analyticsPupil.noUnits')}
        </p>
      ) : (
        <ol className="units-list" data-testid="units-list">
          {data.units.map((u) => (
            <li key={u.index}>
              {name(u)} <span className="muted">({pageSpan(u.pages, data.book.startPage)})</span>
            </li>
          ))}
        </ol>
      )}
      {textbooks.isSuccess && !textbook && <p className="muted">{t('analyticsPupil.noTextbook')}</p>}
      {units.isError && (
        <p className="error-text" role="alert">
          {errorText(t, units.error)}
        </p>
      )}
      {editing && textbook && units.data && curriculumId !== undefined && (
        <UnitsDialog
          isOpen
          onClose={() => setEditing(false)}
          curriculumId={curriculumId}
          textbookId={textbook.id}
          units={units.data.categories as UnitDefinition[]}
          firstPage={textbook.ncodeStartPage}
          numPages={textbook.ncodeEndPage - textbook.ncodeStartPage + 1}
          onSaved={() => {
            setEditing(false);
            toast(t('analyticsPupil.saved'), 'success');
          }}
        />
      )}
    </section>
  );
}

/** 'a–b' of a unit's pages in the material's own numbering (1 = first page). */
function pageSpan(pages: readonly number[], firstPage: number): string {
  if (pages.length === 0) return '–';
  const a = Math.min(...pages) - firstPage + 1;
  const b = Math.max(...pages) - firstPage + 1;
  return a === b ? String(a) : `${a}–${b}`;
}
