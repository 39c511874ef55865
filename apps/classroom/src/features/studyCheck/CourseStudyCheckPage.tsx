/**
 * courseStudyCheck, the live learning status (classroom.md §2; query eduClassId, sessionId,
 * courseId, courseTitle, curriculumId, curriculumTitle, section, owner, book, ncodeStartPage,
 * ncodeEndPage): registration number, student name, writing upload time and 'replay all
 * writing' per pupil (deleted pupils hidden; 5/10/25/All, default 25). Each row's upload time
 * loads on its own: 'data being fetched' until it arrives, '(no activity)' when there is none or
 * the fetch failed (§8: a warning, treated as no activity).
 */
import type { Student } from '@dotink/contracts/edu';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { readStudyCheckQuery, replayPath, type StudyCheckQuery } from '../../api/lectureLinks';
import type { WritingFilter } from '../../api/lectures';
import { lastUploadQuery, useLastUpload } from '../../api/lecturesQueries';
import { useStudents } from '../../api/queries';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { ExportButtons } from '../../components/ExportButtons';
import { type T, useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { columnsOf, type ExportTable } from '../../lib/tableExport/table';

/** The writing a row looks for: the lesson's (tag) on the material's book. */
export function writingFilterOf(q: StudyCheckQuery): WritingFilter {
  return {
    ...(q.courseId !== undefined && q.sessionId ? { tag: `${q.courseId}_${q.sessionId}` } : {}),
    ...(q.section !== undefined ? { section: q.section } : {}),
    ...(q.owner !== undefined ? { owner: q.owner } : {}),
    ...(q.book !== undefined ? { bookCode: q.book } : {}),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm:ss' in local time. */
export function uploadTimeText(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A row's last upload as the screen shows it: the time, or '(no activity)' when none or the fetch failed (§8). */
export const uploadCellText = (t: T, upload: string | null | undefined): string =>
  upload ? uploadTimeText(upload) : t('studyCheck.noActivity');

/** The study check's table: number, name, writing upload time (every pupil, not one page of them). */
export function studyCheckTable(
  t: T,
  students: readonly Pick<Student, 'id' | 'num' | 'name'>[],
  uploads: ReadonlyMap<string, string | null | undefined>,
): ExportTable {
  return {
    title: t('studyCheck.title'),
    columns: columnsOf([t('studyCheck.num'), t('studyCheck.name'), t('studyCheck.uploadTime')]),
    rows: students.map((s) => [s.num, s.name, uploadCellText(t, uploads.get(s.id))]),
  };
}

/**
 * Every pupil's last upload, from the rows' cache or fetched as a row fetches it. A pupil whose
 * upload time cannot be read fails the export (its message shows beside the buttons): written as
 * 'no activity', it would tell a parent the pupil did not write.
 */
export async function lastUploads(
  queryClient: QueryClient,
  api: Parameters<typeof lastUploadQuery>[0],
  students: readonly Pick<Student, 'id'>[],
  filter: WritingFilter,
): Promise<Map<string, string | null | undefined>> {
  const times = await Promise.all(
    students.map((s) =>
      queryClient.fetchQuery({ ...lastUploadQuery(api, s.id, filter), staleTime: Number.POSITIVE_INFINITY }),
    ),
  );
  return new Map(students.map((s, i) => [s.id, times[i]]));
}

export default function CourseStudyCheckPage() {
  const t = useT();
  const [params] = useSearchParams();
  const query = useMemo(() => readStudyCheckQuery(params), [params]);
  const students = useStudents(query?.eduClassId);
  const queryClient = useQueryClient();
  const { api } = useServices();
  const filter = useMemo(() => (query ? writingFilterOf(query) : {}), [query]);
  const columns = useMemo(() => (query ? studyColumns(t, query, filter) : []), [t, query, filter]);
  if (!query) return <p className="page">{t('studyCheck.empty')}</p>;
  return (
    <section className="page" data-testid="study-check-page">
      <h1>
        {t('studyCheck.title')}{' '}
        <span className="muted">
          · {query.curriculumTitle}
          {query.courseTitle ? ` · ${query.courseTitle}` : ''}
        </span>
      </h1>
      <ExportButtons
        what={t('studyCheck.title')}
        tables={async () => {
          const list = students.data ?? [];
          return [studyCheckTable(t, list, await lastUploads(queryClient, api, list, filter))];
        }}
        fileName={[query.curriculumTitle, query.courseTitle ?? '', t('studyCheck.title')]}
        testId="export-study-check"
      />
      <DataTable
        label={t('studyCheck.title')}
        columns={columns}
        data={students.data ?? []}
        rowId={(s) => s.id}
        defaultPageSize={25}
        testId="study-table"
        empty={
          students.isLoading
            ? t('common.loading')
            : students.isError
              ? errorText(t, students.error)
              : t('studyCheck.empty')
        }
      />
    </section>
  );
}

function studyColumns(t: T, q: StudyCheckQuery, filter: WritingFilter): TableColumn<Student>[] {
  return [
    { accessorKey: 'num', header: t('studyCheck.num') },
    { accessorKey: 'name', header: t('studyCheck.name') },
    {
      id: 'upload',
      header: t('studyCheck.uploadTime'),
      enableSorting: false,
      cell: ({ row }) => <LastUpload studentId={row.original.id} filter={filter} />,
    },
    {
      id: 'replay',
      header: t('studyCheck.replay'),
      enableSorting: false,
      cell: ({ row }) => (
        <Link
          className="button small study-replay"
          to={replayPath(q, row.original.id)}
          data-testid="replay-all"
        >
          {t('studyCheck.replayAll')}
        </Link>
      ),
    },
  ];
}

/** One row's last upload time, loaded on its own. */
function LastUpload(props: { studentId: string; filter: WritingFilter }) {
  const t = useT();
  const last = useLastUpload(props.studentId, props.filter);
  if (last.isPending)
    return (
      <span className="muted" data-testid="upload-time" data-state="fetching">
        {t('studyCheck.fetching')}
      </span>
    );
  if (last.isError)
    return (
      <span className="muted" data-testid="upload-time" data-state="failed">
        {t('studyCheck.noActivity')}{' '}
        <span
          className="warning"
          role="img"
          aria-label={t('studyCheck.fetchFailed', { text: errorText(t, last.error) })}
          title={t('studyCheck.fetchFailed', { text: errorText(t, last.error) })}
        >
          ⚠
        </span>
      </span>
    );
  if (!last.data)
    return (
      <span className="muted" data-testid="upload-time" data-state="none">
        {t('studyCheck.noActivity')}
      </span>
    );
  return (
    <time dateTime={last.data} data-testid="upload-time" data-state="loaded">
      {uploadTimeText(last.data)}
    </time>
  );
}
