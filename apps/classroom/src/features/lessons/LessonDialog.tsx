/**
 * The lesson dialog (classroom.md §2, §5): date, start time (5-minute steps), duration 1–5 h,
 * the end it gives, lesson name and an optional memo; 'There is a value that was not entered'
 * until the required ones are filled.
 */
import { MAX_DESCRIPTION } from '@dotink/contracts/eduLectures';
import { useState } from 'react';
import { AppDialog } from '../../components/Dialog';
import { DialogActions, Field, SelectField, TextField } from '../../components/Fields';
import { useT } from '../../i18n/text';
import { endTimeOf, isLessonComplete, LESSON_HOURS, type LessonForm, START_TIMES } from './lessonForm';

export interface LessonDialogProps {
  readonly initial: LessonForm;
  readonly editing: boolean;
  readonly busy: boolean;
  readonly error?: string;
  readonly onSubmit: (form: LessonForm) => void;
  readonly onClose: () => void;
}

export function LessonDialog(props: LessonDialogProps) {
  const t = useT();
  const [form, setForm] = useState<LessonForm>(props.initial);
  const [missing, setMissing] = useState(false);
  const set = (next: Partial<LessonForm>) => setForm({ ...form, ...next });
  const complete = isLessonComplete(form);
  const submit = () => (complete ? props.onSubmit(form) : setMissing(true));
  return (
    <AppDialog
      title={props.editing ? t('lectures.edit') : t('lessons.add')}
      isOpen
      onClose={props.onClose}
      testId="lesson-dialog"
      actions={
        <DialogActions
          onCancel={props.onClose}
          onConfirm={submit}
          busy={props.busy}
          confirmTestId="lesson-submit"
        />
      }
    >
      <TextField
        id="lesson-date"
        type="date"
        label={t('lessons.date')}
        value={form.date}
        onChange={(date) => set({ date })}
      />
      <div className="field-row">
        <SelectField
          id="lesson-start"
          label={t('lessons.startTime')}
          value={form.startTime === '' ? undefined : form.startTime}
          choices={START_TIMES.map((s) => ({ value: s, label: s }))}
          onChange={(startTime) => setForm({ ...form, startTime: startTime ?? '', roundedFrom: undefined })}
          empty="—"
        />
        <SelectField
          id="lesson-hours"
          label={t('lessons.duration')}
          value={form.hours}
          choices={LESSON_HOURS.map((h) => ({ value: h, label: t('lessons.hours', { count: h }) }))}
          onChange={(hours) => hours !== undefined && set({ hours })}
        />
        <Field id="lesson-end" label={t('lessons.endTime')}>
          <output id="lesson-end" data-testid="lesson-end" className="readonly">
            {endTimeOf(form) || '—'}
          </output>
        </Field>
      </div>
      {form.roundedFrom ? (
        <p className="hint" data-testid="lesson-rounded">
          {t('lessons.rounded', { time: form.roundedFrom, rounded: form.startTime })}
        </p>
      ) : null}
      <TextField
        id="lesson-name"
        label={t('lessons.lessonName')}
        value={form.name}
        required
        onChange={(name) => set({ name })}
      />
      <TextField
        id="lesson-memo"
        label={t('lessons.memo')}
        value={form.memo}
        maxLength={MAX_DESCRIPTION}
        onChange={(memo) => set({ memo })}
      />
      {missing && !complete ? (
        <p className="error-text" role="alert" data-testid="lesson-missing">
          {t('lectures.valueMissing')}
        </p>
      ) : null}
      {props.error ? (
        <p className="error-text" role="alert" data-testid="lesson-error">
          {props.error}
        </p>
      ) : null}
    </AppDialog>
  );
}
