/**
 * Real S3-protocol servers on localhost for tests and benches, each started per test file on a
 * free port with one bucket: s3rver (pure JavaScript, a Koa app storing objects in a directory;
 * it answers the REST API the AWS SDK v3 speaks, multipart uploads and server-side copies
 * included) and moto's server mode (`moto_server`, Python, in memory), a second implementation.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { ObjectStoreConfig } from '../src/config';
import { s3ClientFor } from '../src/files/s3FileStore';

/** A running s3rver with its bucket. */
export interface TestS3Server {
  /** The configuration a server process would read from `S3_*` to use it. */
  readonly config: ObjectStoreConfig;
  /** The `S3_*` environment naming it (for a server started as a child process). */
  readonly env: Record<string, string>;
  readonly client: S3Client;
  /** Every key in the bucket under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  /**
   * Stops the server (connections refused, those open cut) until `end()` starts it again on
   * the same port with the same bucket (s3rver keeps the objects; moto, in memory, starts empty:
   * {@link keepsObjects}).
   */
  outage(): Promise<{ end(): Promise<void> }>;
  /** Whether objects outlive an {@link outage}. */
  readonly keepsObjects: boolean;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port) with the bucket `bucket`. */
export async function startS3Server(bucket = 'dotink-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'dotink-s3rver-'));
  const serve = (port: number) =>
    new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  let server = serve(0);
  const { port } = await server.run();
  // s3rver accepts any signature made with its own key pair
  const s3 = serving(bucket, `http://127.0.0.1:${port}`, 'S3RVER');
  return {
    ...s3,
    keepsObjects: true,
    async outage() {
      // connections in use (a download streaming) are cut too, as when the store goes away
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      return {
        async end() {
          server = serve(port);
          await server.run();
        },
      };
    },
    async close() {
      s3.client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/**
 * Starts moto's S3 server (`moto_server`, on PATH: this machine's Python; elsewhere
 * `pip install 'moto[server]'`) on 127.0.0.1 (a free port) and creates the bucket `bucket`.
 */
export async function startMotoServer(bucket = 'dotink-test'): Promise<TestS3Server> {
  const port = await freePort();
  const s3 = serving(bucket, `http://127.0.0.1:${port}`, 'moto');
  let child: ChildProcess | undefined;
  const run = async () => {
    let output = '';
    const started = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    started.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    started.on('error', (error) => {
      output += String(error);
    });
    child = started;
    for (let i = 0; i < 300; i++) {
      if (started.exitCode !== null || started.signalCode !== null) break;
      try {
        await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
        return;
      } catch (error) {
        // moto not listening yet (it starts in a second or two)
        if ((error as { name?: string }).name === 'BucketAlreadyOwnedByYou') return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    started.kill('SIGKILL');
    throw new Error(`moto_server did not start on port ${port}: ${output}`);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await exited;
  };
  await run();
  return {
    ...s3,
    keepsObjects: false,
    async outage() {
      await stop();
      return { end: run };
    },
    async close() {
      s3.client.destroy();
      await stop();
    },
  };
}

/** The configuration, environment, client and key listing of a bucket at `endpoint`. */
function serving(
  bucket: string,
  endpoint: string,
  key: string,
): Pick<TestS3Server, 'config' | 'env' | 'client' | 'keys'> {
  const config: ObjectStoreConfig = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: key,
    secretAccessKey: key,
    forcePathStyle: true,
    prefix: '',
  };
  const client = s3ClientFor(config);
  return {
    config,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: key,
      S3_SECRET_ACCESS_KEY: key,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
