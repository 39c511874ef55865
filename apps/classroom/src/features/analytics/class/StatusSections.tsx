/**
 * The parts of math/all under the chart (classroom.md §2): the class-average box with the pupils
 * above and below average (a click on a name opens that pupil), and 'Status per page' and 'Status
 * per unit', each with a Details button that builds its table (§5 page labels, the unclassified
 * unit).
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { pageLabelText } from '../../../components/pageLabel';
import { type T, useT } from '../../../i18n/text';
import type { MathQuery } from '../summaryQueries';
import {
  oneDecimal,
  type PageStatusRow,
  type PupilRef,
  pageStatusRows,
  splitPupils,
  studentPath,
  type UnitStatusRow,
  unitStatusRows,
  unitTitle,
} from './classData';

/** The class averages and the pupils above and below average. */
export function AverageBox({ data, q }: { data: MathSummaryData; q: MathQuery }) {
  const t = useT();
  const split = splitPupils(data);
  const headingId = useId();
  return (
    <section className="math-average" aria-labelledby={headingId} data-testid="math-average">
      <h2 id={headingId}>{t('analyticsClass.averageBox')}</h2>
      <dl>
        <dt>{t('analyticsClass.averageWriting')}</dt>
        <dd data-testid="average-writing">{oneDecimal(data.average.progress.writtenRatePct)} %</dd>
        <dt>{t('analyticsClass.averageContent')}</dt>
        <dd data-testid="average-content">{oneDecimal(data.average.progress.touchedRatePct)} %</dd>
      </dl>
      <PupilList title={t('analyticsClass.above')} pupils={split.above} q={q} testId="above-average" />
      <PupilList title={t('analyticsClass.below')} pupils={split.below} q={q} testId="below-average" />
      <p className="muted math-note">
        {t('analyticsClass.splitNote', {
          boundary: data.split.boundary,
          mean: oneDecimal(data.split.meanWrittenRatePct),
          sd: oneDecimal(data.split.standardDeviationPct),
        })}
      </p>
    </section>
  );
}

function PupilList(props: { title: string; pupils: readonly PupilRef[]; q: MathQuery; testId: string }) {
  const t = useT();
  return (
    <div className="math-pupil-list">
      <h3>{props.title}</h3>
      {props.pupils.length === 0 ? (
        <p className="muted" data-testid={props.testId}>
          {t('analyticsClass.nobody')}
        </p>
      ) : (
        <ul data-testid={props.testId}>
          {props.pupils.map((p) => (
            <li key={p.studentId}>
              <Link to={studentPath(props.q, p.studentId)} data-student-id={p.studentId}>
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A titled section whose table is built when its Details button is pressed. */
function DetailsSection(props: { title: string; testId: string; children: () => ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  return (
    <section className="math-status" aria-labelledby={headingId} data-testid={props.testId}>
      <div className="math-status-head">
        <h2 id={headingId}>{props.title}</h2>
        <button
          type="button"
          className="button small"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          data-testid={`${props.testId}-details`}
        >
          {open ? t('analyticsClass.hideDetails') : t('analyticsClass.details')}
        </button>
      </div>
      <div id={bodyId}>{open ? props.children() : null}</div>
    </section>
  );
}

/** 'Status per page': each page's label, unit, pupils who wrote and who tapped a link. */
export function PageStatus({ data }: { data: MathSummaryData }) {
  const t = useT();
  return (
    <DetailsSection title={t('analyticsClass.perPage')} testId="page-status">
      {() => <PageTable data={data} />}
    </DetailsSection>
  );
}

function PageTable({ data }: { data: MathSummaryData }) {
  const t = useT();
  const rows = useMemo(() => pageStatusRows(data, t('analytics.unclassified')), [data, t]);
  const columns = useMemo(() => pageColumns(t, data.book.pageNaming), [t, data.book.pageNaming]);
  return (
    <DataTable
      label={t('analyticsClass.perPage')}
      columns={columns}
      data={rows}
      rowId={(r) => String(r.page)}
      defaultPageSize={25}
      testId="page-table"
      empty={t('analytics.noData')}
    />
  );
}

function pageColumns(t: T, naming: MathSummaryData['book']['pageNaming']): ColumnDef<PageStatusRow, any>[] {
  return [
    {
      id: 'label',
      header: t('analyticsClass.page'),
      accessorFn: (r) => r.page,
      cell: ({ row }) => pageLabelText(t, row.original.label, naming),
    },
    { accessorKey: 'unitTitle', header: t('analyticsClass.unit') },
    { accessorKey: 'writtenPupils', header: t('analyticsClass.writtenPupils') },
    { accessorKey: 'touchedPupils', header: t('analyticsClass.touchedPupils') },
  ];
}

/** 'Status per unit': each unit's title, pages, class average rates and study time. */
export function UnitStatus({ data }: { data: MathSummaryData }) {
  const t = useT();
  return (
    <DetailsSection title={t('analyticsClass.perUnit')} testId="unit-status">
      {() => <UnitTable data={data} />}
    </DetailsSection>
  );
}

function UnitTable({ data }: { data: MathSummaryData }) {
  const t = useT();
  const rows = useMemo(() => unitStatusRows(data), [data]);
  const columns = useMemo(() => unitColumns(t), [t]);
  return (
    <DataTable
      label={t('analyticsClass.perUnit')}
      columns={columns}
      data={rows}
      rowId={(r) => String(r.index)}
      defaultPageSize={-1}
      testId="unit-table"
      empty={t('analytics.noData')}
    />
  );
}

function unitColumns(t: T): ColumnDef<UnitStatusRow, any>[] {
  return [
    {
      id: 'title',
      header: t('analyticsClass.unit'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className={`unit-depth-${Math.min(row.original.depth, 3)}`}>
          {unitTitle(row.original, t('analytics.unclassified'))}
        </span>
      ),
    },
    { accessorKey: 'numPages', header: t('analyticsClass.numPages') },
    {
      accessorKey: 'writtenRatePct',
      header: t('analyticsClass.unitWriting'),
      cell: ({ row }) => oneDecimal(row.original.writtenRatePct),
    },
    {
      accessorKey: 'touchedRatePct',
      header: t('analyticsClass.unitContent'),
      cell: ({ row }) => oneDecimal(row.original.touchedRatePct),
    },
    {
      accessorKey: 'studyTimeMin',
      header: t('analyticsClass.studyTime'),
      cell: ({ row }) => oneDecimal(row.original.studyTimeMin),
    },
  ];
}
