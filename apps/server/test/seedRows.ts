/**
 * Rows the server tests and the HTTP benches both seed: a school and a class of it. No test
 * runner here (the benches import it as `@dotink/server/test/seed`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

/** Inserts a school (education office B10, type 0) with `schoolCode`; returns its id. */
export async function insertSchool(db: Kysely<Database>, name: string, schoolCode: string): Promise<number> {
  const school = await db
    .insertInto('schools')
    .values({ name, edu_office_code: 'B10', school_type_code: '0', school_code: schoolCode })
    .returning('id')
    .executeTakeFirstOrThrow();
  return school.id;
}

/** Inserts class 3-`classNum` (default 1) of 2025 of `teacherId` (null: none) at `schoolId`; returns its id. */
export async function insertClass(
  db: Kysely<Database>,
  schoolId: number,
  teacherId: string | null,
  classNum = 1,
): Promise<number> {
  const klass = await db
    .insertInto('classes')
    .values({
      school_id: schoolId,
      teacher_id: teacherId,
      year: 2025,
      grade: 3,
      class_num: classNum,
      class_name: `3-${classNum}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return klass.id;
}
