/**
 * Who may touch what in the education API (classroom.md §6). Scopes are checked first by
 * `app.requireAuth` (an unapproved teacher holds only `edu.pending`; `edu.read`/`edu.write` come
 * with ACTIVE, `admin.*` with ACTIVE school administrators). The helpers here add the facts
 * scopes cannot carry: the caller is a teacher, has a school, and the record belongs to it.
 *
 * Classes (§6): a teacher reaches their **own** classes — those whose class teacher they are
 * (`classes.teacher_id`, set when the administrator registers or edits the class) and those they
 * hold a lecture on — with their pupils, lectures, materials, lessons, ink and watch logs; the
 * school administrator reaches every class of the school. Another teacher of the same school is
 * refused like a stranger.
 *
 * Answers: 403 when the caller may not (another school's or another teacher's record included),
 * 404 when the record does not exist at all.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
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

/** The ids of the classes `teacherId` teaches: class teacher of, or holding a lecture on. */
export function taughtClassIds(
  db: Kysely<Database>,
  teacherId: string,
): SelectQueryBuilder<Database, 'classes', { id: number }> {
  return db
    .selectFrom('classes')
    .select('classes.id')
    .where('classes.teacher_id', '=', teacherId)
    .union(
      db.selectFrom('curriculums').select('curriculums.class_id as id').where('teacher_id', '=', teacherId),
    );
}

/** True when the caller may reach the class `classId` of their school: its teacher, or the administrator. */
export async function reachesClass(
  db: Kysely<Database>,
  teacher: SchoolTeacher,
  classId: number,
): Promise<boolean> {
  if (teacher.account.isSchoolAdmin) return true;
  const row = await db
    .selectFrom('classes')
    .select('id')
    .where('id', '=', classId)
    .where('id', 'in', taughtClassIds(db, teacher.account.id))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A class the caller may reach (404 when absent, 403 when another school's, or — for a teacher
 * who is not the school administrator — a class they do not teach).
 */
export async function classOfSchool(
  db: Kysely<Database>,
  teacher: SchoolTeacher,
  classId: number,
): Promise<ClassRow> {
  const row = await db.selectFrom('classes').selectAll().where('id', '=', classId).executeTakeFirst();
  if (!row) throw notFound(EduMessage.classNotFound);
  if (row.school_id !== teacher.schoolId) throw forbidden(EduMessage.forbidden);
  if (!(await reachesClass(db, teacher, row.id))) throw forbidden(EduMessage.notYourClass);
  return row;
}

/**
 * A pupil the caller may reach: of a class the caller reaches (404 when unknown, 403 otherwise).
 * Answers the pupil's class id.
 */
export async function studentOfTeacher(
  db: Kysely<Database>,
  teacher: SchoolTeacher,
  studentId: string,
  messages: { notFound: string; forbidden: string } = {
    notFound: EduMessage.noStudents,
    forbidden: EduMessage.notYourClass,
  },
): Promise<{ readonly classId: number }> {
  const row = await db
    .selectFrom('students')
    .innerJoin('classes', 'classes.id', 'students.class_id')
    .select(['students.class_id as classId', 'classes.school_id as schoolId'])
    .where('students.account_id', '=', studentId)
    .executeTakeFirst();
  if (!row) throw notFound(messages.notFound);
  if (row.schoolId !== teacher.schoolId || !(await reachesClass(db, teacher, row.classId)))
    throw forbidden(messages.forbidden);
  return { classId: row.classId };
}

/**
 * A lecture the caller may read (its class is one the caller reaches) or, with `write`, change
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
  if (!(await reachesClass(db, teacher, row.class_id))) throw forbidden(EduMessage.notYourClass);
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
