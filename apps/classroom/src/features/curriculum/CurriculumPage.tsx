/**
 * The curriculum page (classroom.md §2): the grid of lecture cards (columns by width, §9), the
 * first being 'create new lecture'. Each card has a menu (edit course, delete course) and four
 * buttons: live lesson, register learning material, check learning results, manage students.
 * The lesson screens of a lecture without a textbook ask to register one first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { Curriculum } from '../../api/contracts';
import { lessonTextbook, studentsPath, textbookPath } from '../../api/lectureLinks';
import { lectureKeys, useCurriculums } from '../../api/lecturesQueries';
import { resultsPath } from '../../api/mathLinks';
import { eduKeys, useClasses } from '../../api/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AlertDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { livePath } from '../../lib/liveLinks';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { CourseDialog, type CourseForm } from './CourseDialog';
import { GRID_ROW_HEIGHT, gridColumns } from './cardGrid';

/** Card descriptions are cut at 18 characters (classroom.md §2). */
export function truncateDescription(text: string): string {
  const chars = [...text];
  return chars.length > 18 ? `${chars.slice(0, 18).join('')}…` : text;
}

const followResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * The column count of the window's width (classroom.md §9's breakpoints are the screen's, as in
 * the original app: 6 columns from 1800 px), following its resizes. The grid's own width would
 * be the window's less the page's margins, one column short at each breakpoint.
 */
function useGridColumns(): number {
  return useSyncExternalStore(followResize, () => gridColumns(window.innerWidth));
}

type DialogState = { editing?: Curriculum } | undefined;

export default function CurriculumPage() {
  const t = useT();
  const curriculums = useCurriculums();
  const columns = useGridColumns();
  const [dialog, setDialog] = useState<DialogState>();
  // the classes are read when the course dialog opens (its class menu), not with the cards
  const classes = useClasses(dialog !== undefined);
  const [deleting, setDeleting] = useState<Curriculum>();
  const mutations = useCourseMutations(() => {
    setDialog(undefined);
    setDeleting(undefined);
  });
  const open = useCardActions();
  const list = curriculums.data ?? [];
  return (
    <section className="page wide">
      <h1>{t('curriculum.title')}</h1>
      <ul
        className="card-grid lecture-grid"
        data-testid="curriculum-grid"
        data-columns={columns}
        style={{
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridAutoRows: GRID_ROW_HEIGHT,
        }}
      >
        <li className="card create-card">
          <Button className="create-button" onPress={() => setDialog({})} data-testid="curriculum-create">
            <span aria-hidden="true">＋</span> {t('curriculum.create')}
          </Button>
        </li>
        {list.map((c) => (
          <LectureCard
            key={c.id}
            lecture={c}
            onEdit={() => setDialog({ editing: c })}
            onDelete={() => setDeleting(c)}
            onOpen={open.go}
          />
        ))}
      </ul>
      {curriculums.isLoading ? <p className="muted">{t('common.loading')}</p> : null}
      {curriculums.isError ? <p className="error-text">{errorText(t, curriculums.error)}</p> : null}
      {curriculums.isSuccess && list.length === 0 ? <p className="muted">{t('curriculum.empty')}</p> : null}
      {dialog ? (
        <CourseDialog
          classes={classes.data ?? []}
          busy={mutations.save.isPending}
          {...(mutations.save.error ? { error: errorText(t, mutations.save.error) } : {})}
          {...(dialog.editing ? { editing: dialog.editing } : {})}
          onSubmit={(form) => mutations.save.mutate({ form, id: dialog.editing?.id })}
          onDelete={() => setDeleting(dialog.editing)}
          onClose={() => {
            mutations.save.reset();
            setDialog(undefined);
          }}
        />
      ) : null}
      <ConfirmDialog
        title={t('lectures.deleteCourse')}
        message={deleting ? t('lectures.deleteConfirm') : undefined}
        confirm={t('lectures.delete')}
        cancel={t('common.cancel')}
        onConfirm={() => deleting && mutations.remove.mutate(deleting.id)}
        onCancel={() => setDeleting(undefined)}
        testId="delete-confirm"
      />
      <ConfirmDialog
        title={t('lectures.noTextbookTitle')}
        message={open.noTextbook ? t('lectures.noTextbookText') : undefined}
        confirm={t('lectures.registerTextbook')}
        cancel={t('common.cancel')}
        onConfirm={open.registerTextbook}
        onCancel={open.dismiss}
        testId="no-textbook"
      />
      <AlertDialog
        title={t('curriculum.title')}
        message={open.failure}
        confirm={t('common.confirm')}
        onClose={open.dismiss}
      />
    </section>
  );
}

