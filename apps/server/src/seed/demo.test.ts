import { lessonTimesProblem } from '@dotink/contracts/lessonRules';
import { manualClock } from '@dotink/ncode';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { AccountStore } from '../identity/accounts';
import { verifyPassword } from '../identity/passwords';
import { builtinTextbooks } from './builtinTextbooks';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_PENDING_TEACHER, demoLogins, demoPenAddress } from './demo';
import { seedDatabase } from './index';

describeEachDatabase('demo school alone (SEED_DEMO=school)', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);
  const clock = manualClock(Date.UTC(2025, 3, 1, 9, 25));

  it('seeds the school and its administrator, no teacher, class or pupil; the banner names the admin alone', async () => {
    expect(await seedDatabase(handle.db, { demo: true, schoolOnly: true, clock })).toBeUndefined();
    const admin = await new AccountStore(handle.db).findForLogin(DEMO_ADMIN);
    expect(admin?.account).toMatchObject({ status: 'ACTIVE', isSchoolAdmin: true });
    expect(await verifyPassword(admin!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await handle.db.selectFrom('accounts').select('username').execute()).toEqual([
      { username: DEMO_ADMIN },
    ]);
    expect(await handle.db.selectFrom('schools').select('name').execute()).toHaveLength(1);
    expect(await handle.db.selectFrom('classes').select('id').execute()).toEqual([]);
    expect(await handle.db.selectFrom('students').select('account_id').execute()).toEqual([]);
    expect((await demoLogins(handle.db)).map((l) => l.username)).toEqual([DEMO_ADMIN]);
    // once the database holds an account, a start seeds nothing more
    expect(await seedDatabase(handle.db, { demo: true, clock })).toBeUndefined();
    expect(await handle.db.selectFrom('classes').select('id').execute()).toEqual([]);
  });
});

