/**
 * Who may touch what in the education API (classroom.md §6). Scopes are checked first by
 * `app.requireAuth` (an unapproved teacher holds only `edu.pending`; `edu.read`/`edu.write` come
 * with ACTIVE, `admin.*` with ACTIVE school administrators). The helpers here add the facts
 * scopes cannot carry: the caller is a teacher, has a school, and the record belongs to it.
 *
 * Answers: 403 when the caller may not (another school's record included), 404 when the record
 * does not exist at all.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { ClassesTable, CoursesTable, CurriculumsTable, Database, TextbooksTable } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import type { Account } from '../identity/accounts';
import { authOf } from '../platform/bearer';
import { EduMessage } from './messages';

/** An ACTIVE teacher (or any teacher, for the pending routes) and the school it belongs to. */
export interface SchoolTeacher {
  readonly account: Account;
  readonly schoolId: number;
}

/** The caller, who must be a teacher. */
export function teacherOf(request: FastifyRequest): Account {
  const { account } = authOf(request);
  if (account.kind !== 'teacher') throw forbidden(EduMessage.notTeacher);
  return account;
}

/** The caller, who must be a teacher with a registered school. */
export function schoolTeacherOf(request: FastifyRequest): SchoolTeacher {
  const account = teacherOf(request);
  if (account.schoolId === null) throw forbidden(EduMessage.noSchool);
  return { account, schoolId: account.schoolId };
}

/** The caller, who must be the administrator of a school. */
export function schoolAdminOf(request: FastifyRequest): SchoolTeacher {
  const teacher = schoolTeacherOf(request);
  if (!teacher.account.isSchoolAdmin) throw forbidden(EduMessage.notAdmin);
  return teacher;
}

export type ClassRow = Selectable<ClassesTable>;
export type CurriculumRow = Selectable<CurriculumsTable>;
export type TextbookRow = Selectable<TextbooksTable>;
export type CourseRow = Selectable<CoursesTable>;

/** A class of the caller's school (404 when absent, 403 when another school's). */
export async function classOfSchool(
  db: Kysely<Database>,
  teacher: SchoolTeacher,
  classId: number,
): Promise<ClassRow> {
  const row = await db.selectFrom('classes').selectAll().where('id', '=', classId).executeTakeFirst();
  if (!row) throw notFound(EduMessage.classNotFound);
  if (row.school_id !== teacher.schoolId) throw forbidden(EduMessage.forbidden);
  return row;
}

/**
 * A lecture the caller may read (its class is in the caller's school) or, with `write`, change
 * (the caller also created it, or administers the school).
 */
export async function curriculumFor(
  db: Kysely<Database>,
  teacher: SchoolTeacher,
  curriculumId: number,
  access: 'read' | 'write',
): Promise<CurriculumRow & { school_id: number }> {
  const row = await db
    .selectFrom('curriculums')
    .innerJoin('classes', 'classes.id', 'curriculums.class_id')
    .selectAll('curriculums')
    .select('classes.school_id')
    .where('curriculums.id', '=', curriculumId)
    .executeTakeFirst();
  if (!row) throw notFound(EduMessage.curriculumNotFound);
  if (row.school_id !== teacher.schoolId) throw forbidden(EduMessage.forbidden);
  if (access === 'write' && row.teacher_id !== teacher.account.id && !teacher.account.isSchoolAdmin)
    throw forbidden(EduMessage.forbidden);
  return row;
}

/** A learning material of a lecture (404 when absent or under another lecture). */
export async function textbookOf(
  db: Kysely<Database>,
  curriculumId: number,
  textbookId: number,
): Promise<TextbookRow> {
  const row = await db
    .selectFrom('textbooks')
    .selectAll()
    .where('id', '=', textbookId)
    .where('curriculum_id', '=', curriculumId)
    .executeTakeFirst();
  if (!row) throw notFound(EduMessage.textbookNotFound);
  return row;
}

/** A lesson of a lecture (404 when absent or under another lecture). */
export async function courseOf(
  db: Kysely<Database>,
  curriculumId: number,
  courseId: number,
): Promise<CourseRow> {
  const row = await db
    .selectFrom('courses')
    .selectAll()
    .where('id', '=', courseId)
    .where('curriculum_id', '=', curriculumId)
    .executeTakeFirst();
  if (!row) throw notFound(EduMessage.courseNotFound);
  return row;
}
