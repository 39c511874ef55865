/**
 * The ink store's access rules on a database alone: whose annotations a pupil's upload may hold
 * (the teachers of the pupil's class: its class teacher, or one holding a lecture on it), and what
 * a teacher's ink search may read (pupils of a class the teacher reaches in their school; the
 * school administrator reaches every class of the school), coalesced reads included.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedAccessWorld, testAccount } from '../../test/accessWorld';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import type { SchoolTeacher } from '../edu/access';
import { ApiError } from '../http/errors';
import { disallowedWriters, InkReadAccess, teacherSchool } from './access';
import { InkMessage } from './messages';

const account = testAccount;

/** The status and message of what `p` throws (it must throw an ApiError). */
async function refusal(p: Promise<unknown>): Promise<[number, string]> {
  try {
    await p;
  } catch (error) {
    if (error instanceof ApiError) return [error.statusCode, error.message];
    throw error;
  }
  throw new Error('expected a refusal');
}

describeEachDatabase('ink store access', (kind) => {
  let handle: DatabaseHandle;
  let schoolA = 0;
  let schoolB = 0;
  let classA1 = 0;
  let classB1 = 0;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    ({ schoolA, schoolB, classA1, classB1 } = await seedAccessWorld(handle.db, 'ink'));
    await sql`insert into ink_versions (student_id, version) values ('p-2', 41)`.execute(handle.db);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it("lets a pupil's upload hold the annotations of the class teacher and of a lecture's teacher only", async () => {
    const { db } = handle;
    expect(await disallowedWriters(db, 'p-1', new Set())).toEqual([]);
    expect(await disallowedWriters(db, 'p-1', new Set(['t-class', 't-lecture']))).toEqual([]);
    expect(
      await disallowedWriters(db, 'p-1', new Set(['t-colleague', 't-class', 't-admin', 't-other'])),
    ).toEqual(['t-colleague', 't-admin', 't-other']);
    // another pupil's class: its teachers are not this pupil's
    expect(await disallowedWriters(db, 'p-3', new Set(['t-class', 't-lecture', 't-other']))).toEqual([
      't-class',
      't-lecture',
    ]);
    expect(await disallowedWriters(db, 'p-2', new Set(['t-class']))).toEqual(['t-class']);
    expect(await disallowedWriters(db, 'nobody', new Set(['t-class']))).toEqual(['t-class']);
  });

  it('answers the school of a teacher with one; refuses a pupil and a teacher without a school', () => {
    expect(teacherSchool(account('t', { schoolId: 7 }))).toBe(7);
    for (const who of [account('t', { schoolId: null }), account('s', { kind: 'student', schoolId: 7 })]) {
      let thrown: unknown;
      try {
        teacherSchool(who);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({ statusCode: 403, message: InkMessage.onlyTeachers });
    }
  });

  it("lets a teacher read the pupils of a class they teach, the administrator the school's, and nobody another school's", async () => {
    const access = new InkReadAccess(handle.db);
    const teacher = (id: string, schoolId = schoolA, isSchoolAdmin = false): SchoolTeacher => ({
      account: account(id, { schoolId, isSchoolAdmin }),
      schoolId,
    });
    expect(await access.check(teacher('t-class'), 'p-1')).toEqual({ classId: classA1, version: '0' });
    expect(await access.check(teacher('t-lecture'), 'p-1')).toEqual({ classId: classA1, version: '0' });
    expect(await access.check(teacher('t-admin', schoolA, true), 'p-2')).toEqual({
      classId: expect.any(Number),
      version: '41',
    });
    const refused: [number, string] = [403, InkMessage.otherSchool];
    expect(await refusal(access.check(teacher('t-colleague'), 'p-1'))).toEqual(refused);
    expect(await refusal(access.check(teacher('t-class'), 'p-2'))).toEqual(refused);
    expect(await refusal(access.check(teacher('t-admin', schoolA, true), 'p-3'))).toEqual(refused);
    // a teacher of the pupil's class now in another school reaches it no more
    expect(await refusal(access.check(teacher('t-class', schoolB), 'p-1'))).toEqual(refused);
    expect(await refusal(access.check(teacher('t-other', schoolB, true), 'p-1'))).toEqual(refused);
    expect(await access.check(teacher('t-other', schoolB), 'p-3')).toEqual({
      classId: classB1,
      version: '0',
    });
    expect(await refusal(access.check(teacher('t-class'), 'nobody'))).toEqual([
      404,
      InkMessage.studentNotFound,
    ]);
  });

  it('answers searches that arrive together from one read, each its own answer', async () => {
    const access = new InkReadAccess(handle.db);
    const teacher = (id: string, isSchoolAdmin = false): SchoolTeacher => ({
      account: account(id, { schoolId: schoolA, isSchoolAdmin }),
      schoolId: schoolA,
    });
    const asked = [
      access.check(teacher('t-class'), 'p-1'),
      access.check(teacher('t-lecture'), 'p-1'),
      access.check(teacher('t-admin', true), 'p-2'),
      access.check(teacher('t-class'), 'p-2'),
      access.check(teacher('t-colleague'), 'p-1'),
      access.check(teacher('t-class'), 'nobody'),
      access.check(teacher('t-admin', true), 'p-1'),
    ];
    const answers = await Promise.all(
      asked.map((p) =>
        p.then(
          (ok) => ok,
          (error: unknown) => (error instanceof ApiError ? error.statusCode : error),
        ),
      ),
    );
    expect(answers).toEqual([
      { classId: classA1, version: '0' },
      { classId: classA1, version: '0' },
      { classId: expect.any(Number), version: '41' },
      403,
      403,
      404,
      { classId: classA1, version: '0' },
    ]);
  });
});
