/**
 * The lectures calls of classroom.md §7 (lectures, their textbooks as a list, lessons and their
 * sessions, and the last upload time of a pupil's writing), each validating its answer with the
 * shared schema. Server messages of these calls become the spec's texts (§8): a 400 'already
 * existing class' reads '400 - already existing class', 'The student does not exist.' reads 'A
 * lesson cannot be started if no students are registered in the class.'.
 */
import { answerSchema } from '@dotink/contracts/answer';
import {
  type CourseBody,
  type CurriculumBody,
  courseSchema,
  coursesData,
  curriculumSchema,
  curriculumsData,
  deletedData,
  textbooksData,
} from '@dotink/contracts/edu';
import { type EduMessageKey, eduMessageKey } from '@dotink/contracts/eduMessages';
import { searchData } from '@dotink/contracts/inkstore';
import type { z } from 'zod';
import type { ClassroomKey } from '../i18n/en';
import { ApiError, type Call, type Query } from './client';

/** Server messages of the lectures calls (by `EduMessage` key) and the catalogue keys that show them (§5, §8). */
export const LECTURE_MESSAGE_KEYS: Readonly<Partial<Record<EduMessageKey, ClassroomKey>>> = {
  existingClass: 'lectures.existingClass',
  valueMissing: 'lectures.valueMissing',
  noStudents: 'lessons.noStudents',
};

/** The failure of a lectures call as the user reads it (keys of {@link LECTURE_MESSAGE_KEYS}). */
export function lectureFailure(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.serverMessage) return error;
  const known = eduMessageKey(error.serverMessage);
  const key = known ? LECTURE_MESSAGE_KEYS[known.key] : undefined;
  return key ? new ApiError(error.status, key, {}, error.serverMessage) : error;
}

/** At most this many answer pages are read to find a pupil's last upload (1,000 strokes each). */
export const MAX_UPLOAD_PAGES = 50;

/** The filters of a pupil's writing in a lesson (the query of courseStudyCheck). */
export interface WritingFilter {
  readonly tag?: string;
  readonly section?: number;
  readonly owner?: number;
  readonly bookCode?: number;
}

/** The calls, bound to one call layer. */
export function lecturesApi(call: Call) {
  const data = async <S extends z.ZodType>(schema: S, path: string, init?: Parameters<Call>[2]) => {
    try {
      return ((await call(answerSchema(schema), path, init)) as { data: z.infer<S> }).data;
    } catch (error) {
      throw lectureFailure(error);
    }
  };
  const lecture = (id: number) => `/edu/v1/curriculum/${id}`;
  return {
    curriculums: async () => (await data(curriculumsData, '/edu/v1/curriculums')).curriculums,
    createCurriculum: (body: CurriculumBody) =>
      data(curriculumSchema, '/edu/v1/curriculum', { method: 'POST', body }),
    updateCurriculum: (id: number, body: CurriculumBody) =>
      data(curriculumSchema, lecture(id), { method: 'PUT', body }),
    deleteCurriculum: (id: number) => data(deletedData, lecture(id), { method: 'DELETE' }),
    /** The learning materials of a lecture (the list only). */
    lectureTextbooks: async (id: number) => (await data(textbooksData, `${lecture(id)}/textbook`)).textbooks,
    courses: async (id: number) => (await data(coursesData, `${lecture(id)}/course`)).courses,
    course: (id: number, courseId: number) => data(courseSchema, `${lecture(id)}/course/${courseId}`),
    createCourse: (id: number, body: CourseBody) =>
      data(courseSchema, `${lecture(id)}/course`, { method: 'POST', body }),
    updateCourse: (id: number, courseId: number, body: CourseBody) =>
      data(courseSchema, `${lecture(id)}/course/${courseId}`, { method: 'PUT', body }),
    deleteCourse: (id: number, courseId: number) =>
      data(deletedData, `${lecture(id)}/course/${courseId}`, { method: 'DELETE' }),
    /** Re-registers the session of a lesson saved as draft (no body). */
    reRegisterSession: (id: number, courseId: number) =>
      data(courseSchema, `${lecture(id)}/course/${courseId}/session`, { method: 'POST' }),
    /**
     * The last upload time (ISO) of a pupil's writing matching `filter`, undefined when there is
     * none: the answer pages of `GET /admin/v1/inkstore/search/{studentId}` are read to the end
     * (upload order, so the last element of the last page is the newest).
     */
    lastUploadTime: async (studentId: string, filter: WritingFilter): Promise<string | undefined> => {
      let last: string | undefined;
      let pointer: string | undefined;
      for (let page = 0; page < MAX_UPLOAD_PAGES; page++) {
        const query: Query = { ...filter, ...(pointer ? { dataPointer: pointer } : {}) };
        const answer = await call(
          answerSchema(searchData),
          `/admin/v1/inkstore/search/${encodeURIComponent(studentId)}`,
          { query },
        );
        for (const e of answer.data.resultElements) if (!last || e.uploadDate > last) last = e.uploadDate;
        if (!answer.data.hasMore || !answer.data.nextDataPointer) break;
        pointer = answer.data.nextDataPointer;
      }
      return last;
    },
  };
}

export type LecturesApi = ReturnType<typeof lecturesApi>;
