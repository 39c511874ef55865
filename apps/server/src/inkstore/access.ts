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
import { CoalescedReads } from '../platform/coalescedReads';
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

/** What one read says of a (teacher, pupil) pair: the pupil's class and school, whether the
 * teacher teaches that class, and the pupil's ink version. */
interface InkReadFacts {
  readonly classId: number;
  readonly schoolId: number;
  readonly taught: boolean;
  readonly version: string;
}

const pairKey = (teacherId: string, studentId: string) => `${teacherId}\n${studentId}`;

/**
 * What a teacher's ink search needs before it answers (the search is the busiest read of a
 * lesson, issue 11), read coalesced like accounts (`platform/coalescedReads.ts`): the searches
 * that arrive while a read is under way are served by the next one, ONE query for every
 * (teacher, pupil) pair waiting. Per pair: the pupil exists, its class and school, whether the
 * teacher teaches the class (class teacher, or a lecture on it: the rules of `studentOfTeacher`
 * in edu/access.ts), and the pupil's ink version now ('0' before any stroke), which keys the
 * cached answers (searchCache.ts). Nothing is kept between reads, so a change committed before a
 * search arrives is always seen by it.
 */
export class InkReadAccess extends CoalescedReads<InkReadFacts | undefined> {
  constructor(db: Kysely<Database>) {
    super(async (keys) => {
      const teachers: string[] = [];
      const students: string[] = [];
      for (const key of keys) {
        const cut = key.indexOf('\n');
        teachers.push(key.slice(0, cut));
        students.push(key.slice(cut + 1));
      }
      const rows = await sql<{
        tid: string;
        sid: string;
        class_id: number;
        school_id: number;
        version: string | number | bigint | null;
        taught: boolean;
      }>`
        select p.tid, p.sid, s.class_id, c.school_id, v.version,
          (c.teacher_id = p.tid or exists (
            select 1 from curriculums cu where cu.class_id = c.id and cu.teacher_id = p.tid)) as taught
        from unnest(${teachers}::text[], ${students}::text[]) as p(tid, sid)
        join students s on s.account_id = p.sid
        join classes c on c.id = s.class_id
        left join ink_versions v on v.student_id = s.account_id`.execute(db);
      return new Map(
        rows.rows.map((r) => [
          pairKey(r.tid, r.sid),
          {
            classId: r.class_id,
            schoolId: r.school_id,
            taught: r.taught === true,
            version: r.version === null ? '0' : String(r.version),
          },
        ]),
      );
    }, undefined);
  }

  /**
   * The pupil's class and ink version when `teacher` may read the pupil's writing: 404 when the
   * pupil does not exist, 403 when of another school or of a class the teacher does not reach
   * (the school administrator reaches every class of the school).
   */
  async check(
    teacher: SchoolTeacher,
    studentId: string,
  ): Promise<{ readonly classId: number; readonly version: string }> {
    const facts = await this.read(pairKey(teacher.account.id, studentId));
    if (!facts) throw notFound(InkMessage.studentNotFound);
    const reaches = teacher.account.isSchoolAdmin || facts.taught;
    if (facts.schoolId !== teacher.schoolId || !reaches) throw forbidden(InkMessage.otherSchool);
    return { classId: facts.classId, version: facts.version };
  }
}
