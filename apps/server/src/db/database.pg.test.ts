/**
 * PostgreSQL only (runs when TEST_DATABASE_URL is set, `describePostgres`): a pooled connection
 * the server loses while idle is reported and replaced, and the process goes on.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { describePostgres } from '../../test/harness';
import { createPostgresDatabase } from '../../test/postgresDatabase';
import { type DatabaseHandle, openDatabase } from './database';

describePostgres('a pooled connection lost while idle', (adminUrl) => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('reports an idle connection the server ended, and answers the next query on a new one', async () => {
    const { url, drop } = await createPostgresDatabase(adminUrl);
    closers.push(drop);
    const lost: Error[] = [];
    const handle: DatabaseHandle = await openDatabase({
      kind: 'postgres',
      url,
      maxConnections: 2,
      onIdleError: (error) => lost.push(error),
    });
    closers.push(() => handle.close());
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    const pid = before.rows[0]!.pid;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => lost.length, { timeout: 5000 }).toBe(1);
    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    expect(after.rows[0]!.pid).not.toBe(pid);
  });
});
