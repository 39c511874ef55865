import { pageId } from '@dotink/ncode';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  SETUP_TIMEOUT_MS,
} from '../../test/harness';
import { createPostgresDatabase } from '../../test/postgresDatabase';
import type { DatabaseHandle } from '../db/database';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { CodeIssuer, CodeSpaceExhausted, issueCodeBatch, readCodePointer } from './codeStore';

const req = (qty: number) => ({ qty, widthMm: 230, heightMm: 317, accountId: null, clientId: 'test' });

describeEachDatabase('code store', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);
  const setPointer = (b: number, p: number) =>
    handle.db
      .updateTable('code_pointer')
      .set({ section: 0, owner: 27, book: b, page: p })
      .where('id', '=', 1)
      .execute();

  it('issues a batch in order; a request with no room fails alone', async () => {
    await setPointer(16383, 4090);
    const out = await issueCodeBatch(handle.db, [req(3), req(10), req(2)]);
    expect(out.map((o) => (o.ok ? o.pages.map(pageId) : o.error.message))).toEqual([
      ['0.27.16383.4090', '0.27.16383.4091', '0.27.16383.4092'],
      'Code space exhausted: section 0 owner 27 has no book after 16383',
      ['0.27.16383.4093', '0.27.16383.4094'],
    ]);
    expect(pageId(await readCodePointer(handle.db))).toBe('0.27.16383.4095');
    const log = await handle.db
      .selectFrom('code_issues')
      .select(['qty', 'first_page'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { qty: 3, first_page: '0.27.16383.4090' },
      { qty: 2, first_page: '0.27.16383.4093' },
    ]);
    await expect(new CodeIssuer(handle.db).issue(req(2))).rejects.toBeInstanceOf(CodeSpaceExhausted);
  });

  it('groups concurrent requests of one issuer into few transactions, all distinct', async () => {
    await setPointer(900, 1);
    const issuer = new CodeIssuer(handle.db);
    const all = await Promise.all(Array.from({ length: 300 }, (_, i) => issuer.issue(req(1 + (i % 4)))));
    const pages = all.flat().map(pageId);
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages.length).toBe(Array.from({ length: 300 }, (_, i) => 1 + (i % 4)).reduce((a, b) => a + b));
  });
});

describePostgres('code store across processes', (adminUrl) => {
  const handles: DatabaseHandle[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createPostgresDatabase(adminUrl);
    drop = db.drop;
    for (let i = 0; i < 3; i++)
      handles.push(await openDatabase({ kind: 'postgres', url: db.url, maxConnections: 5 }));
    await migrateToLatest(handles[0]!.db);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const h of handles) await h.close();
    await drop?.();
  }, SETUP_TIMEOUT_MS);

  it('never gives two servers the same page (row lock on the pointer)', async () => {
    const issuers = handles.map((h) => new CodeIssuer(h.db, undefined, 7));
    const all = await Promise.all(
      Array.from({ length: 150 }, (_, i) => issuers[i % 3]!.issue(req(1 + (i % 5)))),
    );
    const pages = all.flat().map(pageId);
    expect(new Set(pages).size).toBe(pages.length);
    const next = await readCodePointer(handles[0]!.db);
    expect(next.page).toBe(1 + pages.length);
  });
});
