/**
 * The live lesson (issue 16): what a teacher's live-lesson screen and a pupil's pen station read
 * before they join the lesson's realtime room (`/realtime/v1/rooms/session/{courseId}_{sessionId}`,
 * remote-pen messages of `@dotink/pen`).
 *
 * - `GET /edu/v1/live/{courseId}` — the lesson, its room and its window (open from the start, closed
 *   30 minutes after the end: the live-lesson grace of classroom.md §9), and the class roster with
 *   each pupil's pen address and, from the ink store, the page and time of the pupil's last stroke
 *   written in the lesson's window. For the class's teachers and the school administrator.
 * - `GET /edu/v1/live/{courseId}/station` — the same lesson as a pupil (student token, scope
 *   `storage`) sees it: the lesson, its room and the caller's own pen address, so a pen station
 *   can check the pen it connects is the pupil's.
 *
 * Strokes a teacher missed while its socket was down come from the ink store's search
 * (`/admin/v1/inkstore/search/{studentId}` with `tag` = `{courseId}_{sessionId}` and `startDate`).
 * Times are epoch ms.
 */
import { z } from 'zod';
import { idParam } from './eduFields';

/** Minutes a lesson's room stays open after its end (classroom.md §9, live-lesson grace). */
export const LIVE_GRACE_MINUTES = 30;

/** The realtime room of a lesson. */
export function lessonRoom(courseId: number, sessionId: string): string {
  return `session/${courseId}_${sessionId}`;
}

/** The ink store tag of strokes written during a lesson. */
export function lessonTag(courseId: number, sessionId: string): string {
  return `${courseId}_${sessionId}`;
}

/** `{courseId}` of the live paths. */
export const liveParams = z.object({ courseId: idParam });
export type LiveParams = z.input<typeof liveParams>;

/** The lesson as the live screens need it. */
export const liveLessonSchema = z.object({
  courseId: z.number().int(),
  sessionId: z.string(),
  curriculumId: z.number().int(),
  eduClassId: z.number().int(),
  className: z.string(),
  /** Lesson name. */
  tag: z.string(),
  title: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  /** `endMs` + {@link LIVE_GRACE_MINUTES}: the room refuses joins and closes its sockets then. */
  closesAtMs: z.number(),
  /** The realtime room path (under `/realtime/v1/rooms/`). */
  room: z.string(),
  /** The ink store tag (`{courseId}_{sessionId}`). */
  inkTag: z.string(),
});
export type LiveLesson = z.infer<typeof liveLessonSchema>;

/** One pupil of the lesson's class (deleted pupils are left out). */
export const livePupilSchema = z.object({
  studentId: z.string(),
  /** Registration number. */
  num: z.string(),
  name: z.string(),
  /** The pupil's pen address (upper-case `AA:BB:CC:DD:EE:FF`), null when none is registered. */
  mac: z.string().nullable(),
  /** Page of the pupil's last stroke in the lesson's window ("s.o.b.p"), null when none. */
  lastPage: z.string().nullable(),
  /** End time of that stroke, null when none. */
  lastStrokeMs: z.number().nullable(),
});
export type LivePupil = z.infer<typeof livePupilSchema>;

/** `GET /edu/v1/live/{courseId}`. */
export const liveRosterData = z.object({
  lesson: liveLessonSchema,
  pupils: z.array(livePupilSchema),
  /** Server time of the answer: the `startDate` of a later catch-up search. */
  nowMs: z.number(),
});
export type LiveRosterData = z.infer<typeof liveRosterData>;

/** `GET /edu/v1/live/{courseId}/station`. */
export const liveStationData = z.object({
  lesson: liveLessonSchema,
  studentId: z.string(),
  name: z.string(),
  mac: z.string().nullable(),
});
export type LiveStationData = z.infer<typeof liveStationData>;

/** Refusals of the live paths and the room (the server's messages; clients map statuses to text). */
export const LiveMessage = {
  lessonNotFound: 'The lesson does not exist.',
  noSession: 'The lesson has no session: it is saved as a draft.',
  closed: 'The live lesson is closed: its room closes 30 minutes after the lesson ends.',
  notInLesson: 'Forbidden: not a teacher or student of this lesson',
  otherPen: "a student may publish only their own pen's messages",
} as const;
