/**
 * The demo seeded into an empty database by `npm start`: a school, an ACTIVE school-admin
 * teacher, a PENDING teacher, a class of 30 pupils with pen addresses, a lecture with the
 * class's textbook and the notebook, and two lessons, and the writing of pupils 1–6 in the past
 * lesson (simulated pens, `inkstore/demoInk.ts`); the demo units of book 1191 (`demoUnits.ts`) and
 * the study history of pupils 1–7 for the analytics (`demoAnalytics.ts`, figures in `DEMO_FIGURES`).
 */
import { LESSON_STEP_MS } from '@dotink/contracts/lessonRules';
import type { Clock } from '@dotink/ncode';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoEducation } from '../edu/demoData';
import { newStudentId, newTeacherId } from '../identity/accounts';
import { hashPassword } from '../identity/passwords';
import { demoWriting, seedDemoInk } from '../inkstore/demoInk';
import { builtinTextbookForGrade, builtinTextbooks } from './builtinTextbooks';
import { seedDemoAnalytics } from './demoAnalytics';
import { DEMO_UNITS, DEMO_UNITS_BOOK_ID } from './demoUnits';

/** A login printed at start. */
export interface DemoLogin {
  readonly role: string;
  readonly username: string;
  readonly password: string;
}

export interface DemoSeed {
  readonly schoolId: number;
  readonly adminId: string;
  readonly pendingTeacherId: string;
  readonly classId: number;
  readonly studentIds: readonly string[];
  readonly curriculumId: number;
  readonly logins: readonly DemoLogin[];
}

export const DEMO_PASSWORD = 'dotink-demo';
export const DEMO_ADMIN = 'admin@demo.dotink.dev';
export const DEMO_PENDING_TEACHER = 'pending@demo.dotink.dev';

export const demoSchool = {
  name: '도트잉크 초등학교',
  eduOfficeCode: 'B10',
  schoolTypeCode: '0',
  schoolCode: '7010001',
} as const;

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '하은',
  '시우',
  '지유',
  '주원',
  '서윤',
  '하준',
  '지아',
  '예준',
  '수아',
  '유찬',
];

/** A Korean pupil name for pupil `n` (deterministic). */
export function demoPupilName(n: number): string {
  return `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n * 7) % GIVEN.length]}`;
}

/** A pen address for pupil `n`: a Neo smartpen-like prefix and the number. */
export function demoPenAddress(n: number): string {
  const hex = (v: number) => v.toString(16).toUpperCase().padStart(2, '0');
  return `9C:7B:D2:10:${hex(n >> 8)}:${hex(n & 0xff)}`;
}

/** True when the database holds no account yet. */
export async function databaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const { n } = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n) === 0;
}

async function insertDemoSchool(tx: Kysely<Database>): Promise<number> {
  const school = await tx
    .insertInto('schools')
    .values({
      name: demoSchool.name,
      edu_office_code: demoSchool.eduOfficeCode,
      school_type_code: demoSchool.schoolTypeCode,
      school_code: demoSchool.schoolCode,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return school.id;
}

/**
 * Seeds the demo school and its ACTIVE administrator only (`SEED_DEMO=school`): a district's first
 * day, where every teacher signs up, and classes and pupils are still to be made.
 */
export async function seedDemoSchool(db: Kysely<Database>): Promise<{ schoolId: number; adminId: string }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (tx) => {
    const schoolId = await insertDemoSchool(tx);
    const adminId = newTeacherId();
    await tx
      .insertInto('accounts')
      .values({
        id: adminId,
        kind: 'teacher',
        username: DEMO_ADMIN,
        name: '김도트 선생님',
        email: DEMO_ADMIN,
        password_hash: passwordHash,
        status: 'ACTIVE',
        is_school_admin: true,
        school_id: schoolId,
      })
      .execute();
    return { schoolId, adminId };
  });
}