/** Create, edit and delete of a lecture, refreshing the cards and the teacher. */
function useCourseMutations(done: () => void) {
  const t = useT();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: lectureKeys.curriculums });
    void queryClient.invalidateQueries({ queryKey: eduKeys.teacher });
  };
  const save = useMutation({
    mutationFn: ({ form, id }: { form: CourseForm; id: number | undefined }) =>
      id === undefined ? api.createCurriculum(form) : api.updateCurriculum(id, form),
    onSuccess: (_, v) => {
      toast(v.id === undefined ? t('lectures.created') : t('lectures.updated'), 'success');
      refresh();
      done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.deleteCurriculum(id),
    onSuccess: () => {
      toast(t('lectures.deleted'), 'success');
      refresh();
      done();
    },
    onError: (error) => toast(errorText(t, error), 'error'),
  });
  return { save, remove };
}

type CardTarget = 'lesson' | 'material' | 'results' | 'students';

/** The four buttons of a card; the lesson screens first check the lecture has a textbook. */
function useCardActions() {
  const t = useT();
  const { api, ui, queryClient } = useServices();
  const navigate = useNavigate();
  const [noTextbook, setNoTextbook] = useState<Curriculum>();
  const [failure, setFailure] = useState<string>();
  const go = async (c: Curriculum, target: CardTarget) => {
    ui.selectClass(c.eduClassId);
    if (target === 'material') return navigate(textbookPath(c));
    if (target === 'students') return navigate(studentsPath(c));
    try {
      const textbooks = await queryClient.fetchQuery({
        queryKey: lectureKeys.textbooks(c.id),
        queryFn: () => api.lectureTextbooks(c.id),
      });
      const book = lessonTextbook(textbooks);
      if (!book) return setNoTextbook(c);
      // the lesson happening now (or the next, or the last): the live screen picks it
      if (target === 'lesson') return navigate(livePath(c));
      // check learning results: the pen-activity analysis of the lecture's material
      navigate(resultsPath(c, textbooks));
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };
  return {
    go: (c: Curriculum, target: CardTarget) => void go(c, target),
    noTextbook,
    failure,
    registerTextbook: () => {
      if (noTextbook) navigate(textbookPath(noTextbook));
      setNoTextbook(undefined);
    },
    dismiss: () => {
      setNoTextbook(undefined);
      setFailure(undefined);
    },
  };
}

function LectureCard(props: {
  lecture: Curriculum;
  onEdit: () => void;
  onDelete: () => void;
  onOpen: (c: Curriculum, target: CardTarget) => void;
}) {
  const t = useT();
  const c = props.lecture;
  const button = (target: CardTarget, label: string) => (
    <Button className="button small" onPress={() => props.onOpen(c, target)} data-testid={`card-${target}`}>
      {label}
    </Button>
  );
  return (
    <li className="card lecture-card" data-testid="curriculum-card">
      <div className="card-head">
        <h2>{c.title}</h2>
        <MenuTrigger>
          <Button
            className="icon-button"
            aria-label={t('lectures.cardMenu', { title: c.title })}
            data-testid="card-menu"
          >
            ⋮
          </Button>
          <Popover className="popover">
            <Menu className="menu" onAction={(key) => (key === 'edit' ? props.onEdit() : props.onDelete())}>
              <MenuItem id="edit" className="menu-item" data-testid="card-edit">
                {t('lectures.editCourse')}
              </MenuItem>
              <MenuItem id="delete" className="menu-item" data-testid="card-delete">
                {t('lectures.deleteCourse')}
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
      <p title={c.description}>{truncateDescription(c.description)}</p>
      <p className="muted">
        {c.className} · {t('common.persons', { count: c.totalStudents })}
      </p>
      <div className="card-actions">
        {button('lesson', t('lectures.liveLesson'))}
        {button('material', t('lectures.registerMaterial'))}
        {button('results', t('lectures.checkResults'))}
        {button('students', t('curriculum.manageStudents'))}
      </div>
    </li>
  );
}
