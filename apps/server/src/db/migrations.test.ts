import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, fails, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from './database';
import { migrateTo, migrateToLatest, NO_MIGRATIONS } from './migrate';
import { migrations } from './migrations/index';

async function tables(db: Kysely<unknown>): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(db);
  return r.rows.map((row) => row.name);
}

describeEachDatabase('migrations', (kind) => {
  let handle: DatabaseHandle;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    handle = await createTestDatabase(kind, { migrated: false });
    db = handle.db as unknown as Kysely<unknown>;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it('are numbered in order', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    // Numbers rise strictly, in the order they were written (a database that ran the newest
    // refuses any migration named before it).
    const numbers = names.map((n) => Number(n.slice(0, 4)));
    expect(numbers.every((n, i) => Number.isInteger(n) && (i === 0 || n > numbers[i - 1]!))).toBe(true);
  });

  it('starts from an empty schema', async () => {
    expect(await tables(db)).toEqual([]);
  });

  it('0001_identity: schools, accounts, identities and login attempts with their constraints', async () => {
    await migrateTo(db, '0001_identity');
    expect(await tables(db)).toEqual(['account_identities', 'accounts', 'login_attempts', 'schools']);
    const school = await sql<{ id: number }>`
      insert into schools (name, edu_office_code, school_type_code, school_code)
      values ('S', 'B10', '0', '1') returning id`.execute(db);
    const schoolId = school.rows[0]!.id;
    await sql`insert into accounts (id, kind, username, name, school_id) values ('t1', 'teacher', 'a@b', 'A', ${schoolId})`.execute(
      db,
    );
    const row = await sql<{ status: string; is_school_admin: boolean }>`
      select status, is_school_admin from accounts where id = 't1'`.execute(db);
    expect(row.rows[0]).toEqual({ status: 'PENDING_ACTIVE', is_school_admin: false });
    expect(
      await fails(
        sql`insert into accounts (id, kind, username, name) values ('t2', 'teacher', 'a@b', 'B')`.execute(db),
      ),
    ).toMatch(/unique|duplicate/i);
    expect(
      await fails(
        sql`insert into accounts (id, kind, username, name) values ('t3', 'parent', 'c', 'C')`.execute(db),
      ),
    ).toMatch(/check/i);
    expect(
      await fails(
        sql`insert into schools (name, edu_office_code, school_type_code, school_code) values ('T', 'B10', '0', '1')`.execute(
          db,
        ),
      ),
    ).toMatch(/unique|duplicate/i);
    await sql`insert into account_identities (issuer, subject, account_id) values ('https://g', 'sub', 't1')`.execute(
      db,
    );
    await sql`delete from accounts where id = 't1'`.execute(db);
    const left = await sql<{ n: number }>`select count(*)::int as n from account_identities`.execute(db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('0002_oidc: provider payloads keyed by model and id, server secrets', async () => {
    await migrateTo(db, '0002_oidc');
    expect(await tables(db)).toEqual(expect.arrayContaining(['oidc_payloads', 'server_secrets']));
    await sql`insert into oidc_payloads (model, id, payload) values ('Session', 'x', '{"a":1}'::jsonb)`.execute(
      db,
    );
    await sql`insert into oidc_payloads (model, id, payload) values ('Grant', 'x', '{}'::jsonb)`.execute(db);
    expect(
      await fails(
        sql`insert into oidc_payloads (model, id, payload) values ('Session', 'x', '{}'::jsonb)`.execute(db),
      ),
    ).toMatch(/unique|duplicate/i);
    const payload = await sql<{ payload: { a: number } }>`
      select payload from oidc_payloads where model = 'Session' and id = 'x'`.execute(db);
    expect(payload.rows[0]!.payload).toEqual({ a: 1 });
    await sql`insert into server_secrets (name, value) values ('k', '["v"]'::jsonb)`.execute(db);
  });

  it('0003_education: catalogue, classes, students, lectures, materials and lessons', async () => {
    await migrateTo(db, '0003_education');
    expect(await tables(db)).toEqual(
      expect.arrayContaining([
        'builtin_textbooks',
        'classes',
        'courses',
        'curriculums',
        'students',
        'textbooks',
      ]),
    );
    const school = await sql<{ id: number }>`
      insert into schools (name, edu_office_code, school_type_code, school_code)
      values ('E', 'B10', '0', '2') returning id`.execute(db);
    const schoolId = school.rows[0]!.id;
    await sql`insert into accounts (id, kind, username, name) values ('t9', 'teacher', 't9', 'T'), ('s9', 'student', 's9', 'S')`.execute(
      db,
    );
    const cls = await sql<{ id: number }>`
      insert into classes (school_id, teacher_id, year, grade, class_num, class_name)
      values (${schoolId}, 't9', 2025, 3, 1, '3-1') returning id`.execute(db);
    const classId = cls.rows[0]!.id;
    expect(
      await fails(
        sql`insert into classes (school_id, year, grade, class_num, class_name) values (${schoolId}, 2025, 3, 1, 'again')`.execute(
          db,
        ),
      ),
    ).toMatch(/unique|duplicate/i);
    await sql`insert into students (account_id, class_id, num, name) values ('s9', ${classId}, 1, 'Pupil')`.execute(
      db,
    );
    const student = await sql<{ mac_address: string; delete_yn: string }>`
      select mac_address, delete_yn from students where account_id = 's9'`.execute(db);
    expect(student.rows[0]).toEqual({ mac_address: '00:00:00:00:00:00', delete_yn: 'N' });
    expect(await fails(sql`update students set delete_yn = 'X'`.execute(db))).toMatch(/check/i);
    const cur = await sql<{ id: number }>`
      insert into curriculums (class_id, teacher_id, title) values (${classId}, 't9', 'Math') returning id`.execute(
      db,
    );
    const curriculumId = cur.rows[0]!.id;
    expect(
      await fails(
        sql`insert into courses (curriculum_id, tag, title, description, start_at, end_at)
            values (${curriculumId}, 'L', 'T', ${'x'.repeat(41)}, now(), now())`.execute(db),
      ),
    ).toMatch(/too long|value too long/i);
    await sql`insert into textbooks (curriculum_id, type, title, section, owner, book, ncode_start_page, ncode_end_page, num_pages)
              values (${curriculumId}, 'POD', 'PDF', 3, 27, 1068, 1, 10, 10)`.execute(db);
    await sql`delete from curriculums where id = ${curriculumId}`.execute(db);
    const orphans = await sql<{ n: number }>`select count(*)::int as n from textbooks`.execute(db);
    expect(orphans.rows[0]!.n).toBe(0);
  });

  it('0031_ink_store_keys: upgrades a database that ran every earlier migration, keeping its strokes', async () => {
    await migrateTo(db, '0030_boards');
    await sql`insert into accounts (id, kind, username, name) values ('s-up', 'student', 's-up', 'S')`.execute(
      db,
    );
    await sql`insert into ink_strokes (student_id, section, owner, book, page, writer_id, mac, start_time, upload_id,
          uploaded_at, created_at, color, pen_tip_type, stroke_type, thickness, updated, delete_flag, dot_count, dots)
        values ('s-up', 3, 1, 2, 4, 's-up', 'AA', 1000, 1, now(), now(), -16777216, 0, 0, 0.2, 1000, 0, 1,
          decode(${'00'.repeat(17)}, 'hex'))`.execute(db);
    await migrateTo(db, '0031_ink_store_keys');
    const rows = await sql<{ student_id: string; start_time: string }>`
      select student_id, start_time::text as start_time from ink_strokes`.execute(db);
    expect(rows.rows).toEqual([{ student_id: 's-up', start_time: '1000' }]);
    await sql`delete from accounts where id = 's-up'`.execute(db);
  });

  it("0032_student_pen_password: a pupil's label password, null for the initial one, 1-64 characters", async () => {
    await migrateTo(db, '0031_ink_store_keys');
    const school = await sql<{ id: number }>`
      insert into schools (name, edu_office_code, school_type_code, school_code)
      values ('S32', 'B10', '0', '32') returning id`.execute(db);
    const klass = await sql<{ id: number }>`
      insert into classes (school_id, year, grade, class_num, class_name)
      values (${school.rows[0]!.id}, 2025, 3, 1, '3-1') returning id`.execute(db);
    await sql`insert into accounts (id, kind, username, name) values ('s-32', 'student', 's-32', 'S')`.execute(
      db,
    );
    await sql`insert into students (account_id, class_id, num, name) values ('s-32', ${klass.rows[0]!.id}, 1, 'S')`.execute(
      db,
    );
    await migrateTo(db, '0032_student_pen_password');
    const before = await sql<{ p: string | null }>`
      select pen_password as p from students where account_id = 's-32'`.execute(db);
    expect(before.rows).toEqual([{ p: null }]);
    await sql`update students set pen_password = 'K7QM2XPA' where account_id = 's-32'`.execute(db);
    expect(
      await fails(sql`update students set pen_password = '' where account_id = 's-32'`.execute(db)),
    ).toMatch(/check/i);
    await migrateTo(db, '0031_ink_store_keys');
    await migrateTo(db, '0032_student_pen_password');
    await sql`delete from students where account_id = 's-32'`.execute(db);
    await sql`delete from accounts where id = 's-32'`.execute(db);
    await sql`delete from classes where id = ${klass.rows[0]!.id}`.execute(db);
    await sql`delete from schools where id = ${school.rows[0]!.id}`.execute(db);
  });

  it("0043_ink_live_index: a pupil's strokes by start time, read backwards by the live roster", async () => {
    await migrateTo(db, '0043_ink_live_index');
    const indexes = await sql<{ def: string }>`
      select indexdef as def from pg_indexes where indexname = 'ink_strokes_student_start_idx'`.execute(db);
    expect(indexes.rows.map((r) => r.def.replace(/^.* USING /, ''))).toEqual([
      'btree (student_id, start_time)',
    ]);
    await migrateTo(db, '0042_ink_book_facts');
    const gone =
      await sql`select 1 from pg_indexes where indexname = 'ink_strokes_student_start_idx'`.execute(db);
    expect(gone.rows).toEqual([]);
  });

  it('0045_oneroster_ids: a class sourcedId is unique within its school, null for classes registered here', async () => {
    await migrateTo(db, '0045_oneroster_ids');
    const school = await sql<{ id: number }>`
      insert into schools (name, edu_office_code, school_type_code, school_code)
      values ('S45', 'B10', '0', '45') returning id`.execute(db);
    const schoolId = school.rows[0]!.id;
    await sql`insert into classes (school_id, year, grade, class_num, class_name, oneroster_id)
      values (${schoolId}, 2026, 3, 1, '3-1', 'c-1'), (${schoolId}, 2026, 3, 2, '3-2', null),
             (${schoolId}, 2026, 3, 3, '3-3', null)`.execute(db);
    expect(
      await fails(
        sql`insert into classes (school_id, year, grade, class_num, class_name, oneroster_id)
          values (${schoolId}, 2026, 3, 4, '3-4', 'c-1')`.execute(db),
      ),
    ).toMatch(/unique|duplicate/i);
    await migrateTo(db, '0044_book_facts_own_writing');
    const columns = await sql<{ n: string }>`
      select column_name as n from information_schema.columns where column_name = 'oneroster_id'`.execute(db);
    expect(columns.rows).toEqual([]);
    await sql`delete from classes where school_id = ${schoolId}`.execute(db);
    await sql`delete from schools where id = ${schoolId}`.execute(db);
  });

  it('go all the way down and up again', async () => {
    await migrateTo(db, NO_MIGRATIONS);
    expect(await tables(db)).toEqual([]);
    const results = await migrateToLatest(handle.db);
    expect(results.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });
});
