/**
 * A real server for the HTTP benches: PGlite on disk (as `npm start` runs it) or a fresh
 * PostgreSQL database, listening on a loopback port, with a bench OAuth client and a helper to
 * mint access tokens. Not a bench file itself (`run.ts` runs `*.bench.ts` only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

export type Kind = 'pglite' | 'postgres';

export const BENCH_CLIENT = {
  clientId: 'bench',
  clientSecret: 'bench-secret-0123456789',
  redirectUris: ['http://localhost/cb'],
};

export interface HttpServer {
  readonly app: App;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  close(): Promise<void>;
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

/** The server on a fresh database of `kind`, listening on a free loopback port. */
export async function startHttpServer(kind: Kind, adminUrl?: string): Promise<HttpServer> {
  const database = await freshDatabase(kind, adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'dotink-bench-'));
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    OAUTH_CLIENTS: JSON.stringify([BENCH_CLIENT]),
  });
  const app = await buildApp({ config, database, files: diskFileStore(config.filesDir), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    base: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
