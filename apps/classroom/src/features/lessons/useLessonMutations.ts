/**
 * The lesson page's changes: add (straight away), edit (after 'Edit the lesson?'), delete (after
 * the deletion confirm) and re-register a draft's session; each refreshes the lessons.
 */
import type { Course } from '@dotink/contracts/edu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { lectureKeys } from '../../api/lecturesQueries';
import { useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { type LessonForm, lessonBody } from './lessonForm';

type Lecture = { readonly id: number; readonly title: string };
type Confirming = { kind: 'edit'; course: Course; form: LessonForm } | { kind: 'delete'; course: Course };

export function useLessonMutations(
  lecture: Lecture | undefined,
  dialog: { editing?: Course } | undefined,
  closeDialog: () => void,
) {
  const t = useT();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>();
  const [failure, setFailure] = useState<string>();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: lectureKeys.courses(lecture?.id ?? 0) });
  const save = useMutation({
    mutationFn: ({ form, course }: { form: LessonForm; course?: Course }) => {
      const body = lessonBody(form, course?.title ?? lecture!.title);
      return course ? api.updateCourse(lecture!.id, course.id, body) : api.createCourse(lecture!.id, body);
    },
    onSuccess: (_, v) => {
      toast(v.course ? t('lessons.updated') : t('lessons.created'), 'success');
      refresh();
      closeDialog();
    },
  });
  const remove = useMutation({
    mutationFn: (c: Course) => api.deleteCourse(lecture!.id, c.id),
    onSuccess: () => {
      toast(t('lessons.deleted'), 'success');
      refresh();
    },
    onError: (error) => setFailure(errorText(t, error)),
  });
  const reRegister = useMutation({
    mutationFn: (courseId: number) => api.reRegisterSession(lecture!.id, courseId),
    onSuccess: () => {
      toast(t('lessons.reRegistered'), 'success');
      refresh();
    },
    onError: (error) => setFailure(errorText(t, error)),
  });
  const askDelete = useCallback((course: Course) => setConfirming({ kind: 'delete', course }), []);
  return {
    save,
    reRegister,
    askDelete,
    confirming,
    failure,
    clearFailure: () => setFailure(undefined),
    submit: (form: LessonForm) => {
      if (dialog?.editing) setConfirming({ kind: 'edit', course: dialog.editing, form });
      else save.mutate({ form });
    },
    confirm: () => {
      if (confirming?.kind === 'edit') save.mutate({ form: confirming.form, course: confirming.course });
      if (confirming?.kind === 'delete') remove.mutate(confirming.course);
      setConfirming(undefined);
    },
    cancelConfirm: () => setConfirming(undefined),
  };
}
