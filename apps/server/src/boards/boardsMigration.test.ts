import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, fails, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { migrateTo } from '../db/migrate';

describeEachDatabase('migration 0030_boards', (kind) => {
  let handle: DatabaseHandle;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db as unknown as Kysely<unknown>;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it('keeps boards per account, a file or a tombstone, and goes down and up again', async () => {
    await sql`insert into accounts (id, kind, username, name) values ('t1', 'teacher', 't1@x', 'T')`.execute(
      db,
    );
    await sql`insert into boards (account_id, id, title, version, sha256, size_bytes) values ('t1', 'b', 'B', 1, 'ab', 2)`.execute(
      db,
    );
    expect(
      await fails(
        sql`insert into boards (account_id, id, title, version, sha256) values ('t1', 'b', 'B', 1, 'c')`.execute(
          db,
        ),
      ),
    ).toMatch(/duplicate|unique/i);
    // a live board has a file; a tombstone has none
    expect(
      await fails(
        sql`insert into boards (account_id, id, title, version) values ('t1', 'c', 'C', 1)`.execute(db),
      ),
    ).toMatch(/boards_file_or_tombstone/);
    expect(
      await fails(
        sql`insert into boards (account_id, id, title, version, sha256) values ('t1', 'd', 'D', 0, 'x')`.execute(
          db,
        ),
      ),
    ).toMatch(/check/i);
    await sql`delete from accounts where id = 't1'`.execute(db);
    const left = await sql<{ n: number }>`select count(*)::int as n from boards`.execute(db);
    expect(left.rows[0]!.n).toBe(0);
    await migrateTo(db, '0021_code_issuing');
    expect(await fails(sql`select 1 from boards`.execute(db))).toMatch(/does not exist/);
    await migrateTo(db, '0030_boards');
    await sql`select 1 from boards`.execute(db);
  });
});
