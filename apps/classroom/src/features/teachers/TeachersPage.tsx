/**
 * admin/teachers (classroom.md §2, §4): the school's teachers with an approve/undo toggle per
 * row (not one's own), 'bulk approve' for every teacher not ACTIVE, and 'awaiting approval'.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button } from 'react-aria-components';
import type { TeacherRow, TeacherStatus } from '../../api/contracts';
import { eduKeys, useTeacher, useTeachers } from '../../api/queries';
import { errorText, useServices } from '../../app/services';
import { toast } from '../../app/toasts';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { type T, useT } from '../../i18n/text';

export default function TeachersPage() {
  const t = useT();
  const { api, ui } = useServices();
  const queryClient = useQueryClient();
  const me = useTeacher();
  const teachers = useTeachers(me.data?.isSchoolAdmin === true);
  const onError = (error: unknown) => toast(errorText(t, error), 'error');
  const reload = () => queryClient.invalidateQueries({ queryKey: eduKeys.teachers });
  const toggle = useMutation({
    mutationFn: (row: TeacherRow) =>
      api.setTeacherStatus(
        row.id,
        (row.status === 'PENDING_ACTIVE' ? 'ACTIVE' : 'PENDING_ACTIVE') as TeacherStatus,
      ),
    onSuccess: reload,
    onError,
  });
  const bulk = useMutation({
    mutationFn: async () => {
      const done = ui.busy();
      try {
        for (const row of teachers.data ?? []) {
          if (row.status !== 'ACTIVE' && row.id !== me.data?.id) await api.setTeacherStatus(row.id, 'ACTIVE');
        }
      } finally {
        done();
      }
    },
    onSettled: reload,
    onError,
  });
  const columns = useMemo(
    () => teacherColumns(t, me.data?.id, (row) => toggle.mutate(row), toggle.isPending),
    [t, me.data?.id, toggle.mutate, toggle.isPending],
  );
  return (
    <section className="page">
      <h1>{t('teachers.title')}</h1>
      <div className="toolbar">
        <Button
          className="button primary"
          onPress={() => bulk.mutate()}
          isDisabled={bulk.isPending}
          data-testid="bulk-approve"
        >
          {t('teachers.bulkApprove')}
        </Button>
      </div>
      <DataTable
        label={t('teachers.title')}
        columns={columns}
        data={teachers.data ?? []}
        rowId={(r) => r.id}
        defaultPageSize={-1}
        testId="teachers-table"
        phoneCards
        empty={teachers.isLoading ? t('common.loading') : undefined}
      />
    </section>
  );
}

function teacherColumns(
  t: T,
  myId: string | undefined,
  onToggle: (row: TeacherRow) => void,
  busy: boolean,
): TableColumn<TeacherRow>[] {
  return [
    { accessorKey: 'name', header: t('teachers.name') },
    { accessorKey: 'username', header: t('teachers.id') },
    { accessorKey: 'schoolName', header: t('teachers.school') },
    {
      id: 'approval',
      accessorKey: 'status',
      header: t('teachers.approval'),
      cell: ({ row }) => {
        const r = row.original;
        const active = r.status === 'ACTIVE';
        const label = active ? t('teachers.approved') : t('teachers.awaiting');
        if (r.id === myId) return `${label} ${t('teachers.self')}`;
        return (
          <Button
            className={`button small${active ? '' : ' primary'}`}
            onPress={() => onToggle(r)}
            isDisabled={busy}
            // the visible state first, so the accessible name contains the visible text
            aria-label={`${label}: ${
              active ? t('teachers.undo', { name: r.name }) : t('teachers.approve', { name: r.name })
            }`}
            data-testid="approval-toggle"
          >
            {label}
          </Button>
        );
      },
    },
  ];
}
