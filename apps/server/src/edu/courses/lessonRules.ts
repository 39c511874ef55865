/**
 * Lesson rules of classroom.md §4 / §5 / §9 on the server: the pure rules live in
 * `@dotink/contracts/lessonRules` (shared with the classroom app); this adds the 400 answers and
 * the check of a course URL.
 */
import { lessonTimesProblem } from '@dotink/contracts/lessonRules';
import { badRequest } from '../../http/errors';
import { EduMessage } from '../messages';

export {
  ACTIVE_SESSION,
  endFromDuration,
  LESSON_GRACE_MS,
  LESSON_MAX_MS,
  LESSON_MIN_MS,
  LESSON_STEP_MS,
  type LessonTimeState,
  type LessonTiming,
  lessonTimeState,
} from '@dotink/contracts/lessonRules';

/** 400 unless the lesson starts on a 5-minute step and lasts 1 to 5 hours in 5-minute steps. */
export function checkLessonTimes(startAtMs: number, endAtMs: number): void {
  const problem = lessonTimesProblem(startAtMs, endAtMs);
  if (problem === 'step') throw badRequest(EduMessage.lessonStep);
  if (problem === 'duration') throw badRequest(EduMessage.lessonDuration);
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
