/**
 * The teacher record of classroom.md §3 (teacherInfo) and the school authentication code of
 * §3 / §5: the education office code, school type code and school code run together, upper-case.
 */

import type { School, TeacherInfo } from '@dotink/contracts/edu';
import type { Kysely } from 'kysely';
import type { Database, SchoolRow } from '../../db/schema';
import type { Account } from '../../identity/accounts';
import { listClasses } from '../classes/classQueries';
import { findCurriculums } from '../curriculums/curriculumQueries';

/** The codes of a school, as the registry gives them. */
export interface SchoolCodes {
  readonly eduOfficeCode: string;
  readonly schoolTypeCode: string;
  readonly schoolCode: string;
}

/** The authentication code of a school: the three codes concatenated, upper-case. */
export function schoolAuthCode(s: SchoolCodes): string {
  return `${s.eduOfficeCode}${s.schoolTypeCode}${s.schoolCode}`.toUpperCase();
}

/** True when an entered code, upper-cased (spaces around ignored), is the school's code. */
export function authCodeMatches(entered: string, s: SchoolCodes): boolean {
  return entered.trim().toUpperCase() === schoolAuthCode(s);
}

export function toSchool(row: SchoolRow): School {
  return {
    eduSchoolId: row.id,
    schoolName: row.name,
    eduOfficeCode: row.edu_office_code,
    schoolTypeCode: row.school_type_code,
    schoolCode: row.school_code,
  };
}

/** The teacher record of an account; the lists only for an ACTIVE teacher with a school. */
export async function teacherInfo(db: Kysely<Database>, account: Account): Promise<TeacherInfo> {
  const school =
    account.schoolId === null
      ? undefined
      : await db.selectFrom('schools').selectAll().where('id', '=', account.schoolId).executeTakeFirst();
  const full = account.status === 'ACTIVE' && school !== undefined;
  return {
    id: account.id,
    name: account.name,
    username: account.username,
    email: account.email,
    eduSchoolId: school?.id ?? null,
    eduOfficeCode: school?.edu_office_code ?? '',
    schoolTypeCode: school?.school_type_code ?? '',
    schoolCode: school?.school_code ?? '',
    schoolName: school?.name ?? '',
    status: account.status,
    isSchoolAdmin: account.isSchoolAdmin,
    curris: full ? await findCurriculums(db, { teacherId: account.id }) : [],
    kumis: full
      ? await listClasses(db, school.id, account.isSchoolAdmin ? {} : { teacherId: account.id })
      : [],
  };
}
