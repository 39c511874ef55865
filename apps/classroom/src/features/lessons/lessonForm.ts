/**
 * The lesson dialog's form (classroom.md §5): date, start time in 5-minute steps, duration 1 to
 * 5 hours, end = start + duration, lesson name, optional memo. Times are the browser's local
 * time; the server gets ISO instants.
 */
import type { Course, CourseBody } from '@dotink/contracts/edu';
import { MAX_DESCRIPTION } from '@dotink/contracts/eduLectures';
import { endFromDuration, LESSON_HOURS, LESSON_STEP_MS } from '@dotink/contracts/lessonRules';
import { localParts } from '../../lib/localTime';

export { localParts };

export interface LessonForm {
  /** YYYY-MM-DD (local). */
  readonly date: string;
  /** HH:mm (local), on a 5-minute step. */
  readonly startTime: string;
  /** Hours, 1 to 5. */
  readonly hours: number;
  readonly name: string;
  readonly memo: string;
  /**
   * HH:mm of an existing lesson's start that lay off the 5-minute grid (a lesson from before the
   * rule, or imported): the form shows it rounded to `startTime` and says so.
   */
  readonly roundedFrom?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const STEP_MIN = LESSON_STEP_MS / 60_000;

/** Every start time of a day: 00:00, 00:05, … 23:55. */
export const START_TIMES: readonly string[] = Array.from({ length: (24 * 60) / STEP_MIN }, (_, i) => {
  const m = i * STEP_MIN;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
});

export { LESSON_HOURS };

/** The instant of a local date and time, or undefined when either is not well formed. */
export function localInstant(date: string, time: string): number | undefined {
  const dm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const tm = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dm || !tm) return undefined;
  const ms = new Date(
    Number(dm[1]),
    Number(dm[2]) - 1,
    Number(dm[3]),
    Number(tm[1]),
    Number(tm[2]),
  ).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}

/** A new lesson's form: today, the next 5-minute step, 1 hour. */
export function newLessonForm(nowMs: number): LessonForm {
  const next = Math.ceil(nowMs / LESSON_STEP_MS) * LESSON_STEP_MS;
  const { date, time } = localParts(next);
  return { date, startTime: time, hours: 1, name: '', memo: '' };
}

/**
 * The form of an existing lesson. A start off the 5-minute grid is rounded to the nearest step
 * (never blanked: `roundedFrom` keeps the time it had), a duration to the nearest offered hour.
 */
export function lessonFormOf(c: Pick<Course, 'startAt' | 'endAt' | 'tag' | 'description'>): LessonForm {
  const exact = Date.parse(c.startAt);
  const start = Math.round(exact / LESSON_STEP_MS) * LESSON_STEP_MS;
  const { date, time } = localParts(start);
  const was = localParts(exact).time;
  const rounded = Math.round((Date.parse(c.endAt) - exact) / 3_600_000);
  const hours = Math.min(Math.max(rounded, LESSON_HOURS[0]), LESSON_HOURS[LESSON_HOURS.length - 1]!);
  return {
    date,
    startTime: time,
    hours,
    name: c.tag,
    memo: c.description,
    ...(start !== exact && was !== time ? { roundedFrom: was } : {}),
  };
}

/** The end time (HH:mm) the form shows, or '' while date or start are missing. */
export function endTimeOf(f: LessonForm): string {
  const start = localInstant(f.date, f.startTime);
  return start === undefined ? '' : localParts(endFromDuration(start, f.hours)).time;
}

/** True when every required field is filled (§5: date, start time, duration, lesson name). */
export function isLessonComplete(f: LessonForm): boolean {
  return (
    localInstant(f.date, f.startTime) !== undefined &&
    (LESSON_HOURS as readonly number[]).includes(f.hours) &&
    f.name.trim() !== ''
  );
}

/** The body of the create or edit call for a complete form. */
export function lessonBody(f: LessonForm, courseTitle: string): CourseBody {
  const start = localInstant(f.date, f.startTime)!;
  return {
    tag: f.name.trim(),
    title: courseTitle,
    description: [...f.memo.trim()].slice(0, MAX_DESCRIPTION).join(''),
    startAt: new Date(start).toISOString(),
    endAt: new Date(endFromDuration(start, f.hours)).toISOString(),
  };
}
