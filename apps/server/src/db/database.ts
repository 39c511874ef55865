/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, else the embedded PGlite
 * (a WASM PostgreSQL) in a data directory or loaded from a dump. One SQL dialect for both.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database; close it exactly once (a PGlite left open keeps the process alive). */
export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { readonly kind: 'postgres'; readonly url: string; readonly maxConnections?: number }
  | { readonly kind: 'pglite'; readonly dataDir?: string; readonly loadDataDir?: Blob };

/** Opens a database and waits until it answers. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      async close() {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pglite = new PGlite({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  await pglite.waitReady;
  // One PGlite session: Kysely lets one caller hold it at a time (its adapter declares no
  // multiple connections), so concurrent requests' transactions never mix.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** The database a configuration names: `DATABASE_URL`, else PGlite under `DATA_DIR/db`. */
export function databaseTarget(config: { databaseUrl?: string; pgliteDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.pgliteDir };
}
