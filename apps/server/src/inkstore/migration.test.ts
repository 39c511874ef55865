import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';

describeEachDatabase('migrations 0020 ink store, 0021 code issuing, 0031 ink store keys', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  const insertStroke = (student: string, startTime: number) =>
    sql`insert into ink_strokes (student_id, section, owner, book, page, writer_id, mac, start_time, upload_id,
          uploaded_at, created_at, color, pen_tip_type, stroke_type, thickness, updated, delete_flag, dot_count, dots)
        values (${student}, 3, 1, 2, 4, ${student}, 'AA', ${startTime}, 1, now(), now(), -16777216, 0, 0, 0.2,
          ${startTime}, 0, 1, decode(${'00'.repeat(17)}, 'hex'))
        on conflict on constraint ink_strokes_key do nothing
        returning id`.execute(handle.db);

  it('keeps one row per stroke key, and deletes an account’s strokes with the account', async () => {
    await sql`insert into accounts (id, kind, username, name) values ('s-m1', 'student', 's-m1', 'A'), ('s-m2', 'student', 's-m2', 'B')`.execute(
      handle.db,
    );
    expect((await insertStroke('s-m1', 1000)).rows).toHaveLength(1);
    expect((await insertStroke('s-m1', 1000)).rows).toHaveLength(0);
    expect((await insertStroke('s-m1', 1001)).rows).toHaveLength(1);
    expect((await insertStroke('s-m2', 1000)).rows).toHaveLength(1);
    await sql`delete from accounts where id = 's-m1'`.execute(handle.db);
    const left = await sql<{ student_id: string }>`select student_id from ink_strokes`.execute(handle.db);
    expect(left.rows).toEqual([{ student_id: 's-m2' }]);
  });

  it('0031: two indexes — (student, id) and the stroke key led by start time — text keys byte-wise', async () => {
    const keys = await sql<{ name: string; def: string }>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'ink_strokes'::regclass and contype in ('p', 'u') order by conname`.execute(handle.db);
    expect(keys.rows).toEqual([
      {
        name: 'ink_strokes_key',
        def: 'UNIQUE (start_time, student_id, section, owner, book, page, writer_id, mac)',
      },
      { name: 'ink_strokes_pkey', def: 'PRIMARY KEY (student_id, id)' },
    ]);
    // The two of 0031, and 0043's (student_id, start_time) for the live lesson's roster.
    const indexes = await sql<{ name: string }>`
      select indexname as name from pg_indexes where tablename = 'ink_strokes' order by indexname`.execute(
      handle.db,
    );
    expect(indexes.rows.map((r) => r.name)).toEqual([
      'ink_strokes_key',
      'ink_strokes_pkey',
      'ink_strokes_student_start_idx',
    ]);
    const collations = await sql<{ name: string; coll: string }>`
      select a.attname as name, c.collname as coll from pg_attribute a join pg_collation c on c.oid = a.attcollation
      where a.attrelid = 'ink_strokes'::regclass and a.attname in ('student_id', 'writer_id', 'mac')
      order by a.attname`.execute(handle.db);
    expect(collations.rows).toEqual([
      { name: 'mac', coll: 'C' },
      { name: 'student_id', coll: 'C' },
      { name: 'writer_id', coll: 'C' },
    ]);
  });

  it('starts the code pointer at 0.27.667.1 and allows one pointer row only', async () => {
    const row = await sql<{
      p: string;
    }>`select section || '.' || owner || '.' || book || '.' || page as p from code_pointer`.execute(
      handle.db,
    );
    expect(row.rows).toEqual([{ p: '0.27.667.1' }]);
    await expect(
      sql`insert into code_pointer (id, section, owner, book, page) values (2, 0, 0, 0, 1)`.execute(
        handle.db,
      ),
    ).rejects.toThrow(/check/i);
  });
});
