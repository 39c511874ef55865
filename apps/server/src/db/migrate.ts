/** Runs the numbered migrations of `migrations/` (Kysely's migrator, with its lock table). */
import type { Kysely } from 'kysely';
import { type MigrationResult, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { migrations } from './migrations/index';
import type { Database } from './schema';

/** A migrator over the built-in migration list. */
export function createMigrator(db: Kysely<Database> | Kysely<unknown>): Migrator {
  return new Migrator({
    db: db as Kysely<unknown>,
    provider: { getMigrations: async () => ({ ...migrations }) },
  });
}

/** Brings the schema to the newest migration; throws on the first failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<readonly MigrationResult[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw new Error(`database migration failed: ${String(error)}`, { cause: error });
  return results ?? [];
}

/** Moves the schema to a named migration (or to none), up or down. */
export async function migrateTo(
  db: Kysely<Database> | Kysely<unknown>,
  target: string | typeof NO_MIGRATIONS,
): Promise<readonly MigrationResult[]> {
  const { error, results } = await createMigrator(db).migrateTo(target);
  if (error) throw new Error(`database migration failed: ${String(error)}`, { cause: error });
  return results ?? [];
}

export { NO_MIGRATIONS };
