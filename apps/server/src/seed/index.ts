/** What `npm start` writes into the database after migrating. */
import type { Clock } from '@dotink/ncode';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { upsertBuiltinTextbooks } from './builtinTextbooks';
import { type DemoSeed, databaseIsEmpty, seedDemo } from './demo';

/** Writes reference data always, and the demo when asked and the database is empty. */
export async function seedDatabase(
  db: Kysely<Database>,
  options: { demo: boolean; clock: Clock },
): Promise<DemoSeed | undefined> {
  await upsertBuiltinTextbooks(db);
  if (!options.demo || !(await databaseIsEmpty(db))) return undefined;
  return seedDemo(db, options.clock);
}
