/**
 * The query keys and hooks of the lectures screens (curriculum, course, courseStudyCheck): one
 * key factory names every cache entry they use, and mutations invalidate through it.
 */
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../lib/services';
import type { WritingFilter } from './lectures';

/** Every query key of the lectures screens. */
export const lectureKeys = {
  curriculums: ['curriculums'] as const,
  textbooks: (curriculumId: number) => ['lectureTextbooks', curriculumId] as const,
  courses: (curriculumId: number) => ['courses', curriculumId] as const,
  lastUpload: (studentId: string, filter: WritingFilter) => ['lastUpload', studentId, filter] as const,
};

/** The teacher's lectures (course cards). */
export function useCurriculums() {
  const { api } = useServices();
  return useQuery({ queryKey: lectureKeys.curriculums, queryFn: api.curriculums });
}

/** The learning materials of a lecture. */
export function useLectureTextbooks(curriculumId: number | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: lectureKeys.textbooks(curriculumId ?? 0),
    queryFn: () => api.lectureTextbooks(curriculumId!),
    enabled: curriculumId !== undefined,
  });
}

/** The lessons of a lecture. */
export function useCourses(curriculumId: number | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: lectureKeys.courses(curriculumId ?? 0),
    queryFn: () => api.courses(curriculumId!),
    enabled: curriculumId !== undefined,
  });
}

/** The last upload time of a pupil's writing (loaded per row, classroom.md §2). */
export function useLastUpload(studentId: string, filter: WritingFilter) {
  const { api } = useServices();
  return useQuery(lastUploadQuery(api, studentId, filter));
}

/** The query of a pupil's last upload time (null: none), shared by the row and the study check's export. */
export function lastUploadQuery(
  api: Pick<ReturnType<typeof useServices>['api'], 'lastUploadTime'>,
  studentId: string,
  filter: WritingFilter,
) {
  return {
    queryKey: lectureKeys.lastUpload(studentId, filter),
    queryFn: async () => (await api.lastUploadTime(studentId, filter)) ?? null,
    retry: false,
  } as const;
}
