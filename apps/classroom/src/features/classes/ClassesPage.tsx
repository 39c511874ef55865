/**
 * admin/eduClass, 'class registration/management' (classroom.md §2): the classes table with
 * 'add/edit students' per row, the class dialog, and the Excel template download.
 */

import type { TeacherRow } from '@dotink/contracts/edu';
import { useLanguage } from '@dotink/view/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import type { ApiError } from '../../api/client';
import type { Kumi } from '../../api/contracts';
import type { ClassBody } from '../../api/edu';
import { eduKeys, useClasses, useTeacher, useTeachers } from '../../api/queries';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { AlertDialog } from '../../components/Dialog';
import { useTemplateDownload } from '../../components/spreadsheet/useTemplateDownload';
import { type OneRosterT, oneRosterText } from '../../i18n/oneRoster';
import { useTWith } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { ClassDialog } from './ClassDialog';
import { classTeacherChoices } from './classForm';
import { OneRosterImportDialog, useOneRosterExport } from './OneRosterImport';

export default function ClassesPage() {
  const t = useTWith(oneRosterText);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const teacher = useTeacher();
  const classes = useClasses();
  const [dialog, setDialog] = useState<{ editing?: Kumi } | undefined>();
  const [alert, setAlert] = useState<string>();
  const download = useTemplateDownload(useLanguage());
  const [oneRoster, setOneRoster] = useState(false);
  const exportOneRoster = useOneRosterExport();
  const save = useMutation({
    mutationFn: (body: ClassBody) =>
      dialog?.editing ? api.updateClass(dialog.editing.eduClassId, body) : api.createClass(body),
    onSuccess: () => {
      toast(dialog?.editing ? t('classes.updated') : t('classes.created'), 'success');
      setDialog(undefined);
      void queryClient.invalidateQueries({ queryKey: eduKeys.classes });
      void queryClient.invalidateQueries({ queryKey: eduKeys.teacher });
    },
    onError: (error) => {
      const e = error as ApiError;
      setAlert(e.status === 409 ? t('classes.inUse') : errorText(t, error));
    },
  });
  const teachers = useTeachers(true);
  // the class list changes a class's teacher in place (PUT with teacherId only)
  const assign = useMutation({
    mutationFn: (p: { eduClassId: number; teacherId: string | null }) =>
      api.updateClass(p.eduClassId, { teacherId: p.teacherId }),
    onSuccess: () => {
      toast(t('classes.teacherChanged'), 'success');
      void queryClient.invalidateQueries({ queryKey: eduKeys.classes });
    },
    onError: (error) => setAlert(errorText(t, error)),
  });
  const teacherRows = teachers.data;
  const columns = useMemo(
    () =>
      classColumns(t, teacherRows ?? [], {
        onEdit: (k) => setDialog({ editing: k }),
        onAssign: (eduClassId, teacherId) => assign.mutate({ eduClassId, teacherId }),
      }),
    [t, teacherRows, assign.mutate],
  );
  return (
    <section className="page">
      <h1>{t('classes.title')}</h1>
      <div className="toolbar">
        <Button className="button" onPress={download} data-testid="template-download">
          {t('classes.template')}
        </Button>
        <Button className="button" onPress={() => setOneRoster(true)} data-testid="oneroster-import">
          {t('oneRoster.import')}
        </Button>
        <Button className="button" onPress={exportOneRoster} data-testid="oneroster-export">
          {t('oneRoster.export')}
        </Button>
        <Button className="button primary" onPress={() => setDialog({})} data-testid="class-new">
          {t('classes.new')}
        </Button>
      </div>
      <DataTable
        label={t('classes.title')}
        columns={columns}
        data={classes.data ?? []}
        rowId={(k) => String(k.eduClassId)}
        defaultPageSize={25}
        testId="classes-table"
        empty={classes.isLoading ? t('common.loading') : undefined}
      />
      {dialog ? (
        <ClassDialog
          schoolTypeCode={teacher.data?.schoolTypeCode ?? ''}
          teachers={teacherRows ?? []}
          defaultTeacherId={teacher.data?.id ?? null}
          busy={save.isPending}
          onSubmit={(body) => save.mutate(body)}
          onClose={() => setDialog(undefined)}
          {...(dialog.editing ? { editing: dialog.editing } : {})}
        />
      ) : null}
      {oneRoster ? <OneRosterImportDialog onClose={() => setOneRoster(false)} /> : null}
      <AlertDialog
        title={t('classes.dialogTitle')}
        message={alert}
        confirm={t('common.confirm')}
        onClose={() => setAlert(undefined)}
      />
    </section>
  );
}

function classColumns(
  t: OneRosterT,
  teachers: readonly TeacherRow[],
  on: { onEdit: (k: Kumi) => void; onAssign: (eduClassId: number, teacherId: string | null) => void },
): TableColumn<Kumi>[] {
  const onEdit = on.onEdit;
  return [
    { accessorKey: 'year', header: t('classes.year') },
    { accessorKey: 'grade', header: t('classes.grade') },
    { accessorKey: 'classNum', header: t('classes.classNum') },
    { accessorKey: 'className', header: t('classes.className') },
    {
      id: 'teacher',
      header: t('classes.teacher'),
      enableSorting: false,
      cell: ({ row }) => (
        <select
          aria-label={t('classes.teacherOf', { name: row.original.className })}
          data-testid={`class-teacher-${row.original.eduClassId}`}
          value={row.original.teacherId ?? ''}
          onChange={(e) =>
            on.onAssign(row.original.eduClassId, e.target.value === '' ? null : e.target.value)
          }
        >
          <option value="">{t('classes.noTeacher')}</option>
          {classTeacherChoices(teachers, row.original.teacherId).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ),
    },
    {
      id: 'students',
      header: t('classes.students'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="toolbar">
          <Link className="button small" to={`/main/admin/students?eduClassId=${row.original.eduClassId}`}>
            {t('classes.addStudents')}
          </Link>
          <Button className="button small" onPress={() => onEdit(row.original)}>
            {t('classes.edit')}
          </Button>
        </span>
      ),
    },
  ];
}
