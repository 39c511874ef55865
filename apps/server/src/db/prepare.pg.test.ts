/**
 * PostgreSQL only: three server processes starting at once on one empty database (each with its
 * own pool, as `npm run start:cluster` does) migrate it once and seed the demo once.
 */

import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { describePostgres } from '../../test/harness';
import { createPostgresDatabase } from '../../test/postgresDatabase';
import { systemClock } from '../app';
import { DEMO_ADMIN, demoSchool } from '../seed/demo';
import { type DatabaseHandle, openDatabase } from './database';
import { prepareDatabase } from './prepare';

describePostgres('three processes starting at once on an empty database', (adminUrl) => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('migrates and seeds once: every start succeeds and the demo school exists once', async () => {
    const { url, drop } = await createPostgresDatabase(adminUrl);
    closers.push(drop);
    const handles: DatabaseHandle[] = [];
    for (let i = 0; i < 3; i++) {
      const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
      handles.push(handle);
      closers.push(() => handle.close());
    }
    const results = await Promise.allSettled(
      handles.map((h) => prepareDatabase(h, { demo: true, clock: systemClock })),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const db = handles[0]!.db;
    const schools = await sql<{ n: number }>`
      select count(*)::int as n from schools where school_code = ${demoSchool.schoolCode}`.execute(db);
    expect(schools.rows[0]!.n).toBe(1);
    const admins = await sql<{ n: number }>`
      select count(*)::int as n from accounts where username = ${DEMO_ADMIN}`.execute(db);
    expect(admins.rows[0]!.n).toBe(1);
    const migrations = await sql<{ n: number; d: number }>`
      select count(*)::int as n, count(distinct name)::int as d from kysely_migration`.execute(db);
    expect(migrations.rows[0]!.n).toBe(migrations.rows[0]!.d);
  });
});
