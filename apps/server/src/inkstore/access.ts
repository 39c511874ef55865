/**
 * Who may read and write which student's ink: a student uploads only their own writing (and a
 * teacher's annotations on it, classroom.md §6); a teacher reads the writing of pupils of their
 * own classes, the school's administrator of every class of the school (`studentOfTeacher` of
 * the education API's access rules).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden } from '../http/errors';
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