describeEachDatabase('demo seed', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);
  // off the 5-minute grid, as a real start of the server is
  const clock = manualClock(Date.UTC(2025, 3, 1, 9, 26, 13));

  it('writes the nine built-in textbooks of classroom.md §3', async () => {
    await seedDatabase(handle.db, { demo: false, clock });
    const rows = await handle.db.selectFrom('builtin_textbooks').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.section, r.owner, r.book, r.num_pages])).toEqual([
      [1, 3, 1012, 1191, 124],
      [2, 3, 1012, 1192, 108],
      [3, 3, 1012, 1193, 106],
      [4, 3, 1012, 1194, 118],
      [5, 3, 1012, 3033, 100],
      [6, 3, 1012, 3034, 92],
      [7, 3, 1012, 3035, 82],
      [8, 3, 1012, 3036, 81],
      [9, 2050, 1, 1, 500],
    ]);
    expect(rows.filter((r) => r.has_background).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(rows[8]).toMatchObject({ page_margin_left: 0, page_naming: 'number' });
    expect(builtinTextbooks).toHaveLength(9);
    // Without the demo flag, nothing else.
    expect(await handle.db.selectFrom('accounts').select('id').execute()).toEqual([]);
  });

  it('seeds the demo school on an empty database, and only then', async () => {
    const seeded = await seedDatabase(handle.db, { demo: true, clock });
    expect(seeded).toBeDefined();
    const accounts = new AccountStore(handle.db);
    const admin = await accounts.findForLogin(DEMO_ADMIN);
    expect(admin?.account).toMatchObject({
      status: 'ACTIVE',
      isSchoolAdmin: true,
      schoolId: seeded!.schoolId,
    });
    expect(await verifyPassword(admin!.passwordHash, DEMO_PASSWORD)).toBe(true);
    const pending = await accounts.findForLogin(DEMO_PENDING_TEACHER);
    expect(pending?.account).toMatchObject({ status: 'PENDING_ACTIVE', isSchoolAdmin: false });

    const pupils = await handle.db
      .selectFrom('students')
      .selectAll()
      .where('class_id', '=', seeded!.classId)
      .orderBy('num')
      .execute();
    expect(pupils).toHaveLength(30);
    expect(pupils.map((p) => p.num)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(pupils.map((p) => p.mac_address)).size).toBe(30);
    expect(pupils[0]!.mac_address).toBe(demoPenAddress(1));
    // A student signs in with the student id as name and password (classroom.md §6).
    const first = await accounts.findForLogin(pupils[0]!.account_id);
    expect(await verifyPassword(first!.passwordHash, pupils[0]!.account_id)).toBe(true);

    const klass = await handle.db.selectFrom('classes').selectAll().executeTakeFirstOrThrow();
    expect(klass).toMatchObject({ year: 2025, grade: 3, class_num: 1, semester: 1, builtin_textbook_id: 1 });
    const books = await handle.db.selectFrom('textbooks').select('builtin_textbook_id').execute();
    expect(books.map((b) => b.builtin_textbook_id).sort()).toEqual([1, 9]);
    const lessons = await handle.db
      .selectFrom('courses')
      .select(['status', 'start_at'])
      .orderBy('start_at')
      .execute();
    expect(lessons.map((l) => l.status)).toEqual(['E', 'B']);
    // The demo lessons follow the app's own rules: on the 5-minute grid, 1 to 5 hours.
    const ends = await handle.db.selectFrom('courses').select(['start_at', 'end_at']).execute();
    for (const l of ends)
      expect(lessonTimesProblem(l.start_at.getTime(), l.end_at.getTime())).toBeUndefined();

    expect((await demoLogins(handle.db)).map((l) => l.username)).toEqual([
      DEMO_ADMIN,
      DEMO_PENDING_TEACHER,
      pupils[0]!.account_id,
    ]);
    expect(await seedDatabase(handle.db, { demo: true, clock })).toBeUndefined();
  });

  it("names the demo class's first pupil in the banner of every process, not a pupil of the admin's other class", async () => {
    const db = handle.db;
    const admin = await db
      .selectFrom('accounts')
      .select(['id', 'school_id'])
      .where('username', '=', DEMO_ADMIN)
      .executeTakeFirstOrThrow();
    const demoClass = await db.selectFrom('classes').select('id').orderBy('id').executeTakeFirstOrThrow();
    const firstOf = async (classId: number) =>
      (
        await db
          .selectFrom('students')
          .select('account_id')
          .where('class_id', '=', classId)
          .where('delete_yn', '=', 'N')
          .orderBy('num')
          .executeTakeFirstOrThrow()
      ).account_id;
    // The administrator registers another class later, its pupils numbered from 0 (the database
    // allows it; any class's pupil 1 ties with the demo's).
    const other = await db
      .insertInto('classes')
      .values({
        school_id: admin.school_id!,
        teacher_id: admin.id,
        year: 2025,
        grade: 4,
        class_num: 2,
        class_name: '4-2',
        semester: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accounts = new AccountStore(db);
    for (const num of [0, 1, 2]) {
      const s = await accounts.createStudent({ name: `Other ${num}` });
      await db
        .insertInto('students')
        .values({ account_id: s.id, class_id: other.id, num, name: s.name })
        .execute();
    }
    // Each process reads the logins again at its start (`main.ts`), the first and a second alike.
    for (let process = 0; process < 2; process++) {
      const pupil = (await demoLogins(db)).find((l) => l.role.startsWith('student'));
      expect(pupil?.username).toBe(await firstOf(demoClass.id));
    }
    // A deleted pupil no. 1 is not offered: the next of the demo class is.
    await db
      .updateTable('students')
      .set({ delete_yn: 'Y' })
      .where('account_id', '=', await firstOf(demoClass.id))
      .execute();
    const next = (await demoLogins(db)).find((l) => l.role.startsWith('student'));
    expect(next?.username).toBe(await firstOf(demoClass.id));
  });
});
