/**
 * `npm run start:cluster`: three supervised server processes on one PostgreSQL (`DATABASE_URL`,
 * required) and one object store (`S3_*`; none set: s3rver as its own process, data under
 * `DATA_DIR/s3`) behind nginx on `CLUSTER_PORT` (default 3000), rendered from
 * `deploy/nginx/nginx.conf.template`. For trying a district deployment on one machine; see the
 * server README, "District deployment".
 */
import { type ChildProcess, fork } from 'node:child_process';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from './cluster';

const S3_BUCKET = 'dotink';

function fail(message: string): never {
  console.error(`start:cluster: ${message}`);
  process.exit(1);
}

/** Starts s3rver as a process of its own (`objectStoreMain.ts`). */
async function localObjectStore(
  directory: string,
): Promise<{ env: Record<string, string>; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./objectStoreMain.ts', import.meta.url));
  const args = [directory, S3_BUCKET, ...(process.env.CLUSTER_S3_PORT ? [process.env.CLUSTER_S3_PORT] : [])];
  const child = fork(script, args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((ok, no) => {
    child.once('message', (m) => ok((m as { port: number }).port));
    child.once('exit', (code) =>
      no(new Error(`the object store (s3rver) exited (${code}); is s3rver installed (npm install)?`)),
    );
  });
  return {
    child,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      // s3rver accepts any signature made with its own key pair
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
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
  const store = s3Given
    ? undefined
    : await localObjectStore(resolve(dataDir, 's3')).catch((error: unknown) => fail(String(error)));
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
    onExit: (p, how, restartInMs) =>
      console.warn(
        `start:cluster: process ${p.index + 1} (pid ${p.child.pid}) ended (${how}); ` +
          (restartInMs === undefined ? 'the others carry on' : `starting it again in ${restartInMs} ms`),
      ),
  }).catch((error: unknown) => {
    store?.child.kill('SIGTERM');
    return fail(error instanceof Error ? error.message : String(error));
  });

  console.log(
    [
      '',
      `dotink cluster: ${cluster.publicUrl}  (${processes} processes behind nginx, least connections)`,
      `  nginx: pid ${cluster.nginx.child.pid}, configuration ${cluster.nginx.dir}/nginx.conf`,
      ...cluster.processes.map((p) => `  process ${p.index + 1}: pid ${p.child.pid}, ${p.url}`),
      `  object store: ${store ? `s3rver ${store.env.S3_ENDPOINT}, pid ${store.child.pid} (data in ${resolve(dataDir, 's3')})` : (env.S3_ENDPOINT ?? 'AWS S3')}`,
      '  Ctrl-C stops everything; kill a process to see it started again and the others carry on.',
      '',
    ].join('\n'),
  );

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await cluster.close();
    if (store && store.child.exitCode === null) {
      store.child.kill('SIGTERM');
      await new Promise((r) => store.child.once('exit', r));
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGHUP', () => void shutdown());
}

void main();
