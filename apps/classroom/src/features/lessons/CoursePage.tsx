/**
 * The course (lessons) page, classroom.md §2 and §4 (query curriculumId, curriculumTitle,
 * eduClassId): the lessons table (number, course name, lesson name, date and time, status,
 * action; 5/10/25/All, default 25), 'add new lesson' and the lesson dialog, the status of each
 * lesson from the app's clock (the shared rule of `@dotink/contracts/lessonRules`) and its
 * action: 'proceed with learning' opens the lesson's URL in a new window, 'check learning' goes
 * to courseStudyCheck, a draft offers 're-register lesson'.
 */
import type { Course } from '@dotink/contracts/edu';
import { type LessonTimeState, lessonAction, lessonTimeState } from '@dotink/contracts/lessonRules';
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import { lessonTextbook, readLectureQuery, studyCheckPath, textbookPath } from '../../api/lectureLinks';
import { useCourses, useLectureTextbooks } from '../../api/lecturesQueries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { AlertDialog } from '../../components/Dialog';
import { type T, useT } from '../../i18n/text';
import { livePath } from '../../lib/liveLinks';
import { errorText, useServices } from '../../lib/services';
import type { CollectPensButtonSlot } from '../../lib/slots';
import { LessonDialog } from './LessonDialog';
import { lessonFormOf, localParts, newLessonForm } from './lessonForm';
import { useLessonMutations } from './useLessonMutations';

/** How often the statuses follow the clock. */
const TICK_MS = 15_000;

/** The app clock's time, refreshed every {@link TICK_MS}. */
function useNow(): number {
  const { nowMs } = useServices();
  const [now, setNow] = useState(nowMs);
  useEffect(() => {
    const id = setInterval(() => setNow(nowMs()), TICK_MS);
    return () => clearInterval(id);
  }, [nowMs]);
  return now;
}

/** The time state of a lesson now (classroom.md §4). */
export const stateOf = (c: Course, nowMs: number): LessonTimeState =>
  lessonTimeState(
    {
      status: c.status,
      sessionStatus: c.sessionStatus,
      startAtMs: Date.parse(c.startAt),
      endAtMs: Date.parse(c.endAt),
    },
    nowMs,
  );

/** '2025-03-03 09:00–10:00' in local time. */
function whenOf(c: Course): string {
  const s = localParts(Date.parse(c.startAt));
  return `${s.date} ${s.time}–${localParts(Date.parse(c.endAt)).time}`;
}

/** The course page; `app/` gives it the collect-pens action of each lesson. */
export default function CoursePage(props: { readonly CollectPensButton: CollectPensButtonSlot }) {
  const t = useT();
  const [params] = useSearchParams();
  const lecture = useMemo(() => readLectureQuery(params), [params]);
  const { nowMs } = useServices();
  const navigate = useNavigate();
  const now = useNow();
  const courses = useCourses(lecture?.id);
  const textbooks = useLectureTextbooks(lecture?.id);
  const [dialog, setDialog] = useState<{ editing?: Course } | undefined>();
  const [noTextbook, setNoTextbook] = useState(false);
  const m = useLessonMutations(lecture, dialog, () => setDialog(undefined));
  const actions = useMemo(
    () => ({
      proceed: (c: Course) => window.open(c.eduCourseUrl, '_blank', 'noopener'),
      check: (c: Course) => {
        const book = lessonTextbook(textbooks.data ?? []);
        if (!lecture || !book) return setNoTextbook(true);
        navigate(studyCheckPath(lecture, c, book));
      },
      live: (c: Course) => {
        if (lecture) navigate(livePath(lecture, c));
      },
      reRegister: (c: Course) => m.reRegister.mutate(c.id),
      edit: (c: Course) => setDialog({ editing: c }),
      remove: (c: Course) => m.askDelete(c),
      CollectPensButton: props.CollectPensButton,
    }),
    [textbooks.data, lecture, navigate, m.reRegister, m.askDelete, props.CollectPensButton],
  );
  const columns = useMemo(() => lessonColumns(t, now, actions), [t, now, actions]);
  if (!lecture) return <p className="page">{t('lessons.empty')}</p>;
  return (
    <section className="page" data-testid="course-page">
      <h1>
        {t('lessons.title')} <span className="muted">· {lecture.title}</span>
      </h1>
      <div className="toolbar">
        <Button className="button primary" onPress={() => setDialog({})} data-testid="lesson-new">
          {t('lessons.add')}
        </Button>
      </div>
      <DataTable
        label={t('lessons.title')}
        columns={columns}
        data={courses.data ?? []}
        rowId={(c) => String(c.id)}
        defaultPageSize={25}
        testId="lessons-table"
        phoneCards
        empty={
          courses.isLoading
            ? t('common.loading')
            : courses.isError
              ? errorText(t, courses.error)
              : t('lessons.empty')
        }
      />
      {dialog ? (
        <LessonDialog
          initial={dialog.editing ? lessonFormOf(dialog.editing) : newLessonForm(nowMs())}
          editing={dialog.editing !== undefined}
          busy={m.save.isPending}
          {...(m.save.error ? { error: errorText(t, m.save.error) } : {})}
          onSubmit={m.submit}
          onClose={() => {
            m.save.reset();
            setDialog(undefined);
          }}
        />
      ) : null}
      <ConfirmDialog
        title={t('lessons.title')}
        message={
          m.confirming?.kind === 'edit'
            ? t('lessons.editConfirm')
            : m.confirming
              ? t('lectures.deleteConfirm')
              : undefined
        }
        confirm={m.confirming?.kind === 'delete' ? t('lectures.delete') : t('common.confirm')}
        cancel={t('common.cancel')}
        onConfirm={m.confirm}
        onCancel={m.cancelConfirm}
        testId="lesson-confirm"
      />
      <ConfirmDialog
        title={t('lectures.noTextbookTitle')}
        message={noTextbook ? t('lectures.noTextbookText') : undefined}
        confirm={t('lectures.registerTextbook')}
        cancel={t('common.cancel')}
        onConfirm={() => navigate(textbookPath(lecture))}
        onCancel={() => setNoTextbook(false)}
        testId="no-textbook"
      />
      <AlertDialog
        title={t('lessons.title')}
        message={m.failure}
        confirm={t('common.confirm')}
        onClose={m.clearFailure}
      />
    </section>
  );
}

