/**
 * The lesson rules of classroom.md §4 / §5 / §9, shared by the server (validation, the
 * `timeState` it answers) and the classroom app (the status it shows from its own clock): a lesson
 * lasts 1 to 5 hours in 5-minute steps, and while its session is ACTIVE its time state follows
 * from the clock (before, in progress, within 30 minutes after the end, ended without lesson); an
 * ended lesson (E) is ended and a lesson whose session is not ACTIVE is a draft. Pure: the caller
 * passes the time.
 */
import type { LessonTimeState } from './eduLectures';

export type { LessonTimeState } from './eduLectures';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Time step of lesson times: 300 seconds. */
export const LESSON_STEP_MS = 5 * MINUTE_MS;
/** Shortest lesson: 1 hour. */
export const LESSON_MIN_MS = 1 * HOUR_MS;
/** Longest lesson: 5 hours. */
export const LESSON_MAX_MS = 5 * HOUR_MS;
/** Durations the lesson dialog offers, in hours. */
export const LESSON_HOURS = [1, 2, 3, 4, 5] as const;
/** Live-lesson grace after the end: 30 minutes. */
export const LESSON_GRACE_MS = 30 * MINUTE_MS;
/** The session status of a registered lesson; any other means "saved as draft". */
export const ACTIVE_SESSION = 'ACTIVE';

/** What the time state needs of a lesson. */
export interface LessonTiming {
  readonly status: 'B' | 'E';
  readonly sessionStatus: string | null;
  readonly startAtMs: number;
  readonly endAtMs: number;
}

/** The time state of a lesson at `nowMs`. */
export function lessonTimeState(lesson: LessonTiming, nowMs: number): LessonTimeState {
  if (lesson.status === 'E') return 'ENDED';
  if (lesson.sessionStatus !== ACTIVE_SESSION) return 'DRAFT';
  if (nowMs < lesson.startAtMs) return 'BEFORE';
  if (nowMs <= lesson.endAtMs) return 'IN_PROGRESS';
  if (nowMs <= lesson.endAtMs + LESSON_GRACE_MS) return 'AFTER_END';
  return 'MISSED';
}

/** The actions of a time state (§4): proceed with learning, check learning, re-register, none. */
export type LessonAction = 'proceed' | 'check' | 'reRegister' | 'none';

/** The action a lesson offers in a time state (classroom.md §4). */
export function lessonAction(state: LessonTimeState): LessonAction {
  switch (state) {
    case 'BEFORE':
    case 'IN_PROGRESS':
    case 'AFTER_END':
      return 'proceed';
    case 'ENDED':
      return 'check';
    case 'DRAFT':
      return 'reRegister';
    case 'MISSED':
      return 'none';
  }
}

/**
 * Why a lesson's times are refused: 'step' when start or end is off the 5-minute grid,
 * 'duration' unless it lasts 1 to 5 hours; undefined when they are fine.
 */
export function lessonTimesProblem(startAtMs: number, endAtMs: number): 'step' | 'duration' | undefined {
  if (startAtMs % LESSON_STEP_MS !== 0 || endAtMs % LESSON_STEP_MS !== 0) return 'step';
  const duration = endAtMs - startAtMs;
  if (duration < LESSON_MIN_MS || duration > LESSON_MAX_MS) return 'duration';
  return undefined;
}

/** The end of a lesson from its start and a duration in hours (the form's prgsTime). */
export function endFromDuration(startAtMs: number, hours: number): number {
  return startAtMs + Math.round(hours * HOUR_MS);
}
