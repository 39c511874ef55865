/**
 * The server on S3-compatible storage (issue 17): with `S3_*` set, `openFileStore` gives the S3
 * store and the routes that keep files (material attachments, boards) store and serve them from
 * the bucket; a file gone from the bucket is a clear 404, a refused upload leaves nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, SETUP_TIMEOUT_MS, TEST_PUBLIC_URL, testConfig } from '../../test/harness';
import {
  blankPdf,
  buildEduWorld,
  call,
  type EduWorld,
  multipartBody,
  podAttachmentPath,
} from '../../test/matrixFixtures';
import { teacherWithToken } from '../../test/oauth';
import { startS3Server, type TestS3Server } from '../../test/s3Server';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import type { App } from '../platform/types';
import { type ConfiguredFileStore, openFileStore } from './configuredFileStore';

const keyOf = (sha256: string) => `files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;

describe('openFileStore', () => {
  it('keeps files on disk without S3_BUCKET', async () => {
    const config = testConfig({}, '/srv/dotink-data');
    const store = await openFileStore(config);
    expect(store.where).toBe('disk (/srv/dotink-data/files)');
    store.close();
  });

  it('stops the start, naming the bucket, when the bucket does not answer', async () => {
    const s3 = await startS3Server();
    try {
      const config = testConfig({ ...s3.env, S3_BUCKET: 'not-created' });
      await expect(openFileStore(config)).rejects.toThrow(
        /bucket "not-created" is not reachable \(HTTP 404\)/,
      );
    } finally {
      await s3.close();
    }
  });
});

describe('server on S3 storage (s3rver)', () => {
  let s3: TestS3Server;
  let store: ConfiguredFileStore;
  let database: DatabaseHandle;
  let app: App;
  let dataDir: string;
  let w: EduWorld;
  let attachment = '';

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(join(tmpdir(), 'dotink-s3-server-'));
    // Material downloads by presigned redirects (boards always stream: their answer's headers
    // carry the version and title).
    const config = testConfig({ ...s3.env, S3_PRESIGNED_DOWNLOAD_SECONDS: '300' }, dataDir);
    store = await openFileStore(config);
    database = await createTestDatabase('pglite');
    app = await buildApp({ config, database, files: store.files, logger: false });
    await app.ready();
    w = await buildEduWorld(app);
    attachment = await podAttachmentPath(app, w, 'On S3', { section: 3, owner: 29, book: 4244 });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    store?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  const upload = (bytes: Uint8Array, name = 'm.pdf') => {
    const { payload, headers } = multipartBody({}, { pdfFile: { name, type: 'application/pdf', bytes } });
    return app.inject({
      method: 'POST',
      url: attachment,
      payload,
      headers: { ...w.callers.teacher.headers, ...headers },
    });
  };

  it('names the bucket it uses', () => {
    expect(store.where).toBe(`S3 bucket "dotink-test" at ${s3.config.endpoint}`);
  });

  it('stores a material PDF in the bucket under its sha256 and serves it back', async () => {
    const pdf = await blankPdf(2);
    const res = await upload(pdf);
    expect(res.statusCode).toBe(200);
    const row = await database.db
      .selectFrom('textbooks')
      .select('pdf_sha256')
      .where('id', '=', Number(attachment.split('/').at(-2)))
      .executeTakeFirstOrThrow();
    expect(await s3.keys('files/')).toContain(keyOf(row.pdf_sha256!));
    expect(await s3.keys('tmp/')).toEqual([]);

    // The server answers a redirect to a presigned GET: the bytes never pass through it.
    const file = await app.inject({ url: `${attachment}/pdf`, headers: w.callers.teacher.headers });
    expect(file.statusCode).toBe(302);
    const location = String(file.headers.location);
    expect(location.startsWith(`${s3.config.endpoint}/dotink-test/${keyOf(row.pdf_sha256!)}?`)).toBe(true);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''m.pdf");
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(pdf);
  });

  it('answers 404 with the message when the file is gone from the bucket', async () => {
    const pdf = await blankPdf(3);
    expect((await upload(pdf)).statusCode).toBe(200);
    const row = await database.db
      .selectFrom('textbooks')
      .select('pdf_sha256')
      .where('id', '=', Number(attachment.split('/').at(-2)))
      .executeTakeFirstOrThrow();
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: keyOf(row.pdf_sha256!) }));
    const file = await app.inject({ url: `${attachment}/pdf`, headers: w.callers.teacher.headers });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ ok: false, message: 'The attachment file does not exist.', data: null });
  });

  it('keeps nothing of a refused upload (not a PDF): no content key, no temporary object', async () => {
    const before = await s3.keys();
    const res = await upload(new TextEncoder().encode('not a pdf at all'), 'fake.pdf');
    expect(res.statusCode).toBe(400);
    expect(await s3.keys()).toEqual(before);
  });

  it('syncs a board through the bucket (streamed, even with presigned downloads)', async () => {
    const { headers } = await teacherWithToken(app);
    const host = new URL(TEST_PUBLIC_URL).host;
    const board = Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const put = await app.inject({
      method: 'PUT',
      url: '/board/v1/boards/s3-board?title=S3',
      headers: { host, 'content-type': 'application/octet-stream', ...headers },
      payload: board,
    });
    expect(put.statusCode).toBe(200);
    const got = await app.inject({ url: '/board/v1/boards/s3-board', headers: { host, ...headers } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(board)).toBe(true);
  });
});