type Actions = Record<
  'proceed' | 'check' | 'live' | 'reRegister' | 'edit' | 'remove',
  (c: Course) => void
> & {
  readonly CollectPensButton: CollectPensButtonSlot;
};

function lessonColumns(t: T, now: number, a: Actions): TableColumn<Course>[] {
  return [
    { id: 'number', header: t('lessons.number'), cell: ({ row }) => row.index + 1, enableSorting: false },
    { accessorKey: 'title', header: t('lessons.courseName') },
    { accessorKey: 'tag', header: t('lessons.lessonName') },
    {
      id: 'when',
      accessorFn: (c) => c.startAt,
      header: t('lessons.dateTime'),
      cell: ({ row }) => whenOf(row.original),
    },
    {
      id: 'status',
      header: t('lessons.status'),
      enableSorting: false,
      cell: ({ row }) => {
        const state = stateOf(row.original, now);
        return (
          <span className={`lesson-state state-${state}`} data-testid="lesson-state" data-state={state}>
            {t(`lessons.state.${state}`)}
          </span>
        );
      },
    },
    {
      id: 'action',
      header: t('lessons.action'),
      enableSorting: false,
      cell: ({ row }) => (
        <LessonActions course={row.original} state={stateOf(row.original, now)} t={t} a={a} />
      ),
    },
  ];
}

function LessonActions(props: { course: Course; state: LessonTimeState; t: T; a: Actions }) {
  const { course: c, t, a } = props;
  const action = lessonAction(props.state);
  return (
    <span className="toolbar lesson-actions">
      {action === 'proceed' ? (
        <Button className="button small primary" onPress={() => a.proceed(c)} data-testid="lesson-proceed">
          {t('lessons.proceed')}
        </Button>
      ) : null}
      {action === 'check' ? (
        <Button className="button small primary" onPress={() => a.check(c)} data-testid="lesson-check">
          {t('lessons.check')}
        </Button>
      ) : null}
      {props.state !== 'DRAFT' && c.sessionId ? (
        <Button className="button small" onPress={() => a.live(c)} data-testid="lesson-live">
          {t('live.courseAction')}
        </Button>
      ) : null}
      {action === 'reRegister' ? (
        <Button
          className="button small primary"
          onPress={() => a.reRegister(c)}
          data-testid="lesson-reregister"
        >
          {t('lessons.reRegister')}
        </Button>
      ) : null}
      <a.CollectPensButton course={c} />
      <Button
        className="icon-button"
        aria-label={t('lessons.editLesson', { name: c.tag })}
        onPress={() => a.edit(c)}
        data-testid="lesson-edit"
      >
        ✎
      </Button>
      <Button
        className="icon-button"
        aria-label={t('lessons.deleteLesson', { name: c.tag })}
        onPress={() => a.remove(c)}
        data-testid="lesson-delete"
      >
        ✕
      </Button>
    </span>
  );
}
