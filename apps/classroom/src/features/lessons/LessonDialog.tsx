/**
 * The lesson dialog (classroom.md §2, §5): date, start time (5-minute steps), duration 1–5 h,
 * the end it gives, lesson name and an optional memo; 'There is a value that was not entered'
 * until the required ones are filled.
 */
import { MAX_DESCRIPTION } from '@dotink/contracts/eduLectures';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog';
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
        <>
          <Button className="button" onPress={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            className="button primary"
            onPress={props.busy ? undefined : submit}
            data-testid="lesson-submit"
          >
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="lesson-date">{t('lessons.date')}</label>
        <input
          id="lesson-date"
          type="date"
          data-testid="lesson-date"
          value={form.date}
          onChange={(e) => set({ date: e.target.value })}
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="lesson-start">{t('lessons.startTime')}</label>
          <select
            id="lesson-start"
            data-testid="lesson-start"
            value={form.startTime}
            onChange={(e) => set({ startTime: e.target.value })}
          >
            <option value="">—</option>
            {START_TIMES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lesson-hours">{t('lessons.duration')}</label>
          <select
            id="lesson-hours"
            data-testid="lesson-hours"
            value={form.hours}
            onChange={(e) => set({ hours: Number(e.target.value) })}
          >
            {LESSON_HOURS.map((h) => (
              <option key={h} value={h}>
                {t('lessons.hours', { count: h })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lesson-end">{t('lessons.endTime')}</label>
          <output id="lesson-end" data-testid="lesson-end" className="readonly">
            {endTimeOf(form) || '—'}
          </output>
        </div>
      </div>
      <div className="field">
        <label htmlFor="lesson-name">{t('lessons.lessonName')}</label>
        <input
          id="lesson-name"
          data-testid="lesson-name"
          aria-required="true"
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="lesson-memo">{t('lessons.memo')}</label>
        <input
          id="lesson-memo"
          data-testid="lesson-memo"
          maxLength={MAX_DESCRIPTION}
          value={form.memo}
          onChange={(e) => set({ memo: e.target.value })}
        />
      </div>
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
