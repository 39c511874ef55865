import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from './database';

describeEachDatabase('database', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it('runs concurrent transactions and queries without mixing them', async () => {
    const { db } = handle;
    await db.insertInto('server_secrets').values({ name: 'counter', value: '0' }).execute();
    const bump = () =>
      db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('server_secrets')
          .select('value')
          .where('name', '=', 'counter')
          .forUpdate()
          .executeTakeFirstOrThrow();
        await sql`select pg_sleep(0.005)`.execute(tx);
        await tx
          .updateTable('server_secrets')
          .set({ value: JSON.stringify(Number(row.value) + 1) })
          .where('name', '=', 'counter')
          .execute();
      });
    const failing = db
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto('server_secrets').values({ name: 'rolled-back', value: '1' }).execute();
        throw new Error('abort');
      })
      .catch((e: Error) => e.message);
    const reads = Array.from({ length: 5 }, () => db.selectFrom('server_secrets').select('name').execute());
    const results = await Promise.all([...Array.from({ length: 8 }, bump), failing, ...reads]);
    expect(results[8]).toBe('abort');
    const final = await db
      .selectFrom('server_secrets')
      .selectAll()
      .where('name', 'in', ['counter', 'rolled-back'])
      .execute();
    expect(final.map((r) => [r.name, r.value])).toEqual([['counter', 8]]);
  });

  it('answers counts as numbers when cast', async () => {
    const r = await sql<{ n: number }>`select count(*)::int as n from server_secrets`.execute(handle.db);
    expect(typeof r.rows[0]!.n).toBe('number');
  });
});
