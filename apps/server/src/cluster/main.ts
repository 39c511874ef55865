/**
 * `npm run start:cluster`: three server processes on one PostgreSQL (`DATABASE_URL`, required)
 * and one object store (`S3_*`; none set: a local s3rver with its data under `DATA_DIR/s3`)
 * behind the round-robin proxy on `CLUSTER_PORT` (default 3000). For trying a district
 * deployment on one machine; see the server README, "District deployment".
 */
import { mkdirSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { startCluster } from './cluster';

const S3_BUCKET = 'dotink';

function fail(message: string): never {
  console.error(`start:cluster: ${message}`);
  process.exit(1);
}

/** Starts s3rver (a devDependency: this command is for a checkout, not a deployment). */
async function localObjectStore(
  directory: string,
): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  const { default: S3rver } = await import('s3rver').catch((error: unknown) =>
    fail(`no S3_* settings and s3rver is not installed (npm install in the checkout): ${String(error)}`),
  );
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(process.env.CLUSTER_S3_PORT ?? 0),
    directory,
    silent: true,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      // s3rver accepts any signature made with its own key pair
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

async function main(): Promise<void> {
  const env = process.env;
  if (!env.DATABASE_URL) {
    fail(
      'DATABASE_URL is required: the processes share one PostgreSQL database ' +
        '(e.g. DATABASE_URL=postgres://dotink:dotink@127.0.0.1:5432/dotink npm run start:cluster)',
    );
  }
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const s3Given = Object.keys(env).some((k) => k.startsWith('S3_') && env[k]);
  const store = s3Given ? undefined : await localObjectStore(resolve(dataDir, 's3'));
  const processes = Number(env.CLUSTER_PROCESSES ?? 3);
  const cluster = await startCluster({
    env: {
      ...env,
      DATA_DIR: isAbsolute(dataDir) ? dataDir : resolve(dataDir),
      // the demo school is written once, on an empty database, for trying it out
      SEED_DEMO: env.SEED_DEMO ?? 'true',
      ...(store?.env ?? {}),
    },
    processes,
    proxyPort: Number(env.CLUSTER_PORT ?? 3000),
    inheritOutput: true,
    onBackendDown: (port, error) =>
      console.warn(
        `start:cluster: process on port ${port} refused a connection (${error.message}); resting it`,
      ),
  }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

  console.log(
    [
      '',
      `dotink cluster: ${cluster.publicUrl}  (${processes} processes, proxy round robin)`,
      ...cluster.processes.map((p) => `  process ${p.index + 1}: pid ${p.child.pid}, ${p.url}`),
      `  object store: ${store ? `s3rver ${store.env.S3_ENDPOINT} (data in ${resolve(dataDir, 's3')})` : (env.S3_ENDPOINT ?? 'AWS S3')}`,
      '  Ctrl-C stops everything; kill -9 a pid to see the others carry on.',
      '',
    ].join('\n'),
  );

  let closing = false;
  for (const p of cluster.processes) {
    void p.exited.then(() => {
      if (!closing) {
        const how = p.child.signalCode ?? `code ${p.child.exitCode}`;
        console.warn(
          `start:cluster: process ${p.index + 1} (pid ${p.child.pid}) ended (${how}); the others carry on`,
        );
      }
    });
  }
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await cluster.close();
    await store?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

void main();
