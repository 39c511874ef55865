/**
 * Three real server processes (`src/main.ts`) behind nginx on a fresh PostgreSQL database and one
 * s3rver, supervised as `npm run start:cluster` does, for the cluster tests; and the Node clients
 * they drive: a retrying ink uploader, a pupil signed in with the password grant, the strokes
 * stored per pupil.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeStrokeUploads } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { freePort, type RunningCluster, startCluster } from '../src/cluster/cluster';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { diskFileStore } from '../src/files/diskFileStore';
import { AccountStore } from '../src/identity/accounts';
import type { App } from '../src/platform/types';
import { testClients, testConfig } from './harness';
import { makeStroke } from './inkFixtures';
import { createPostgresDatabase } from './postgresDatabase';
import { startS3Server } from './s3Server';

export interface TestCluster {
  readonly cluster: RunningCluster;
  /** nginx's address (the processes' `PUBLIC_URL`). */
  readonly base: string;
  /** A connection to the cluster's database. */
  readonly setup: DatabaseHandle;
  /** An app on the same database (not listening), for seeding with the fixtures. */
  readonly seeder: App;
}

/** Starts the cluster; `closers` gets what to close, in order of creation. */
export async function startTestCluster(
  adminUrl: string,
  closers: (() => Promise<void>)[],
): Promise<TestCluster> {
  const database = await createPostgresDatabase(adminUrl);
  closers.push(database.drop);
  const s3 = await startS3Server();
  closers.push(() => s3.close());

  const proxyPort = await freePort();
  const clients = [
    testClients.web,
    testClients.spa,
    {
      clientId: 'dotink-classroom',
      redirectUris: [`http://127.0.0.1:${proxyPort}/callback.html`],
      grantTypes: ['authorization_code', 'refresh_token', 'password'],
    },
  ];
  const cluster = await startCluster({
    proxyPort,
    env: {
      OAUTH_CLIENTS: JSON.stringify(clients),
      DATABASE_URL: database.url,
      ...s3.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    processes: 3,
    publicHost: '127.0.0.1',
  });
  closers.push(() => cluster.close());
  const base = cluster.nginx.url;

  const setup = await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 2 });
  closers.push(() => setup.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'dotink-cluster-'));
  closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = testConfig({ DATABASE_URL: database.url }, dataDir);
  const seeder = await buildApp({
    config,
    database: setup,
    files: diskFileStore(config.filesDir),
    logger: false,
  });
  closers.push(() => seeder.close());
  return { cluster, base, setup, seeder };
}

/** An ink uploader: posts batch `b` of `writer` until it has an answer (idempotent keys). */
export function inkUploads(base: string, token: string, writer: string, perBatch: number) {
  const state = { stored: 0, retried: 0, failures: [] as string[] };
  const body = (b: number) =>
    JSON.stringify(
      encodeStrokeUploads(
        Array.from({ length: perBatch }, (_, i) =>
          makeStroke({
            page: pageAddress(3, 1012, 1191, 1 + (i % 8)),
            startMs: 1_700_000_000_000 + (b * perBatch + i) * 1000,
            writerId: writer,
            dots: 10,
          }),
        ),
        { writer, clock: manualClock(0) },
      ),
    );
  const post = async (b: number): Promise<void> => {
    let last = '';
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        const res = await fetch(`${base}/inkstore/v1/data`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body(b),
        });
        const text = await res.text();
        if (res.status === 200) {
          state.stored += (JSON.parse(text) as { data: { stored: number } }).data.stored;
          return;
        }
        last = `${res.status} ${text.slice(0, 200)}`;
      } catch (error) {
        last = String(error);
      }
      state.retried++;
      await new Promise((r) => setTimeout(r, 100));
    }
    state.failures.push(`batch ${b}: ${last}`);
  };
  return { state, post };
}

/** A pupil signed in with the password grant through nginx. */
export async function pupilWithToken(base: string, setup: DatabaseHandle, name: string) {
  const pupil = await new AccountStore(setup.db).createStudent({ name });
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: pupil.id,
      password: pupil.id,
      client_id: 'dotink-classroom',
      scope: 'openid profile storage',
    }),
  });
  if (res.status !== 200) throw new Error(`password grant: ${res.status} ${await res.text()}`);
  return { id: pupil.id, token: ((await res.json()) as { access_token: string }).access_token };
}

/** Strokes stored per pupil, and their distinct stroke keys. */
export async function strokesOf(setup: DatabaseHandle, ids: readonly string[]) {
  const rows = await sql<{ student_id: string; n: number; keys: number }>`
    select student_id, count(*)::int as n,
           count(distinct (section, owner, book, page, writer_id, mac, start_time))::int as keys
      from ink_strokes where student_id in (${sql.join(ids)}) group by student_id`.execute(setup.db);
  return new Map(rows.rows.map((r) => [r.student_id, { n: r.n, keys: r.keys }]));
}
