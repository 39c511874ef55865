/**
 * The small world the access-rule tests read on a database alone (`edu/access.test.ts`,
 * `inkstore/access.test.ts`): two schools; in school A the teachers t-class (class teacher of
 * A1), t-lecture (a lecture on A1), t-colleague and t-admin, and class A2 without a teacher; in
 * school B t-other (class teacher of B1, and a lecture on it); pupils p-1 in A1, p-2 in A2 and
 * p-3 in B1.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import type { Account } from '../src/identity/accounts';
import { insertClass, insertSchool } from './seedRows';

export interface AccessWorld {
  readonly schoolA: number;
  readonly schoolB: number;
  readonly classA1: number;
  readonly classA2: number;
  readonly classB1: number;
  /** t-lecture's lecture on A1, t-other's on B1. */
  readonly lectureA1: number;
  readonly lectureB1: number;
}

/** An active teacher account `id` with a password (override any field). */
export const testAccount = (id: string, over: Partial<Account> = {}): Account => ({
  id,
  kind: 'teacher',
  username: id,
  name: id,
  email: null,
  status: 'ACTIVE',
  isSchoolAdmin: false,
  schoolId: null,
  hasPassword: true,
  ...over,
});

/** Seeds the world; `prefix` names its two schools' codes. */
export async function seedAccessWorld(db: Kysely<Database>, prefix: string): Promise<AccessWorld> {
  const schoolA = await insertSchool(db, `${prefix}-a`, `${prefix}-a`);
  const schoolB = await insertSchool(db, `${prefix}-b`, `${prefix}-b`);
  await db
    .insertInto('accounts')
    .values(
      ['t-class', 't-lecture', 't-colleague', 't-admin', 't-other', 'p-1', 'p-2', 'p-3'].map((id) => ({
        id,
        kind: id.startsWith('t-') ? ('teacher' as const) : ('student' as const),
        username: id,
        name: id,
        email: null,
        password_hash: null,
        school_id: id === 't-other' ? schoolB : id.startsWith('t-') ? schoolA : null,
      })),
    )
    .execute();
  const classA1 = await insertClass(db, schoolA, 't-class', 1);
  const classA2 = await insertClass(db, schoolA, null, 2);
  const classB1 = await insertClass(db, schoolB, 't-other', 1);
  const lecture = async (classId: number, teacherId: string) =>
    (
      await db
        .insertInto('curriculums')
        .values({
          class_id: classId,
          teacher_id: teacherId,
          subject_id: null,
          title: 'L',
          start_at: null,
          end_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const lectureA1 = await lecture(classA1, 't-lecture');
  const lectureB1 = await lecture(classB1, 't-other');
  await db
    .insertInto('students')
    .values([
      { account_id: 'p-1', class_id: classA1, num: 1, name: 'p-1' },
      { account_id: 'p-2', class_id: classA2, num: 1, name: 'p-2' },
      { account_id: 'p-3', class_id: classB1, num: 1, name: 'p-3' },
    ])
    .execute();
  return { schoolA, schoolB, classA1, classA2, classB1, lectureA1, lectureB1 };
}