/** Seeds the demo in one transaction. Call on an empty database (see {@link databaseIsEmpty}). */
export async function seedDemo(db: Kysely<Database>, clock: Clock, pupils = 30): Promise<DemoSeed> {
  const now = new Date(clock.nowMs());
  const year = now.getFullYear();
  const teacherHash = await hashPassword(DEMO_PASSWORD);
  const studentIds = Array.from({ length: pupils }, () => newStudentId());
  const studentHashes = await Promise.all(studentIds.map((id) => hashPassword(id)));

  const seed = await db.transaction().execute(async (tx) => {
    const school = { id: await insertDemoSchool(tx) };

    const adminId = newTeacherId();
    const pendingTeacherId = newTeacherId();
    await tx
      .insertInto('accounts')
      .values([
        {
          id: adminId,
          kind: 'teacher',
          username: DEMO_ADMIN,
          name: '김도트 선생님',
          email: DEMO_ADMIN,
          password_hash: teacherHash,
          status: 'ACTIVE',
          is_school_admin: true,
          school_id: school.id,
        },
        {
          id: pendingTeacherId,
          kind: 'teacher',
          username: DEMO_PENDING_TEACHER,
          name: '이잉크 선생님',
          email: DEMO_PENDING_TEACHER,
          password_hash: teacherHash,
          status: 'PENDING_ACTIVE',
          is_school_admin: false,
          school_id: school.id,
        },
      ])
      .execute();

    const grade = 3;
    const bookId = builtinTextbookForGrade(grade);
    const klass = await tx
      .insertInto('classes')
      .values({
        school_id: school.id,
        teacher_id: adminId,
        year,
        grade,
        class_num: 1,
        class_name: `${year}학년도 ${grade}학년 1반`,
        semester: 1,
        builtin_textbook_id: bookId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    if (studentIds.length > 0) {
      await tx
        .insertInto('accounts')
        .values(
          studentIds.map((id, i) => ({
            id,
            kind: 'student' as const,
            username: id,
            name: demoPupilName(i + 1),
            email: null,
            password_hash: studentHashes[i]!,
            status: 'ACTIVE' as const,
          })),
        )
        .execute();
      await tx
        .insertInto('students')
        .values(
          studentIds.map((id, i) => ({
            account_id: id,
            class_id: klass.id,
            num: i + 1,
            name: demoPupilName(i + 1),
            mac_address: demoPenAddress(i + 1),
          })),
        )
        .execute();
    }

    const curriculum = await tx
      .insertInto('curriculums')
      .values({
        class_id: klass.id,
        teacher_id: adminId,
        subject_id: 1,
        title: `${grade}학년 1반 수학`,
        description: '수학 교과서와 스마트 플레이트 노트',
        start_at: new Date(year, 2, 2),
        end_at: new Date(year, 6, 20),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const books = builtinTextbooks.filter((t) => t.id === bookId || t.id === 9);
    await tx
      .insertInto('textbooks')
      .values(
        books.map((t) => ({
          curriculum_id: curriculum.id,
          type: 'REGULAR' as const,
          builtin_textbook_id: t.id,
          title: t.title,
          section: t.section,
          owner: t.owner,
          book: t.book,
          ncode_start_page: t.firstPage,
          ncode_end_page: t.firstPage + t.numPages - 1,
          num_pages: t.numPages,
        })),
      )
      .execute();

    const day = 86_400_000;
    const hour = 3_600_000;
    // lessons follow the app's own rules (lessonRules): on the 5-minute grid
    const gridNow = Math.floor(now.getTime() / LESSON_STEP_MS) * LESSON_STEP_MS;
    const at = (offsetMs: number) => new Date(gridNow + offsetMs);
    await tx
      .insertInto('courses')
      .values([
        {
          curriculum_id: curriculum.id,
          tag: '1단원 덧셈과 뺄셈',
          title: `${grade}학년 1반 수학`,
          description: '교과서 8~15쪽',
          start_at: at(-day),
          end_at: at(-day + hour),
          status: 'E',
          session_id: `session-${curriculum.id}-1`,
          session_status: 'ACTIVE',
        },
        {
          curriculum_id: curriculum.id,
          tag: '2단원 평면도형',
          title: `${grade}학년 1반 수학`,
          description: '교과서 32~39쪽',
          start_at: at(day),
          end_at: at(day + hour),
          status: 'B',
          session_id: `session-${curriculum.id}-2`,
          session_status: 'ACTIVE',
        },
      ])
      .execute();

    await seedDemoEducation(tx, studentIds, now.getTime());
    // The demo book's clearly labelled demo units (used while no vendor category file exists).
    await tx
      .updateTable('builtin_textbooks')
      .set({ categories: JSON.stringify(DEMO_UNITS) })
      .where('id', '=', DEMO_UNITS_BOOK_ID)
      .execute();

    const firstStudent = studentIds[0];
    return {
      schoolId: school.id,
      adminId,
      pendingTeacherId,
      classId: klass.id,
      studentIds,
      curriculumId: curriculum.id,
      logins: [
        { role: 'school administrator (ACTIVE)', username: DEMO_ADMIN, password: DEMO_PASSWORD },
        { role: 'teacher awaiting approval', username: DEMO_PENDING_TEACHER, password: DEMO_PASSWORD },
        ...(firstStudent
          ? [{ role: 'student (pupil no. 1)', username: firstStudent, password: firstStudent }]
          : []),
      ],
    };
  });
  // Pupils 1–6 wrote in the past lesson (1단원), with their own (simulated) pens.
  await seedDemoInk(db, demoWriting(studentIds, demoPenAddress, now.getTime() - 86_400_000));
  // Pupils 1–7 studied on several demo units over four days of the previous week (analytics).
  await seedDemoAnalytics(db, studentIds, demoPenAddress, now.getTime());
  return seed;
}

/** The demo logins present in the database (empty when the demo was never seeded). */
export async function demoLogins(db: Kysely<Database>): Promise<DemoLogin[]> {
  const admin = await db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', DEMO_ADMIN)
    .executeTakeFirst();
  if (!admin) return [];
  // The demo class is the administrator's first (the seed makes it before any other); its first
  // pupil not deleted. Ordered by number alone, a pupil of a class the administrator registered
  // later could come first (a second process's banner once named one).
  const pupil = await db
    .selectFrom('students')
    .innerJoin('classes', 'classes.id', 'students.class_id')
    .select('students.account_id')
    .where('classes.teacher_id', '=', admin.id)
    .where('students.delete_yn', '=', 'N')
    .where('classes.id', '=', (eb) =>
      eb
        .selectFrom('classes')
        .select((c) => c.fn.min('id').as('id'))
        .where('teacher_id', '=', admin.id),
    )
    .orderBy('students.num')
    .executeTakeFirst();
  // the school-only demo (SEED_DEMO=school) has no pending teacher
  const pending = await db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', DEMO_PENDING_TEACHER)
    .executeTakeFirst();
  return [
    { role: 'school administrator (ACTIVE)', username: DEMO_ADMIN, password: DEMO_PASSWORD },
    ...(pending
      ? [{ role: 'teacher awaiting approval', username: DEMO_PENDING_TEACHER, password: DEMO_PASSWORD }]
      : []),
    ...(pupil
      ? [{ role: 'student (pupil no. 1)', username: pupil.account_id, password: pupil.account_id }]
      : []),
  ];
}
