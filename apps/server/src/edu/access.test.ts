/**
 * The education API's access rules (classroom.md §6) on a database alone: who the caller must be,
 * which classes a teacher reaches (class teacher, or a lecture on it; the administrator every
 * class of the school), and the records reached through them, each refusal with its status and
 * message. test/matrix.test.ts checks the same rules through every route.
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedAccessWorld, testAccount } from '../../test/accessWorld';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { ApiError } from '../http/errors';
import type { Account } from '../identity/accounts';
import {
  classOfSchool,
  courseOf,
  curriculumFor,
  reachesClass,
  type SchoolTeacher,
  schoolAdminOf,
  schoolTeacherOf,
  studentOfTeacher,
  taughtClassIds,
  teacherOf,
  textbookOf,
} from './access';
import { EduMessage } from './messages';

const account = testAccount;

const requestOf = (who: Account) =>
  ({ auth: { account: who, scopes: new Set<string>(), clientId: 'test' } }) as unknown as FastifyRequest;

/** The status and message of what `f` throws (it must throw an ApiError). */
async function refusal(f: () => unknown): Promise<[number, string]> {
  try {
    await f();
  } catch (error) {
    if (error instanceof ApiError) return [error.statusCode, error.message];
    throw error;
  }
  throw new Error('expected a refusal');
}

it('takes a teacher, with a school, administering it, as each route asks', async () => {
  const pupil = account('p', { kind: 'student', schoolId: 1 });
  const loose = account('t-loose');
  const member = account('t-member', { schoolId: 4 });
  const admin = account('t-admin', { schoolId: 4, isSchoolAdmin: true });
  expect(teacherOf(requestOf(loose))).toBe(loose);
  expect(await refusal(() => teacherOf(requestOf(pupil)))).toEqual([403, EduMessage.notTeacher]);
  expect(schoolTeacherOf(requestOf(member))).toEqual({ account: member, schoolId: 4 });
  expect(await refusal(() => schoolTeacherOf(requestOf(loose)))).toEqual([403, EduMessage.noSchool]);
  expect(await refusal(() => schoolTeacherOf(requestOf(pupil)))).toEqual([403, EduMessage.notTeacher]);
  expect(schoolAdminOf(requestOf(admin))).toEqual({ account: admin, schoolId: 4 });
  expect(await refusal(() => schoolAdminOf(requestOf(member)))).toEqual([403, EduMessage.notAdmin]);
  expect(await refusal(() => schoolAdminOf(requestOf(account('t-admin2', { isSchoolAdmin: true }))))).toEqual(
    [403, EduMessage.noSchool],
  );
});

