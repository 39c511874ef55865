/**
 * `npm run --workspace apps/server import-schools -- file.csv`: loads a school registry CSV
 * (see `schoolRegistry.ts` for the columns) into the configured database (DATABASE_URL, else
 * the embedded one under DATA_DIR), migrating it first. Prints what was added, updated and
 * skipped. A relative file path is taken from where npm was started.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, type ServerConfig } from '../../config';
import { type DatabaseHandle, databaseTarget, openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { decodeRegistryBytes, readRegistryCsv, upsertSchools } from './schoolRegistry';

export interface ImportRun {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where a relative file path starts (npm's INIT_CWD: where the command was typed). */
  readonly cwd: string;
  /** Where relative configured directories start (the server's, as for `npm start`). */
  readonly configCwd: string;
  readonly log: (line: string) => void;
  /** Opens the database of a configuration (tests pass their own). */
  readonly open?: (config: ServerConfig) => Promise<DatabaseHandle>;
}

const USAGE = 'usage: npm run --workspace apps/server import-schools -- <registry.csv>';

/** Runs the import; answers the process exit code. */
export async function runImportSchools(run: ImportRun): Promise<number> {
  const files = run.argv.filter((a) => !a.startsWith('-'));
  if (files.length !== 1 || run.argv.includes('--help') || run.argv.includes('-h')) {
    run.log(USAGE);
    return files.length === 1 ? 0 : 2;
  }
  const path = resolve(run.cwd, files[0]!);
  let parsed: ReturnType<typeof readRegistryCsv>;
  try {
    parsed = readRegistryCsv(decodeRegistryBytes(new Uint8Array(readFileSync(path))));
  } catch (error) {
    run.log(`import-schools: ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const config = loadConfig(run.env, run.configCwd);
  const database = await (run.open ?? ((c) => openDatabase(databaseTarget(c))))(config);
  try {
    await migrateToLatest(database.db);
    const { added, updated } = await upsertSchools(database.db, parsed.schools);
    run.log(`import-schools: ${added} added, ${updated} updated, ${parsed.skipped.length} skipped (${path})`);
    for (const s of parsed.skipped.slice(0, 20)) run.log(`  line ${s.line}: ${s.reason}`);
    if (parsed.skipped.length > 20) run.log(`  … and ${parsed.skipped.length - 20} more`);
    return 0;
  } finally {
    await database.close();
  }
}
