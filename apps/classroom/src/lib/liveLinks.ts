/**
 * The addresses of the live lesson (issue 16): `/main/live` with the lecture's query
 * (curriculumId, curriculumTitle, eduClassId) and `courseId` (the lesson); without `courseId`
 * the screen opens the lesson happening now, else the next one, else the last one
 * (`pickLiveLesson`). `/live/display?courseId&studentId` is the class display.
 */
import type { Course, Curriculum } from '@dotink/contracts/edu';

type Lecture = Pick<Curriculum, 'id' | 'title' | 'eduClassId'>;

const at = (path: string, q: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) s.set(k, String(v));
  return `${path}?${s}`;
};

/** /main/live?curriculumId&curriculumTitle&eduClassId[&courseId] */
export const livePath = (c: Lecture, course?: Pick<Course, 'id'>): string =>
  at('/main/live', {
    curriculumId: c.id,
    curriculumTitle: c.title,
    eduClassId: c.eduClassId,
    courseId: course?.id,
  });

/** /live/display?courseId&studentId */
export const displayPath = (courseId: number, studentId?: string): string =>
  at('/live/display', { courseId, studentId });

/** The BroadcastChannel the live screen tells the class display which pupil to show on. */
export const DISPLAY_CHANNEL = 'dotink-live-display';

/** A message on {@link DISPLAY_CHANNEL}. */
export interface DisplayMessage {
  readonly courseId: number;
  readonly studentId: string;
}

/** The lesson id of the query, if a whole positive number. */
export function readCourseId(q: URLSearchParams): number | undefined {
  const n = Number(q.get('courseId'));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
