/**
 * math/view, the pupil selection list (classroom.md §2): registration number, name, last watch,
 * watch count, last writing time (in the summary's time zone, the browser's) and links to the
 * pupil's details: math/student and math/student_categories. All pupils on one page (§9: student
 * tables default to All).
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { ExportButtons } from '../../../components/ExportButtons';
import { type T, useT } from '../../../i18n/text';
import type { MathQuery } from '../summaryQueries';
import { ClassPageFrame } from './ClassPageFrame';
import { dateTimeText, type PupilViewRow, pupilViewRows, studentPath, studentUnitsPath } from './classData';
import { viewTable } from './classExports';

export default function ViewPage() {
  const t = useT();
  return (
    <ClassPageFrame label={t('analyticsClass.viewTitle')} testId="math-view-page">
      {(data, q) => <PupilSelection data={data} q={q} />}
    </ClassPageFrame>
  );
}

function PupilSelection({ data, q }: { data: MathSummaryData; q: MathQuery }) {
  const t = useT();
  const rows = useMemo(() => pupilViewRows(data), [data]);
  const columns = useMemo(() => viewColumns(t, q, data.timeZone), [t, q, data.timeZone]);
  return (
    <>
      <ExportButtons
        what={t('analyticsClass.viewTitle')}
        tables={() => [viewTable(t, data)]}
        fileName={[q.textbookTitle, t('analyticsClass.viewTitle')]}
        testId="export-math-view"
      />
      <DataTable
        label={t('analyticsClass.viewTitle')}
        columns={columns}
        data={rows}
        rowId={(r) => r.studentId}
        defaultPageSize={-1}
        testId="pupil-table"
        empty={t('analytics.noData')}
      />
    </>
  );
}

function viewColumns(t: T, q: MathQuery, timeZone: string): ColumnDef<PupilViewRow, any>[] {
  const time = (ms: number | null) =>
    ms === null ? <span className="muted">{t('analyticsClass.never')}</span> : dateTimeText(ms, timeZone);
  return [
    { accessorKey: 'num', header: t('analyticsClass.num') },
    { accessorKey: 'name', header: t('analyticsClass.name') },
    {
      accessorKey: 'lastWatchTimeMs',
      header: t('analyticsClass.lastWatch'),
      cell: ({ row }) => time(row.original.lastWatchTimeMs),
    },
    { accessorKey: 'watchCount', header: t('analyticsClass.watchCount') },
    {
      accessorKey: 'lastWritingTimeMs',
      header: t('analyticsClass.lastWriting'),
      cell: ({ row }) => time(row.original.lastWritingTimeMs),
    },
    {
      id: 'details',
      header: t('analyticsClass.detailLinks'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="math-detail-links">
          <Link
            className="button small"
            to={studentPath(q, row.original.studentId)}
            aria-label={t('analyticsClass.toStudentOf', { name: row.original.name })}
            data-testid="to-student"
          >
            {t('analyticsClass.toStudent')}
          </Link>
          <Link
            className="button small"
            to={studentUnitsPath(q, row.original.studentId)}
            aria-label={t('analyticsClass.toStudentUnitsOf', { name: row.original.name })}
            data-testid="to-student-units"
          >
            {t('analyticsClass.toStudentUnits')}
          </Link>
        </span>
      ),
    },
  ];
}
