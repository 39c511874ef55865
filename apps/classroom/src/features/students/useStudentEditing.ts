/**
 * The editing state of a class's student table and the save of one row: 'Student info updated'
 * after a save answered 'Success', then the row's changed flag is cleared.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Student, StudentRowInput } from '../../api/contracts';
import { eduKeys } from '../../api/queries';
import { useT } from '../../i18n/text';
import { errorText } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { type Edit, type Edits, type RowView, saveRowOf } from './studentEdits';

export function useStudentEditing(
  eduClassId: number | undefined,
  save: (eduClassId: number, rows: readonly StudentRowInput[]) => Promise<Student[]>,
) {
  const t = useT();
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState<Edits>({});
  const [applying, setApplying] = useState<ReadonlySet<string>>(new Set());
  const apply = useMutation({
    mutationFn: (row: RowView) => save(eduClassId!, [saveRowOf(row)]),
    onMutate: (row) => setApplying((s) => new Set(s).add(row.student.id)),
    onSuccess: (students, row) => {
      queryClient.setQueryData(
        eduKeys.students(eduClassId!),
        students.filter((s) => s.deleteYn === 'N'),
      );
      setEdits(({ [row.student.id]: _done, ...rest }) => rest);
      toast(t('students.updated'), 'success');
    },
    onError: (error) => toast(errorText(t, error), 'error'),
    onSettled: (_d, _e, row) =>
      setApplying((s) => {
        const next = new Set(s);
        next.delete(row.student.id);
        return next;
      }),
  });
  const onEdit = (id: string, edit: Edit | undefined) =>
    setEdits((all) => {
      if (edit) return { ...all, [id]: edit };
      const { [id]: _gone, ...rest } = all;
      return rest;
    });
  return { edits, onEdit, applying, onApply: (row: RowView) => apply.mutate(row) };
}
