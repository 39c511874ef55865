/** What a server process does to its database before serving: migrate, then seed. */
import type { Clock } from '@dotink/ncode';
import { sql } from 'kysely';
import { seedDatabase } from '../seed/index';
import type { DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';

/**
 * The session-level advisory lock key (any fixed bigint; "dotink" in ASCII) serialising the
 * start of server processes on one PostgreSQL database.
 */
export const STARTUP_LOCK_KEY = 0x646f74696e6bn;

/**
 * Migrates to the newest schema and writes the seed (see {@link seedDatabase}). On PostgreSQL
 * several processes may start at once on one (empty) database: the first takes an advisory
 * lock on one connection for the whole of it, the others wait for it and then find the schema
 * migrated and the demo seeded (its "database is empty" check then answers no). Without it two
 * processes race to create the migration table and both seed the demo. PGlite is one process.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { demo: boolean; schoolOnly?: boolean; clock: Clock },
): Promise<void> {
  const prepare = async () => {
    await migrateToLatest(database.db);
    await seedDatabase(database.db, options);
  };
  if (database.kind !== 'postgres') return prepare();
  // The lock's connection stays held (idle) while the work runs on the pool's other connections.
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY}::bigint)`.execute(connection);
    try {
      await prepare();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
}
