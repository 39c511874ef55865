/**
 * The class registration dialog (classroom.md §5): year (this and the next two), grade (by
 * school type), class number 1–20 and a default class name that stays editable.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Kumi } from '../../api/contracts';
import type { ClassBody } from '../../api/edu';
import { AppDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { CLASS_NUMBERS, type ClassForm, gradeChoices, isComplete, yearChoices } from './classForm';

export interface ClassDialogProps {
  readonly schoolTypeCode: string;
  /** The class to edit; absent for a new class. */
  readonly editing?: Kumi;
  readonly busy: boolean;
  readonly onSubmit: (body: ClassBody) => void;
  readonly onClose: () => void;
}

export function ClassDialog(props: ClassDialogProps) {
  const t = useT();
  const e = props.editing;
  const [form, setForm] = useState<ClassForm>({
    year: e?.year ?? new Date().getFullYear(),
    grade: e?.grade,
    classNum: e?.classNum,
    className: e?.className ?? '',
  });
  const [nameEdited, setNameEdited] = useState(e !== undefined);
  const [missing, setMissing] = useState(false);
  const set = (next: Partial<ClassForm>) => {
    const f = { ...form, ...next };
    const auto =
      f.year && f.grade && f.classNum
        ? t('classes.defaultName', { year: f.year, grade: f.grade, classNum: f.classNum })
        : '';
    setForm(nameEdited ? f : { ...f, className: auto });
  };
  const submit = () => {
    if (!isComplete(form)) return setMissing(true);
    props.onSubmit({
      year: form.year,
      grade: form.grade,
      classNum: form.classNum,
      className: form.className.trim(),
    });
  };
  const select = (
    id: string,
    label: string,
    value: number | undefined,
    options: readonly number[],
    key: keyof ClassForm,
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        data-testid={id}
        value={value ?? ''}
        onChange={(ev) => set({ [key]: ev.target.value === '' ? undefined : Number(ev.target.value) })}
      >
        <option value="">—</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <AppDialog
      title={e ? t('classes.edit') : t('classes.dialogTitle')}
      isOpen
      onClose={props.onClose}
      testId="class-dialog"
      actions={
        <>
          <Button className="button" onPress={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            className="button primary"
            // ignored while busy but never disabled: it keeps the focus, which an alert (the
            // class-in-use message) gives back to it when it closes, so ESC still reaches the dialog
            onPress={props.busy ? undefined : submit}
            data-testid="class-submit"
          >
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      {select('class-year', t('classes.year'), form.year, yearChoices(new Date().getFullYear()), 'year')}
      {select('class-grade', t('classes.grade'), form.grade, gradeChoices(props.schoolTypeCode), 'grade')}
      {select('class-num', t('classes.classNum'), form.classNum, CLASS_NUMBERS, 'classNum')}
      <div className="field">
        <label htmlFor="class-name">{t('classes.className')}</label>
        <input
          id="class-name"
          data-testid="class-name"
          value={form.className}
          onChange={(ev) => {
            setNameEdited(true);
            setForm({ ...form, className: ev.target.value });
          }}
        />
      </div>
      {missing && !isComplete(form) ? (
        <p className="error-text" role="alert">
          {t('classes.valueMissing')}
        </p>
      ) : null}
    </AppDialog>
  );
}