describeEachDatabase('education access rules', (kind) => {
  let handle: DatabaseHandle;
  let schoolA = 0;
  let schoolB = 0;
  /** Class 1 (class teacher t-class, a lecture of t-lecture), 2 (no teacher), B1 (another school). */
  let c1 = 0;
  let c2 = 0;
  let cB = 0;
  /** The lecture of t-lecture on class 1, of t-other on class B1. */
  let lecture1 = 0;
  let lectureB = 0;
  const teacher = (id: string, schoolId: number, isSchoolAdmin = false): SchoolTeacher => ({
    account: account(id, { schoolId, isSchoolAdmin }),
    schoolId,
  });
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    ({
      schoolA,
      schoolB,
      classA1: c1,
      classA2: c2,
      classB1: cB,
      lectureA1: lecture1,
      lectureB1: lectureB,
    } = await seedAccessWorld(handle.db, 'acc'));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it('counts as taught the classes one is class teacher of and those one holds a lecture on', async () => {
    const taught = async (id: string) =>
      (await taughtClassIds(handle.db, id).execute()).map((r) => r.id).sort((a, b) => a - b);
    expect(await taught('t-class')).toEqual([c1]);
    expect(await taught('t-lecture')).toEqual([c1]);
    expect(await taught('t-other')).toEqual([cB]);
    expect(await taught('t-colleague')).toEqual([]);
    const { db } = handle;
    expect(await reachesClass(db, teacher('t-class', schoolA), c1)).toBe(true);
    expect(await reachesClass(db, teacher('t-lecture', schoolA), c1)).toBe(true);
    expect(await reachesClass(db, teacher('t-class', schoolA), c2)).toBe(false);
    expect(await reachesClass(db, teacher('t-colleague', schoolA), c1)).toBe(false);
    expect(await reachesClass(db, teacher('t-admin', schoolA, true), c2)).toBe(true);
  });

  it('answers a class the caller reaches: 404 unknown, 403 of another school or not taught', async () => {
    const { db } = handle;
    expect(await classOfSchool(db, teacher('t-class', schoolA), c1)).toMatchObject({
      id: c1,
      school_id: schoolA,
    });
    expect(await classOfSchool(db, teacher('t-lecture', schoolA), c1)).toMatchObject({ id: c1 });
    expect(await classOfSchool(db, teacher('t-admin', schoolA, true), c2)).toMatchObject({ id: c2 });
    expect(await refusal(() => classOfSchool(db, teacher('t-colleague', schoolA), c1))).toEqual([
      403,
      EduMessage.notYourClass,
    ]);
    expect(await refusal(() => classOfSchool(db, teacher('t-admin', schoolA, true), cB))).toEqual([
      403,
      EduMessage.forbidden,
    ]);
    expect(await refusal(() => classOfSchool(db, teacher('t-class', schoolB), c1))).toEqual([
      403,
      EduMessage.forbidden,
    ]);
    expect(await refusal(() => classOfSchool(db, teacher('t-class', schoolA), 999_999))).toEqual([
      404,
      EduMessage.classNotFound,
    ]);
  });

  it("answers a pupil's class to the teachers who reach it, with the caller's messages when given", async () => {
    const { db } = handle;
    expect(await studentOfTeacher(db, teacher('t-class', schoolA), 'p-1')).toEqual({ classId: c1 });
    expect(await studentOfTeacher(db, teacher('t-lecture', schoolA), 'p-1')).toEqual({ classId: c1 });
    expect(await studentOfTeacher(db, teacher('t-admin', schoolA, true), 'p-2')).toEqual({ classId: c2 });
    expect(await refusal(() => studentOfTeacher(db, teacher('t-class', schoolA), 'p-2'))).toEqual([
      403,
      EduMessage.notYourClass,
    ]);
    expect(await refusal(() => studentOfTeacher(db, teacher('t-admin', schoolA, true), 'p-3'))).toEqual([
      403,
      EduMessage.notYourClass,
    ]);
    // the class teacher of p-1, seen as of another school
    expect(await refusal(() => studentOfTeacher(db, teacher('t-class', schoolB), 'p-1'))).toEqual([
      403,
      EduMessage.notYourClass,
    ]);
    expect(await refusal(() => studentOfTeacher(db, teacher('t-class', schoolA), 'nobody'))).toEqual([
      404,
      EduMessage.noStudents,
    ]);
    const messages = { notFound: 'no such pupil', forbidden: 'not yours' };
    expect(
      await refusal(() => studentOfTeacher(db, teacher('t-class', schoolA), 'nobody', messages)),
    ).toEqual([404, 'no such pupil']);
    expect(await refusal(() => studentOfTeacher(db, teacher('t-class', schoolA), 'p-2', messages))).toEqual([
      403,
      'not yours',
    ]);
  });

  it('lets the teachers of the class read a lecture, and only its author or the administrator change it', async () => {
    const { db } = handle;
    const read = await curriculumFor(db, teacher('t-class', schoolA), lecture1, 'read');
    expect(read).toMatchObject({ id: lecture1, class_id: c1, teacher_id: 't-lecture', school_id: schoolA });
    expect(await curriculumFor(db, teacher('t-lecture', schoolA), lecture1, 'write')).toMatchObject({
      id: lecture1,
    });
    expect(await curriculumFor(db, teacher('t-admin', schoolA, true), lecture1, 'write')).toMatchObject({
      id: lecture1,
    });
    expect(await refusal(() => curriculumFor(db, teacher('t-class', schoolA), lecture1, 'write'))).toEqual([
      403,
      EduMessage.forbidden,
    ]);
    expect(await refusal(() => curriculumFor(db, teacher('t-colleague', schoolA), lecture1, 'read'))).toEqual(
      [403, EduMessage.notYourClass],
    );
    expect(
      await refusal(() => curriculumFor(db, teacher('t-admin', schoolA, true), lectureB, 'read')),
    ).toEqual([403, EduMessage.forbidden]);
    expect(await refusal(() => curriculumFor(db, teacher('t-other', schoolB), lecture1, 'read'))).toEqual([
      403,
      EduMessage.forbidden,
    ]);
    expect(await refusal(() => curriculumFor(db, teacher('t-class', schoolA), 999_999, 'read'))).toEqual([
      404,
      EduMessage.curriculumNotFound,
    ]);
  });

  it('answers a material or a lesson only under its own lecture', async () => {
    const { db } = handle;
    const material = await db
      .insertInto('textbooks')
      .values({
        curriculum_id: lecture1,
        type: 'POD',
        builtin_textbook_id: null,
        title: 'Sheet',
        section: 3,
        owner: 27,
        book: 5001,
        ncode_start_page: 1,
        ncode_end_page: 2,
        num_pages: 2,
        pdf_sha256: null,
        nproj_sha256: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lesson = await db
      .insertInto('courses')
      .values({
        curriculum_id: lecture1,
        tag: '1',
        title: 'Lesson',
        start_at: new Date(Date.UTC(2025, 2, 3, 9)),
        end_at: new Date(Date.UTC(2025, 2, 3, 10)),
        session_id: null,
        session_status: null,
        edu_course_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await textbookOf(db, lecture1, material.id)).toMatchObject({ id: material.id, title: 'Sheet' });
    expect(await refusal(() => textbookOf(db, lectureB, material.id))).toEqual([
      404,
      EduMessage.textbookNotFound,
    ]);
    expect(await courseOf(db, lecture1, lesson.id)).toMatchObject({ id: lesson.id, title: 'Lesson' });
    expect(await refusal(() => courseOf(db, lectureB, lesson.id))).toEqual([404, EduMessage.courseNotFound]);
    expect(await refusal(() => courseOf(db, lecture1, 999_999))).toEqual([404, EduMessage.courseNotFound]);
  });
});
