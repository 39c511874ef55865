/**
 * The course create/edit dialog (classroom.md §2, §4, §5): 'Create new course' or 'Edit/delete
 * course'; the class chosen from the existing classes (the individual-student option shown
 * disabled), the title required ('There is a value that was not entered'), the description at
 * most 40 characters. Edit mode also offers the deletion.
 */
import { MAX_DESCRIPTION } from '@dotink/contracts/eduLectures';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Curriculum, Kumi } from '../../api/contracts';
import { AppDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';

/** What the dialog sends. */
export interface CourseForm {
  readonly eduClassId: number;
  readonly title: string;
  readonly description: string;
}

export interface CourseDialogProps {
  readonly classes: readonly Kumi[];
  /** The lecture to edit; absent for a new one. */
  readonly editing?: Curriculum;
  readonly busy: boolean;
  /** A failure of the last save, shown in the dialog. */
  readonly error?: string;
  readonly onSubmit: (form: CourseForm) => void;
  readonly onDelete: () => void;
  readonly onClose: () => void;
}

/** Cuts a description to {@link MAX_DESCRIPTION} characters (code points). */
export const limitDescription = (s: string) => [...s].slice(0, MAX_DESCRIPTION).join('');

export function CourseDialog(props: CourseDialogProps) {
  const t = useT();
  const e = props.editing;
  const [classId, setClassId] = useState<number | undefined>(e?.eduClassId);
  const [title, setTitle] = useState(e?.title ?? '');
  const [description, setDescription] = useState(e?.description ?? '');
  const [missing, setMissing] = useState(false);
  const complete = classId !== undefined && title.trim() !== '';
  const submit = () => {
    if (!complete) return setMissing(true);
    props.onSubmit({ eduClassId: classId, title: title.trim(), description: description.trim() });
  };
  return (
    <AppDialog
      title={e ? t('lectures.dialogEdit') : t('lectures.dialogCreate')}
      isOpen
      onClose={props.onClose}
      testId="course-dialog"
      actions={
        <>
          {e ? (
            <Button className="button danger" onPress={props.onDelete} data-testid="course-delete">
              {t('lectures.delete')}
            </Button>
          ) : null}
          <Button className="button" onPress={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            className="button primary"
            onPress={props.busy ? undefined : submit}
            data-testid="course-submit"
          >
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="course-class">{t('lectures.class')}</label>
        <select
          id="course-class"
          data-testid="course-class"
          value={classId ?? ''}
          onChange={(ev) => setClassId(ev.target.value === '' ? undefined : Number(ev.target.value))}
        >
          <option value="">{t('lectures.chooseClass')}</option>
          {props.classes.map((k) => (
            <option key={k.eduClassId} value={k.eduClassId}>
              {k.className}
            </option>
          ))}
          <option value="individual" disabled>
            {t('lectures.individual')}
          </option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="course-title">{t('lectures.courseTitle')}</label>
        <input
          id="course-title"
          data-testid="course-title"
          value={title}
          aria-required="true"
          onChange={(ev) => setTitle(ev.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="course-description">{t('lectures.description')}</label>
        <input
          id="course-description"
          data-testid="course-description"
          value={description}
          aria-describedby="course-description-count"
          onChange={(ev) => setDescription(limitDescription(ev.target.value))}
        />
        <span id="course-description-count" className="muted">
          {t('lectures.descriptionCount', { count: [...description].length, max: MAX_DESCRIPTION })}
        </span>
      </div>
      {missing && !complete ? (
        <p className="error-text" role="alert" data-testid="course-missing">
          {t('lectures.valueMissing')}
        </p>
      ) : null}
      {props.error ? (
        <p className="error-text" role="alert" data-testid="course-error">
          {props.error}
        </p>
      ) : null}
    </AppDialog>
  );
}
