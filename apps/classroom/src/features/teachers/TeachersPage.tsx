/**
 * admin/teachers (classroom.md §2, §4): the school's teachers with an approve/undo toggle per
 * row (not one's own), 'bulk approve' for every teacher not ACTIVE, and 'awaiting approval'. A
 * request for the wrong school is rejected (after a confirmation): the teacher chooses again.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import type { TeacherRow, TeacherStatus } from '../../api/contracts';
import { eduKeys, useTeacher, useTeachers } from '../../api/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { type T, useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';

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
  const [rejecting, setRejecting] = useState<TeacherRow>();
  const reject = useMutation({
    mutationFn: (row: TeacherRow) => api.rejectTeacher(row.id),
    onSuccess: () => {
      toast(t('teachers.rejected'), 'success');
      void reload();
    },
    onError,
  });
  const columns = useMemo(
    () =>
      teacherColumns(t, me.data?.id, {
        onToggle: (row) => toggle.mutate(row),
        onReject: setRejecting,
        busy: toggle.isPending || reject.isPending,
      }),
    [t, me.data?.id, toggle.mutate, toggle.isPending, reject.isPending],
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
      <ConfirmDialog
        title={t('teachers.rejectTitle')}
        message={
          rejecting ? t('teachers.rejectBody', { name: rejecting.name || rejecting.username }) : undefined
        }
        confirm={t('teachers.reject')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          if (rejecting) reject.mutate(rejecting);
          setRejecting(undefined);
        }}
        onCancel={() => setRejecting(undefined)}
        testId="reject-confirm"
      />
    </section>
  );
}

function teacherColumns(
  t: T,
  myId: string | undefined,
  on: { onToggle: (row: TeacherRow) => void; onReject: (row: TeacherRow) => void; busy: boolean },
): TableColumn<TeacherRow>[] {
  const { onToggle, busy } = on;
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
    {
      id: 'reject',
      header: t('teachers.reject'),
      enableSorting: false,
      cell: ({ row }) => {
        const r = row.original;
        // only a request awaiting approval (an approved teacher's approval is withdrawn first)
        if (r.id === myId || r.status === 'ACTIVE' || r.isSchoolAdmin) return null;
        return (
          <Button
            className="button small danger"
            onPress={() => on.onReject(r)}
            isDisabled={busy}
            aria-label={`${t('teachers.reject')}: ${r.name || r.username}`}
            data-testid="reject-request"
          >
            {t('teachers.reject')}
          </Button>
        );
      },
    },
  ];
}
