/**
 * The class registration dialog (classroom.md §5): year (this and the next two), grade (by
 * school type), class number 1–20, a default class name that stays editable, and the class
 * teacher (the school's approved teachers; a new class defaults to the administrator).
 */

import type { TeacherRow } from '@dotink/contracts/edu';
import { useState } from 'react';
import type { Kumi } from '../../api/contracts';
import type { ClassBody } from '../../api/edu';
import { AppDialog } from '../../components/Dialog';
import { DialogActions, SelectField, TextField } from '../../components/Fields';
import { useT } from '../../i18n/text';
import {
  CLASS_NUMBERS,
  type ClassForm,
  classBodyOf,
  classTeacherChoices,
  gradeChoices,
  isComplete,
  yearChoices,
} from './classForm';

export interface ClassDialogProps {
  readonly schoolTypeCode: string;
  /** The class to edit; absent for a new class. */
  readonly editing?: Kumi;
  /** The school's teachers (the class teacher choices). */
  readonly teachers: readonly TeacherRow[];
  /** The class teacher of a new class until another is chosen (the administrator). */
  readonly defaultTeacherId: string | null;
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
    teacherId: e ? e.teacherId : props.defaultTeacherId,
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
    props.onSubmit(classBodyOf(form));
  };
  const select = (
    id: string,
    label: string,
    value: number | undefined,
    options: readonly number[],
    key: keyof ClassForm,
  ) => (
    <SelectField
      id={id}
      label={label}
      value={value}
      choices={options.map((o) => ({ value: o, label: o }))}
      onChange={(v) => set({ [key]: v })}
      empty="—"
    />
  );
  return (
    <AppDialog
      title={e ? t('classes.edit') : t('classes.dialogTitle')}
      isOpen
      onClose={props.onClose}
      testId="class-dialog"
      actions={
        <DialogActions
          onCancel={props.onClose}
          onConfirm={submit}
          busy={props.busy}
          confirmTestId="class-submit"
        />
      }
    >
      {select('class-year', t('classes.year'), form.year, yearChoices(new Date().getFullYear()), 'year')}
      {select('class-grade', t('classes.grade'), form.grade, gradeChoices(props.schoolTypeCode), 'grade')}
      {select('class-num', t('classes.classNum'), form.classNum, CLASS_NUMBERS, 'classNum')}
      <TextField
        id="class-name"
        label={t('classes.className')}
        value={form.className}
        onChange={(className) => {
          setNameEdited(true);
          setForm({ ...form, className });
        }}
      />
      <SelectField
        id="class-teacher"
        label={t('classes.teacher')}
        value={form.teacherId ?? undefined}
        choices={classTeacherChoices(props.teachers, form.teacherId)}
        onChange={(teacherId) => setForm({ ...form, teacherId: teacherId ?? null })}
        empty={t('classes.noTeacher')}
      />
      {missing && !isComplete(form) ? (
        <p className="error-text" role="alert">
          {t('classes.valueMissing')}
        </p>
      ) : null}
    </AppDialog>
  );
}
