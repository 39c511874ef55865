/** Lessons (courses, classroom.md §3) as the apps read them, and the facts their rules need. */

import type { Course } from '@dotink/contracts/edu';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { randomId } from '../../identity/accounts';
import type { CourseRow } from '../access';
import { EduMessage } from '../messages';
import { lessonTimeState } from './lessonRules';

/** The class a lesson's lecture belongs to. */
export interface LessonClass {
  readonly id: number;
  readonly name: string;
}

/** The course page of the app a lesson opens when it has no URL of its own. */
export function defaultCourseUrl(c: CourseRow, classId: number): string {
  const q = new URLSearchParams({
    eduClassId: String(classId),
    curriculumId: String(c.curriculum_id),
    courseId: String(c.id),
    courseTitle: c.tag,
    ...(c.session_id ? { sessionId: c.session_id } : {}),
  });
  return `/main/courseStudyCheck?${q}`;
}

export function toCourse(c: CourseRow, klass: LessonClass, nowMs: number): Course {
  return {
    id: c.id,
    curriculumId: c.curriculum_id,
    eduClassId: klass.id,
    className: klass.name,
    tag: c.tag,
    title: c.title,
    description: c.description,
    startAt: c.start_at.toISOString(),
    endAt: c.end_at.toISOString(),
    status: c.status,
    sessionId: c.session_id,
    sessionStatus: c.session_status,
    eduCourseUrl: c.edu_course_url ?? defaultCourseUrl(c, klass.id),
    timeState: lessonTimeState(
      {
        status: c.status,
        sessionStatus: c.session_status,
        startAtMs: c.start_at.getTime(),
        endAtMs: c.end_at.getTime(),
      },
      nowMs,
    ),
    createdAt: c.created_at.toISOString(),
    modifiedAt: c.modified_at.toISOString(),
  };
}

/** The class of a lecture, with its name. */
export async function lessonClass(db: Kysely<Database>, classId: number): Promise<LessonClass> {
  const row = await db
    .selectFrom('classes')
    .select(['id', 'class_name'])
    .where('id', '=', classId)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.class_name };
}

/**
 * 400 'The student does not exist.' when the class has no student that is not deleted (a lesson
 * cannot be started without students).
 */
export async function requireStudents(db: Kysely<Database>, classId: number): Promise<void> {
  const one = await db
    .selectFrom('students')
    .select('account_id')
    .where('class_id', '=', classId)
    .where('delete_yn', '=', 'N')
    .executeTakeFirst();
  if (!one) throw badRequest(EduMessage.noStudents);
}

/** A new lesson session id. */
export const newSessionId = () => `ses${randomId(17)}`;
