/**
 * A real server for the server benches: PGlite on disk (as `npm start` runs it) or a fresh
 * PostgreSQL database, with a bench OAuth client, listening on a loopback port or driven through
 * `inject`; helpers to mint access tokens, seed a teacher's class, print notes, and measure on
 * each database. Not a bench file itself (`run.ts` runs `*.bench.ts` only).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type App,
  buildApp,
  type DatabaseHandle,
  diskFileStore,
  loadConfig,
  migrateToLatest,
  openDatabase,
} from '@dotink/server';
import { createPostgresDatabase } from '@dotink/server/test/postgres';
import { insertClass, insertSchool } from '@dotink/server/test/seed';
import { type Figure, postgresNotMeasured } from './budget';

export type Kind = 'pglite' | 'postgres';

export const BENCH_CLIENT = {
  clientId: 'bench',
  clientSecret: 'bench-secret-0123456789',
  redirectUris: ['http://localhost/cb'],
};

/** The app on a database, ready for `inject`; close() also closes the database. */
export interface BenchServer {
  readonly app: App;
  close(): Promise<void>;
}

export interface HttpServer extends BenchServer {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
}

/** A fresh, migrated database of `kind` (PostgreSQL: a new database, dropped by close()). */
export async function freshDatabase(kind: Kind, adminUrl?: string): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'dotink-bench-pglite-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      async close() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const created = await createPostgresDatabase(adminUrl);
  const handle = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 10 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

/**
 * The server on `database` with the bench client and a temporary data directory, ready for
 * `inject`. `codePages`: that many placeholder code pages (0.27.667.1 on, empty files) in its
 * vendor data, since the server issues only installed pages.
 */
export async function startServer(
  database: DatabaseHandle,
  options: { codePages?: number } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dotink-bench-'));
  if (options.codePages) {
    const book = join(dataDir, 'ncode', 'code', 's0-o27-b667');
    mkdirSync(book, { recursive: true });
    for (let p = 1; p <= options.codePages; p++) writeFileSync(join(book, `s0-o27-b667-p${p}.code.gz`), '');
  }
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    OAUTH_CLIENTS: JSON.stringify([BENCH_CLIENT]),
  });
  const app = await buildApp({ config, database, files: diskFileStore(config.filesDir), logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server on a fresh database of `kind`, listening on a free loopback port. */
export async function startHttpServer(kind: Kind, adminUrl?: string): Promise<HttpServer> {
  const server = await startServer(await freshDatabase(kind, adminUrl));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { ...server, base: `http://127.0.0.1:${address.port}` };
}

/** A school with an ACTIVE teacher of it (bench@example.org). */
export async function seedTeacher(
  app: App,
  isSchoolAdmin: boolean,
): Promise<{ readonly schoolId: number; readonly teacherId: string }> {
  const schoolId = await insertSchool(app.services.db, 'S', '1');
  const teacher = await app.services.accounts.createTeacher({
    username: 'bench@example.org',
    name: 'Bench',
    status: 'ACTIVE',
    isSchoolAdmin,
    schoolId,
  });
  return { schoolId, teacherId: teacher.id };
}

/** {@link seedTeacher}, and the teacher's class 3-1. */
export async function seedTeacherClass(
  app: App,
  isSchoolAdmin: boolean,
): Promise<{ readonly schoolId: number; readonly teacherId: string; readonly classId: number }> {
  const { schoolId, teacherId } = await seedTeacher(app, isSchoolAdmin);
  return { schoolId, teacherId, classId: await insertClass(app.services.db, schoolId, teacherId) };
}

/** A line printed beside the figures: what the machine was doing, what the server process spent. */
export const note = (text: string) => console.log(`      ${text}`);

/** The machine's 1-minute load average now (2 shared cores: above 2, every process waits). */
export const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

/** The load average and the number of cores, for a note. */
export const loadOnCores = () => `${load()} on ${cpus().length} cores`;

/**
 * The figure `measure` gives on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
 * (otherwise the PostgreSQL figure is a failure saying it was not measured).
 */
export async function onEachDatabase(
  measure: (kind: Kind, adminUrl?: string) => Promise<Figure>,
): Promise<Figure[]> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const figures = [await measure('pglite')];
  figures.push(...(adminUrl ? [await measure('postgres', adminUrl)] : postgresNotMeasured(figures)));
  return figures;
}

/** An access token for an account, minted in the provider's store (as the token endpoint would). */
export async function tokenFor(app: App, accountId: string, scope: string): Promise<string> {
  const { provider } = app.services;
  const client = await provider.Client.find(BENCH_CLIENT.clientId);
  if (!client) throw new Error('bench client missing');
  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(scope);
  const grantId = await grant.save();
  return new provider.AccessToken({ accountId, client, grantId, gty: 'bench', scope }).save();
}
