/**
 * Lesson rules of classroom.md §4 / §5 / §9: a lesson lasts 1 to 5 hours in 5-minute steps,
 * and its time state follows from the clock while its session is ACTIVE (before, in progress,
 * within 30 minutes after the end, ended without lesson); an ended lesson (E) is ended and a
 * lesson whose session is not ACTIVE is a draft.
 */
import type { LessonTimeState } from '@dotink/contracts/edu';
import { badRequest } from '../../http/errors';
import { EduMessage } from '../messages';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Time step of lesson times: 300 seconds. */
export const LESSON_STEP_MS = 5 * MINUTE_MS;
export const LESSON_MIN_MS = 1 * HOUR_MS;
export const LESSON_MAX_MS = 5 * HOUR_MS;
/** Live-lesson grace after the end: 30 minutes. */
export const LESSON_GRACE_MS = 30 * MINUTE_MS;
/** The session status of a registered lesson; any other means "saved as draft". */
export const ACTIVE_SESSION = 'ACTIVE';

export { type LessonTimeState, lessonTimeStates } from '@dotink/contracts/edu';

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

/** 400 unless the lesson starts on a 5-minute step and lasts 1 to 5 hours in 5-minute steps. */
export function checkLessonTimes(startAtMs: number, endAtMs: number): void {
  if (startAtMs % LESSON_STEP_MS !== 0 || endAtMs % LESSON_STEP_MS !== 0)
    throw badRequest(EduMessage.lessonStep);
  const duration = endAtMs - startAtMs;
  if (duration < LESSON_MIN_MS || duration > LESSON_MAX_MS) throw badRequest(EduMessage.lessonDuration);
}

/** The end of a lesson from its start and a duration in hours (the form's prgsTime). */
export function endFromDuration(startAtMs: number, hours: number): number {
  return startAtMs + Math.round(hours * HOUR_MS);
}

/**
 * True for a course URL the apps may open in a new window: http(s), or a path of the app
 * (never `javascript:` or a protocol-relative `//host`).
 */
export function isOpenableCourseUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
