/**
 * Server state through TanStack Query: one key factory names every cache entry of the app, and
 * one hook per read. Mutations invalidate the keys they change.
 */
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../lib/services';

/** Every query key of the classroom. */
export const eduKeys = {
  teacher: ['teacher'] as const,
  teachers: ['teachers'] as const,
  classes: ['classes'] as const,
  students: (eduClassId: number) => ['students', eduClassId] as const,
  /** Every class's students (the prefix of `students(id)`). */
  allStudents: ['students'] as const,
  schools: (name: string) => ['schools', name] as const,
};

/** The signed-in teacher (teacherInfo). */
export function useTeacher(enabled = true) {
  const { api, session } = useServices();
  return useQuery({
    queryKey: eduKeys.teacher,
    queryFn: api.teacher,
    enabled: enabled && session.isSignedIn(),
  });
}

/** The teachers of the administrator's school. */
export function useTeachers(enabled: boolean) {
  const { api } = useServices();
  return useQuery({ queryKey: eduKeys.teachers, queryFn: api.teachers, enabled });
}

/** The school's classes. */
export function useClasses(enabled = true) {
  const { api } = useServices();
  return useQuery({ queryKey: eduKeys.classes, queryFn: api.classes, enabled });
}

/** The students of a class (deleted ones hidden). */
export function useStudents(eduClassId: number | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: eduKeys.students(eduClassId ?? 0),
    queryFn: async () => (await api.students(eduClassId!)).filter((s) => s.deleteYn === 'N'),
    enabled: eduClassId !== undefined,
  });
}

/** Schools whose name holds `name` (the autocomplete of the school page). */
export function useSchools(name: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: eduKeys.schools(name),
    queryFn: () => api.schools(name),
    enabled: name.trim() !== '',
  });
}
