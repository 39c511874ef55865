/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, else the embedded PGlite
 * (a WASM PostgreSQL) in a data directory or loaded from a dump. One SQL dialect for both.
 */
import { mkdirSync } from 'node:fs';
import { type CompiledQuery, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openPGliteWorker } from './pgliteClient';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database; close it exactly once (a PGlite left open keeps the process alive). */
export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  /** PGlite only: see {@link BlobStatement}. */
  readonly withBlob?: BlobStatement;
  /** See {@link CopyIn}. */
  readonly copyIn: CopyIn;
  close(): Promise<void>;
}

/**
 * Stores rows given in PostgreSQL's binary COPY format (see `copyBinary.ts`) into `table`'s
 * `columns` with one COPY statement: all rows or none (a failed COPY stores nothing and throws
 * the database's error, e.g. code 23505 for a duplicate key). Answers the number of rows stored.
 * Runs outside any transaction, like a Kysely query on the same database. On PGlite `data` is
 * handed to the database's worker thread, not copied, when it fills its own buffer: do not use
 * it after the call.
 */
export type CopyIn = (table: string, columns: readonly string[], data: Uint8Array) => Promise<number>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function copyTarget(table: string, columns: readonly string[]): string {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`copyIn: ${JSON.stringify(name)} is not a plain identifier`);
  }
  return `${table} (${columns.join(', ')})`;
}

/**
 * Runs one statement that reads `bytes` from a file: `build(file)` gives the statement, which
 * reads them with `pg_read_binary_file(file)` (the embedded database runs as its superuser). On
 * PGlite this is the cheap way in for a megabyte of bytes — the file lives in its in-memory /tmp
 * and reaches the database in one native copy, where the same bytes as a bytea parameter take
 * ~150 ms and as base64 text ~12 ms. The statement runs alone (PGlite's lock), outside any
 * transaction, exactly like a Kysely query on the same database. `bytes` are handed to the
 * database's worker thread, not copied, when they fill their own buffer: do not use them after
 * the call.
 */
export type BlobStatement = <Row>(
  build: (file: string) => CompiledQuery,
  bytes: Uint8Array,
) => Promise<Row[]>;

export type DatabaseTarget =
  | {
      readonly kind: 'postgres';
      readonly url: string;
      readonly maxConnections?: number;
      /** Told when an idle pooled connection breaks (it is replaced); default: a warning. */
      readonly onIdleError?: (error: Error) => void;
    }
  | { readonly kind: 'pglite'; readonly dataDir?: string; readonly loadDataDir?: Blob };

/** The database at start does not answer: `message` is one line saying what to create or start. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/**
 * One line for an operator whose PostgreSQL refused the first connection: what to create or
 * start, or what to correct in `DATABASE_URL` (never its password).
 */
export function databaseProblem(url: string, error: unknown): string {
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || '5432'}`;
  const name = decodeURIComponent(parsed.pathname.slice(1)) || '(none)';
  const user = decodeURIComponent(parsed.username);
  const code = (error as { code?: unknown })?.code;
  const reason = error instanceof Error ? error.message : String(error);
  switch (code) {
    case '3D000':
      return `database: PostgreSQL at ${where} has no database "${name}": create it first (createdb -h ${parsed.hostname} -p ${parsed.port || '5432'}${user ? ` -U ${user}` : ''} ${name}, or CREATE DATABASE ${name}) or correct DATABASE_URL`;
    case '28P01':
    case '28000':
      return `database: PostgreSQL at ${where} refused the role "${user}" (${reason}): create the role or correct the user and password in DATABASE_URL`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `database: cannot reach PostgreSQL at ${where} (${code}): start it there or correct DATABASE_URL`;
    default:
      return `database: PostgreSQL at ${where}, database "${name}", did not answer: ${reason}`;
  }
}

/**
 * Opens a database and waits until it answers; a PostgreSQL that refuses the first connection
 * throws {@link DatabaseUnavailableError}.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
    // An idle connection that breaks (the server restarted, the database was dropped) is
    // removed from the pool; without a listener its error would end the process.
    pool.on('error', (error) => {
      (target.onIdleError ?? ((e) => console.warn(`database: an idle connection was lost: ${e.message}`)))(
        error,
      );
    });
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end();
      throw new DatabaseUnavailableError(databaseProblem(target.url, error), { cause: error });
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const copyIn: CopyIn = async (table, columns, data) => {
      const client = await pool.connect();
      let failure: unknown;
      try {
        const stream = client.query(
          copyFrom(`copy ${copyTarget(table, columns)} from stdin with (format binary)`),
        );
        await new Promise<void>((resolve, reject) => {
          stream.on('finish', resolve);
          stream.on('error', reject);
          stream.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
        });
        return stream.rowCount;
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        // An error the server answered (it has a SQLSTATE) leaves the connection ready for the
        // next query; anything else (a broken socket) retires it.
        const serverError = typeof (failure as { code?: unknown })?.code === 'string';
        client.release(failure !== undefined && !serverError);
      }
    };
    let closed = false;
    return {
      db,
      kind: 'postgres',
      copyIn,
      async close() {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // PGlite runs each statement synchronously in WASM: on a worker thread, so the main thread
  // (HTTP, the realtime relay) only posts queries and receives rows.
  const pglite = await openPGliteWorker({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  // One PGlite session (with one-trip queries, see pgliteOneTrip.ts, in the worker): Kysely
  // lets one caller hold it at a time (its adapter declares no multiple connections), so
  // concurrent requests' transactions never mix.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  // Bytes go in as files of the embedded database's in-memory /tmp: the file system hands them
  // to the database in one native copy (parameters and the blob device copy them piecewise).
  // The worker runs these outside any transaction, waiting for an open one (Kysely's run in
  // PGlite's exclusive transaction mode), so they never run inside someone else's transaction.
  let files = 0;
  const nextFile = () => `/tmp/dotink-bytes-${++files}.bin`;
  const withBlob: BlobStatement = async <Row>(build: (file: string) => CompiledQuery, bytes: Uint8Array) => {
    const file = nextFile();
    const compiled = build(file);
    const result = await pglite.withFile<Row>(file, bytes, compiled.sql, compiled.parameters);
    return result.rows;
  };
  const copyIn: CopyIn = async (table, columns, data) => {
    const file = nextFile();
    const result = await pglite.withFile(
      file,
      data,
      `copy ${copyTarget(table, columns)} from '${file}' with (format binary)`,
      [],
    );
    return result.affectedRows ?? 0;
  };
  return {
    db,
    kind: 'pglite',
    withBlob,
    copyIn,
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** The database a configuration names: `DATABASE_URL`, else PGlite under `DATA_DIR/db`. */
export function databaseTarget(config: { databaseUrl?: string; pgliteDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.pgliteDir };
}
