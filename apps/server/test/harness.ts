/**
 * The server test harness. Every suite runs on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL (an admin URL with CREATEDB) is set. Each suite gets a fresh database:
 * PGlite loaded from a migrated template dump, or a uniquely named PostgreSQL database that is
 * dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Clock, manualClock } from '@dotink/ncode';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadConfig, type ServerConfig } from '../src/config';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { diskFileStore } from '../src/files/diskFileStore';
import type { FileStore } from '../src/files/fileStore';
import type { App, AppPlugin } from '../src/platform/types';
import { pgliteTemplate } from './pgliteTemplate';
import { createPostgresDatabase } from './postgresDatabase';

/** The databases the suites run on here. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Time for a hook that may build the PGlite template or create a PostgreSQL database. */
export const SETUP_TIMEOUT_MS = 180_000;

/** A fresh, migrated (or, with `migrated: false`, empty) database; close() also drops it. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { migrated?: boolean } = {},
): Promise<DatabaseHandle> {
  const migrated = options.migrated ?? true;
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    if (!migrated) {
      const { migrateTo, NO_MIGRATIONS } = await import('../src/db/migrate');
      await migrateTo(handle.db, NO_MIGRATIONS);
    }
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const created = await createPostgresDatabase(adminUrl);
  const handle = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 4 });
  if (migrated) await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

/** The error text of a statement that must fail (a test fails when it does not). */
export async function fails(q: Promise<unknown>): Promise<string> {
  try {
    await q;
  } catch (error) {
    return String(error);
  }
  throw new Error('expected the statement to fail');
}

/**
 * Defines `body` once per database kind, in a describe block named after it. Without
 * TEST_DATABASE_URL the `[postgres]` block is defined but does not run, so the run counts it as
 * not run (test-support/postgresReporter.ts prints how many; under CI the run fails instead).
 */
export function describeEachDatabase(title: string, body: (kind: DatabaseKind) => void): void {
  const kinds = testDatabaseKinds();
  for (const kind of ['pglite', 'postgres'] as const)
    describe.runIf(kinds.includes(kind))(`${title} [${kind}]`, () => body(kind));
}

/** A suite only PostgreSQL runs (`title [postgres]`); not run, and counted, without TEST_DATABASE_URL. */
export function describePostgres(title: string, body: (adminUrl: string) => void): void {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  describe.runIf(adminUrl !== '')(`${title} [postgres]`, () => body(adminUrl));
}

/** The public address tests give the server (requests go through `inject`, no port). */
export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_APP_ORIGIN = 'http://localhost:5173';

/** A confidential client (secret) and a public one (PKCE only), both allowed every grant. */
export const testClients = {
  web: {
    clientId: 'test-web',
    clientSecret: 'test-web-secret-0123456789',
    redirectUris: [`${TEST_APP_ORIGIN}/callback.html`],
    grantTypes: ['authorization_code', 'refresh_token', 'password'],
    name: 'Test classroom',
  },
  spa: {
    clientId: 'test-spa',
    redirectUris: [`${TEST_APP_ORIGIN}/callback`],
    postLogoutRedirectUris: [`${TEST_APP_ORIGIN}/`],
    grantTypes: ['authorization_code', 'refresh_token', 'password'],
    name: 'Test SPA',
  },
} as const;

/** A configuration for tests: silent, test clients, a temporary data directory. */
export function testConfig(env: Record<string, string | undefined> = {}, dataDir?: string): ServerConfig {
  return loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dataDir ?? join(tmpdir(), 'dotink-test-unused'),
    LOG_LEVEL: 'silent',
    OAUTH_CLIENTS: JSON.stringify([testClients.web, testClients.spa]),
    ...env,
  });
}

export interface TestServer {
  readonly app: App;
  readonly database: DatabaseHandle;
  readonly config: ServerConfig;
  readonly files: FileStore;
  readonly clock: Clock;
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly env?: Record<string, string | undefined>;
  readonly clock?: Clock;
  readonly extraRoutes?: readonly AppPlugin[];
  /** Capture the server's log lines (give LOG_LEVEL in `env` too). */
  readonly logStream?: { write(line: string): void };
  /** The file store over the server's files directory (default: the disk store). */
  readonly files?: (filesDir: string) => FileStore;
}

/** Builds a server on a fresh database and a temporary file store. */
export async function startTestServer(
  kind: DatabaseKind,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dotink-server-'));
  const config = testConfig(options.env, dataDir);
  const database = await createTestDatabase(kind);
  const files = (options.files ?? diskFileStore)(config.filesDir);
  const clock = options.clock ?? manualClock(Date.UTC(2025, 2, 3, 0, 0, 0));
  try {
    // loaded here, not at the top: the suites that only need a database never load the server
    const { buildApp } = await import('../src/app');
    const app = await buildApp({
      config,
      database,
      files,
      clock,
      logger: options.logStream !== undefined,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    });
    await app.ready();
    return {
      app,
      database,
      config,
      files,
      clock,
      async close() {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Starts a server before the suite's tests and closes it after; read it in tests. */
export function useTestServer(kind: DatabaseKind, options: TestServerOptions = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(kind, options);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  }, SETUP_TIMEOUT_MS);
  return () => {
    if (!server) throw new Error('test server not started');
    return server;
  };
}
