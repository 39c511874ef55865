/**
 * The object store down while the server runs (issue 26 item 6), on two S3 implementations
 * (s3rver and moto's server mode): a material upload or download answers 503 with the message
 * the apps show in the user's language, the store's reason is logged at error level, nothing is
 * half-stored, `/api/ready` answers 503 naming the store; a download the store's loss cuts
 * mid-stream ends as a broken response (never a complete-looking one) and is logged at error
 * level too; when the store is back, all works again without a restart.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_STORE_UNAVAILABLE } from '@dotink/contracts/answer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, SETUP_TIMEOUT_MS, testConfig } from '../../test/harness';
import {
  blankPdf,
  buildEduWorld,
  type EduWorld,
  multipartBody,
  podAttachmentPath,
} from '../../test/matrixFixtures';
import { startMotoServer, startS3Server, type TestS3Server } from '../../test/s3Server';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import type { App } from '../platform/types';
import { type ConfiguredFileStore, openFileStore } from './configuredFileStore';

describe.each([
  ['s3rver', () => startS3Server()],
  ['moto', () => startMotoServer()],
] as const)('object store outage (%s stopped and started again)', (_name, startStore) => {
  let s3: TestS3Server;
  let store: ConfiguredFileStore;
  let database: DatabaseHandle;
  let app: App;
  let dataDir: string;
  let w: EduWorld;
  let attachment = '';
  const logLines: { level: number; msg: string; reason?: string }[] = [];

  beforeAll(async () => {
    s3 = await startStore();
    dataDir = mkdtempSync(join(tmpdir(), 'dotink-store-outage-'));
    const config = testConfig({ ...s3.env, LOG_LEVEL: 'info' }, dataDir);
    store = await openFileStore(config);
    database = await createTestDatabase('pglite');
    app = await buildApp({
      config,
      database,
      files: store.files,
      logStream: { write: (line) => void logLines.push(JSON.parse(line)) },
    });
    await app.ready();
    w = await buildEduWorld(app);
    attachment = await podAttachmentPath(app, w, 'Outage', { section: 3, owner: 29, book: 4244 });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    store?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  const upload = async (pages: number) => {
    const bytes = await blankPdf(pages);
    const { payload, headers } = multipartBody(
      {},
      { pdfFile: { name: 'm.pdf', type: 'application/pdf', bytes } },
    );
    return app.inject({
      method: 'POST',
      url: attachment,
      payload,
      headers: { ...w.callers.teacher.headers, ...headers },
    });
  };
  const storedPdf = async () =>
    (
      await database.db
        .selectFrom('textbooks')
        .select(['pdf_sha256', 'num_pages'])
        .where('id', '=', Number(attachment.split('/').at(-2)))
        .executeTakeFirstOrThrow()
    ).pdf_sha256;
  const ready = () => app.inject({ url: '/api/ready' });

  it('answers 503 with the store message, logs the reason, stores nothing; recovers when the store returns', async () => {
    expect((await upload(2)).statusCode).toBe(200);
    const before = await storedPdf();
    expect((await ready()).statusCode).toBe(200);
    const keysBefore = await s3.keys();

    const outage = await s3.outage();
    try {
      const refused = await upload(3);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ ok: false, message: FILE_STORE_UNAVAILABLE, data: null });
      const download = await app.inject({ url: `${attachment}/pdf`, headers: w.callers.teacher.headers });
      expect(download.statusCode).toBe(503);
      expect(download.json().message).toBe(FILE_STORE_UNAVAILABLE);
      const errors = logLines.filter((l) => l.level >= 50 && l.msg === 'file store unavailable');
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(errors[0]?.reason).toMatch(/ECONNREFUSED|connect/);
      expect(await storedPdf()).toBe(before);

      const notReady = await ready();
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().data.checks).toContainEqual(
        expect.objectContaining({ name: 'files', ok: false }),
      );
    } finally {
      await outage.end();
    }

    // nothing of the refused upload reached the bucket (moto, in memory, came back empty)
    expect(await s3.keys()).toEqual(s3.keepsObjects ? keysBefore : []);
    expect((await ready()).statusCode).toBe(200);
    expect((await upload(4)).statusCode).toBe(200);
    expect(await storedPdf()).not.toBe(before);
    const download = await app.inject({ url: `${attachment}/pdf`, headers: w.callers.teacher.headers });
    expect(download.statusCode).toBe(200);
  });

  it('cuts a download the store drops mid-stream (the client sees a broken answer), logs it at error level, serves it again once back', async () => {
    // 48 MB in the bucket as the lesson's PDF: far more than the sockets between hold (loopback
    // buffers grow to several MB each; with 8 MB moto sometimes sent it all before it stopped)
    const bytes = randomBytes(48 * 1024 * 1024);
    const textbookId = Number(attachment.split('/').at(-2));
    const { sha256: sha } = await store.files.put(bytes);
    await database.db
      .updateTable('textbooks')
      .set({ pdf_sha256: sha })
      .where('id', '=', textbookId)
      .execute();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const errorsBefore = logLines.filter((l) => l.level >= 50).length;

    let outage: Promise<{ end(): Promise<void> }> | undefined;
    const received = await new Promise<{ status: number; bytes: number; complete: boolean }>((resolve) => {
      const request = get(`${base}${attachment}/pdf`, { headers: w.callers.teacher.headers }, (response) => {
        let count = 0;
        response.on('data', (chunk: Buffer) => {
          count += chunk.length;
          if (outage) return;
          // the first bytes are here: the store goes away while the rest is on its way
          response.pause();
          outage = s3.outage();
          void outage.then(() => response.resume());
        });
        response.on('close', () =>
          resolve({ status: response.statusCode ?? 0, bytes: count, complete: response.complete }),
        );
      });
      request.on('error', () => resolve({ status: 0, bytes: 0, complete: false }));
    });
    try {
      expect(received.status).toBe(200);
      expect(received.complete).toBe(false);
      expect(received.bytes).toBeLessThan(bytes.length);
      await expect
        .poll(() => logLines.filter((l) => l.level >= 50).slice(errorsBefore))
        .toContainEqual(
          expect.objectContaining({
            msg: 'file store unavailable',
            reason: expect.stringMatching(/read failed/),
          }),
        );
      expect((await ready()).statusCode).toBe(503);
    } finally {
      await (await outage)?.end();
    }

    expect((await ready()).statusCode).toBe(200);
    if (!s3.keepsObjects) await store.files.put(bytes);
    const again = await app.inject({ url: `${attachment}/pdf`, headers: w.callers.teacher.headers });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(bytes)).toBe(true);
  });
});
