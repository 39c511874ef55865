/** What `npm start` writes into the database after migrating. */
import type { Clock } from '@dotink/ncode';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { upsertBuiltinTextbooks } from './builtinTextbooks';
import { type DemoSeed, databaseIsEmpty, seedDemo, seedDemoSchool } from './demo';

/**
 * Writes reference data always, and the demo when asked and the database is empty: the whole demo,
 * or (`schoolOnly`) the demo school and its administrator alone.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  options: { demo: boolean; schoolOnly?: boolean; clock: Clock },
): Promise<DemoSeed | undefined> {
  await upsertBuiltinTextbooks(db);
  if (!options.demo || !(await databaseIsEmpty(db))) return undefined;
  if (options.schoolOnly) {
    await seedDemoSchool(db);
    return undefined;
  }
  return seedDemo(db, options.clock);
}
