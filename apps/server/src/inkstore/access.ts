/**
 * Who may read and write which student's ink: a student uploads only their own writing (and a
 * teacher's annotations on it, classroom.md §6); a teacher reads the writing of pupils of their
 * own classes, the school's administrator of every class of the school (`studentOfTeacher` of
 * the education API's access rules).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { SchoolTeacher } from '../edu/access';
import { forbidden, notFound } from '../http/errors';
import type { Account } from '../identity/accounts';
import { InkMessage } from './messages';

/** The teachers whose annotations may be uploaded for `studentId`: of the student's class. */
export async function disallowedWriters(
  db: Kysely<Database>,
  studentId: string,
  writers: ReadonlySet<string>,
): Promise<string[]> {
  if (writers.size === 0) return [];
  const list = [...writers];
  const allowed = await sql<{ id: string }>`
    select c.teacher_id as id from students s join classes c on c.id = s.class_id
    where s.account_id = ${studentId} and c.teacher_id = any(${list}::text[])
    union
    select cu.teacher_id as id from students s join curriculums cu on cu.class_id = s.class_id
    where s.account_id = ${studentId} and cu.teacher_id = any(${list}::text[])`.execute(db);
  const ok = new Set(allowed.rows.map((r) => r.id));
  return list.filter((w) => !ok.has(w));
}

/** The school of a teacher caller, or 403. */
export function teacherSchool(account: Account): number {
  if (account.kind !== 'teacher' || account.schoolId === null) throw forbidden(InkMessage.onlyTeachers);
  return account.schoolId;
}

/**
 * What a teacher's ink search needs before it answers, in ONE query (the search is the busiest
 * read of a lesson, issue 11): the pupil exists (404), is of the caller's school and of a class
 * the caller reaches (403; the rules of `studentOfTeacher` in edu/access.ts: class teacher, a
 * lecture on the class, or the school administrator), and the pupil's ink version now ('0'
 * before any stroke), which keys the cached answers (searchCache.ts).
 */
export async function inkReadAccess(
  db: Kysely<Database>,
  teacher: SchoolTeacher,
  studentId: string,
): Promise<{ readonly classId: number; readonly version: string }> {
  const teacherId = teacher.account.id;
  const row = await db
    .selectFrom('students')
    .innerJoin('classes', 'classes.id', 'students.class_id')
    .leftJoin('ink_versions', 'ink_versions.student_id', 'students.account_id')
    .select((eb) => [
      'students.class_id as classId',
      'classes.school_id as schoolId',
      'ink_versions.version as version',
      eb
        .or([
          eb('classes.teacher_id', '=', teacherId),
          eb.exists(
            eb
              .selectFrom('curriculums')
              .select('curriculums.id')
              .whereRef('curriculums.class_id', '=', 'classes.id')
              .where('curriculums.teacher_id', '=', teacherId),
          ),
        ])
        .as('taught'),
    ])
    .where('students.account_id', '=', studentId)
    .executeTakeFirst();
  if (!row) throw notFound(InkMessage.studentNotFound);
  const reaches = teacher.account.isSchoolAdmin || row.taught === true;
  if (row.schoolId !== teacher.schoolId || !reaches) throw forbidden(InkMessage.otherSchool);
  return { classId: row.classId, version: row.version === null ? '0' : String(row.version) };
}
