/**
 * A real S3-protocol server on localhost for tests and benches: s3rver (pure JavaScript, a Koa
 * app storing objects in a directory; it answers the REST API the AWS SDK v3 speaks, multipart
 * uploads and server-side copies included). Started per test file on a free port, with a fresh
 * directory and one bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
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
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port) with the bucket `bucket`. */
export async function startS3Server(bucket = 'dotink-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'dotink-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: ObjectStoreConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver accepts any signature made with its own key pair
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: '',
  };
  const client = s3ClientFor(config);
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint ?? '',
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
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
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
