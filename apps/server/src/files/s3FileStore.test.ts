import { createHash } from 'node:crypto';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFileStore } from '../../test/fileStoreContract';
import { startMotoServer, startS3Server, type TestS3Server } from '../../test/s3Server';
import type { FileStore } from './fileStore';
import { s3ClientFor, s3FileStore } from './s3FileStore';

let s3: TestS3Server;
let store: FileStore;
let moto: TestS3Server;
let motoStore: FileStore;
beforeAll(async () => {
  [s3, moto] = await Promise.all([startS3Server(), startMotoServer()]);
  store = s3FileStore({ client: s3.client, bucket: s3.config.bucket });
  motoStore = s3FileStore({ client: moto.client, bucket: moto.config.bucket });
}, 60_000);
afterAll(async () => {
  await Promise.all([s3.close(), moto.close()]);
});

describeFileStore('s3 (s3rver)', () => ({
  store,
  leftovers: () => s3.keys('tmp/'),
  outage: () => s3.outage(),
}));
describeFileStore('s3 (moto)', () => ({
  store: motoStore,
  leftovers: () => moto.keys('tmp/'),
  outage: () => moto.outage(),
}));

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('s3FileStore', () => {
  it('keeps content under files/ab/cd/<sha256> (after the prefix) and nothing else', async () => {
    const prefixed = s3FileStore({ client: s3.client, bucket: s3.config.bucket, prefix: 'district/a/' });
    const bytes = new TextEncoder().encode('prefixed content');
    const { sha256 } = await prefixed.put(bytes);
    expect(await s3.keys('district/')).toEqual([
      `district/a/files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`,
    ]);
    expect(await store.has(sha256)).toBe(false);
  });

  it('answers an object removed behind its back as absent, not as an error', async () => {
    const bytes = new TextEncoder().encode('removed by an operator');
    const { sha256 } = await store.put(bytes);
    await s3.client.send(
      new DeleteObjectCommand({
        Bucket: s3.config.bucket,
        Key: `files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`,
      }),
    );
    expect(await store.stream(sha256)).toBeUndefined();
    expect(await store.get(sha256)).toBeUndefined();
  });

  it('reports unreachable storage as an error, never as a missing file', async () => {
    const down = new S3Client({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
      maxAttempts: 1,
    });
    const unreachable = s3FileStore({ client: down, bucket: 'dotink-test' });
    const someSha = sha(new Uint8Array([1]));
    await expect(unreachable.get(someSha)).rejects.toThrow();
    await expect(unreachable.has(someSha)).rejects.toThrow();
    await expect(unreachable.stream(someSha)).rejects.toThrow();
    await expect(unreachable.put(new Uint8Array([1]))).rejects.toThrow();
    down.destroy();
  });

  it('a store failing mid-upload (second part refused): the store’s error, nothing left', async () => {
    const flaky = s3ClientFor(s3.config);
    let parts = 0;
    flaky.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { PartNumber?: number };
        if (input.PartNumber !== undefined && ++parts === 2) throw new Error('part 2 refused by the store');
        return next(args);
      },
      { step: 'initialize', name: 'refuseSecondPart' },
    );
    const failing = s3FileStore({ client: flaky, bucket: s3.config.bucket });
    const MiB = 1024 * 1024;
    const content = new Uint8Array(12 * MiB).fill(9);
    const before = await s3.keys();
    await expect(failing.put(content)).rejects.toThrow('part 2 refused by the store');
    expect(parts).toBeGreaterThanOrEqual(2);
    expect(await s3.keys()).toEqual(before);
    expect(await store.has(sha(content))).toBe(false);
    flaky.destroy();
  });

  it('reports a bucket that does not exist as an error', async () => {
    const nowhere = s3FileStore({ client: s3.client, bucket: 'no-such-bucket' });
    await expect(nowhere.put(new Uint8Array([1, 2]))).rejects.toThrow();
  });
});
