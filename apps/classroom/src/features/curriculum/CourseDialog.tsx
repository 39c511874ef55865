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
import { DialogActions, SelectField, TextField } from '../../components/Fields';
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
        <DialogActions
          onCancel={props.onClose}
          onConfirm={submit}
          busy={props.busy}
          confirmTestId="course-submit"
          before={
            e ? (
              <Button className="button danger" onPress={props.onDelete} data-testid="course-delete">
                {t('lectures.delete')}
              </Button>
            ) : null
          }
        />
      }
    >
      <SelectField
        id="course-class"
        label={t('lectures.class')}
        value={classId}
        choices={props.classes.map((k) => ({ value: k.eduClassId, label: k.className }))}
        onChange={setClassId}
        empty={t('lectures.chooseClass')}
        after={
          <option value="individual" disabled>
            {t('lectures.individual')}
          </option>
        }
      />
      {props.classes.length === 0 ? (
        <p className="hint" role="note" data-testid="course-no-class">
          {t('lectures.noClassYet')}
        </p>
      ) : null}
      <TextField
        id="course-title"
        label={t('lectures.courseTitle')}
        value={title}
        required
        onChange={setTitle}
      />
      <TextField
        id="course-description"
        label={t('lectures.description')}
        value={description}
        onChange={(v) => setDescription(limitDescription(v))}
        hint={t('lectures.descriptionCount', { count: [...description].length, max: MAX_DESCRIPTION })}
      />
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
