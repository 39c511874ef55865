import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { migrateTo } from '../db/migrate';

async function columns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by column_name`.execute(db);
  return r.rows.map((row) => row.name);
}

describeEachDatabase('migration 0010_edu_activity', (kind) => {
  let handle: DatabaseHandle;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    handle = await createTestDatabase(kind, { migrated: false });
    db = handle.db as unknown as Kysely<unknown>;
    await migrateTo(db, '0003_education');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it('adds attachment names and the watch log, and takes them away again', async () => {
    await migrateTo(db, '0010_edu_activity');
    expect(await columns(db, 'textbooks')).toEqual(expect.arrayContaining(['pdf_name', 'nproj_name']));
    expect(await columns(db, 'watch_events')).toEqual([
      'at',
      'category',
      'content_id',
      'content_type',
      'created_at',
      'duration_ms',
      'file_name',
      'id',
      'kind',
      'student_id',
      'url',
    ]);
    await sql`insert into accounts (id, kind, username, name) values ('s1', 'student', 's1', 'S')`.execute(
      db,
    );
    await sql`insert into watch_events (student_id, file_name, kind, at, content_id)
      values ('s1', 'f', 'watch', now(), 'a_b_1')`.execute(db);
    await expect(
      sql`insert into watch_events (student_id, file_name, kind, at, content_id)
        values ('s1', 'f', 'look', now(), 'x')`.execute(db),
    ).rejects.toThrow(/check/i);
    await sql`delete from accounts where id = 's1'`.execute(db);
    const left = await sql<{ n: number }>`select count(*)::int as n from watch_events`.execute(db);
    expect(left.rows[0]!.n).toBe(0);

    await migrateTo(db, '0003_education');
    expect(await columns(db, 'watch_events')).toEqual([]);
    expect(await columns(db, 'textbooks')).not.toContain('pdf_name');
  });
});
