/**
 * What the admin and the teacher students pages share (classroom.md §2): the class of the page
 * with its students and their row editing, and the frame — title, class name, toolbar — around
 * each page's own buttons, table and dialogs.
 */
import type { ReactNode } from 'react';
import type { Student, StudentRowInput } from '../../api/contracts';
import { useStudents } from '../../api/queries';
import { useClassParam } from '../../hooks/useClassParam';
import { useT } from '../../i18n/text';
import { useStudentEditing } from './useStudentEditing';

/** The page's class, its students (empty while loading) and the editing that saves rows with `save`. */
export function useClassStudents(
  save: (eduClassId: number, rows: readonly StudentRowInput[]) => Promise<Student[]>,
) {
  const { eduClassId, klass } = useClassParam();
  const students = useStudents(eduClassId);
  const editing = useStudentEditing(eduClassId, save);
  return { eduClassId, klass, students: students.data ?? [], editing };
}

/** The students page's title, the lecture's title and the class name, the toolbar, then `children`. */
export function StudentsPageFrame(props: {
  readonly classTitle: string | undefined;
  /** The lecture (curriculum) the page was opened from (teacher page). */
  readonly lectureTitle?: string | undefined;
  readonly toolbar: ReactNode;
  readonly children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="page">
      <h1>{t('students.title')}</h1>
      <p className="muted">
        {props.lectureTitle ? (
          <>
            <strong data-testid="lecture-title">{props.lectureTitle}</strong> ·{' '}
          </>
        ) : null}
        <span data-testid="class-title">{props.classTitle}</span>
      </p>
      <div className="toolbar">{props.toolbar}</div>
      {props.children}
    </section>
  );
}
