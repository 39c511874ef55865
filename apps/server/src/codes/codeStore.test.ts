import { pageAddress, pageId } from '@dotink/ncode';
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
import {
  CodeIssuer,
  CodeSpaceExhausted,
  DailyLimitReached,
  type IssueOutcome,
  issueCodeBatch,
  issueCodePages,
  readCodePointer,
} from './codeStore';

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
    // the issuer's database, counting the transactions begun on it
    let transactions = 0;
    const db = new Proxy(handle.db, {
      get(target, key) {
        if (key !== 'transaction') return Reflect.get(target, key);
        return () => {
          transactions++;
          return target.transaction();
        };
      },
    });
    const issuer = new CodeIssuer(db);
    const all = await Promise.all(Array.from({ length: 300 }, (_, i) => issuer.issue(req(1 + (i % 4)))));
    const pages = all.flat().map(pageId);
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages.length).toBe(Array.from({ length: 300 }, (_, i) => 1 + (i % 4)).reduce((a, b) => a + b));
    // the first request alone, then the 299 that arrived meanwhile in batches of at most 200
    expect(transactions).toBe(3);
  });

  it('names its errors, and says when the pointer row is missing', async () => {
    const exhausted = await issueCodeBatch(handle.db, [req(1)], []);
    expect(exhausted[0]).toMatchObject({ ok: false, error: { name: 'CodeSpaceExhausted' } });
    expect(String(new DailyLimitReached(5, 5, 1))).toMatch(/^DailyLimitReached: Daily print limit reached/);
    await handle.db.deleteFrom('code_pointer').execute();
    try {
      await expect(issueCodeBatch(handle.db, [req(1)])).rejects.toThrow(
        'code_pointer has no row (migration 0021 not applied?)',
      );
    } finally {
      await handle.db
        .insertInto('code_pointer')
        .values({ id: 1, section: 0, owner: 27, book: 900, page: 1 })
        .execute();
    }
  });

  const ids = (out: readonly IssueOutcome[]) =>
    out.map((o) => (o.ok ? o.pages.map(pageId) : o.error.message));

  it('logs each issued block: who, which client, the paper, its first and last page, when', async () => {
    await setPointer(500, 1);
    await handle.db
      .insertInto('accounts')
      .values({
        id: 'code-logger',
        kind: 'teacher',
        username: 'code-logger',
        name: 'L',
        email: null,
        password_hash: null,
        school_id: null,
      })
      .execute();
    const issuedAt = new Date(Date.UTC(2025, 4, 6, 7, 8, 9));
    const before = await handle.db.selectFrom('code_issues').select('id').execute();
    const pages = await issueCodePages(handle.db, {
      qty: 3,
      widthMm: 210,
      heightMm: 297,
      accountId: 'code-logger',
      clientId: 'test-web',
      issuedAt,
    });
    expect(pages.map(pageId)).toEqual(['0.27.500.1', '0.27.500.2', '0.27.500.3']);
    const rows = await handle.db
      .selectFrom('code_issues')
      .selectAll()
      .where('id', 'not in', before.length > 0 ? before.map((r) => r.id) : ['0'])
      .execute();
    expect(rows).toEqual([
      {
        id: expect.anything(),
        account_id: 'code-logger',
        client_id: 'test-web',
        qty: 3,
        width_mm: 210,
        height_mm: 297,
        first_page: '0.27.500.1',
        last_page: '0.27.500.3',
        issued_at: issuedAt,
      },
    ]);
    // without a time given, the database's clock stamps the block
    const start = Date.now();
    await issueCodePages(handle.db, req(1));
    const last = await handle.db
      .selectFrom('code_issues')
      .select(['issued_at', 'first_page', 'last_page', 'account_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ first_page: '0.27.500.4', last_page: '0.27.500.4', account_id: null });
    expect(Math.abs(last.issued_at.getTime() - start)).toBeLessThan(60_000);
    await setPointer(16383, 4095);
    await expect(issueCodePages(handle.db, req(2))).rejects.toBeInstanceOf(CodeSpaceExhausted);
  });

  it('holds each account to its daily quota, counting the blocks of the day and of the batch', async () => {
    await setPointer(600, 1);
    const account = (id: string) => ({
      id,
      kind: 'teacher' as const,
      username: id,
      name: id,
      email: null,
      password_hash: null,
      school_id: null,
    });
    await handle.db
      .insertInto('accounts')
      .values([account('quota-a'), account('quota-b')])
      .execute();
    const day = Date.UTC(2025, 5, 2);
    const since = new Date(day);
    const ask = (accountId: string | null, qty: number, at = day + 3_600_000) => ({
      ...req(qty),
      accountId,
      issuedAt: new Date(at),
      dailyLimit: { pages: 5, since },
    });
    // yesterday's 4 pages of quota-a do not count today
    expect(ids(await issueCodeBatch(handle.db, [ask('quota-a', 4, day - 1)]))).toEqual([
      ['0.27.600.1', '0.27.600.2', '0.27.600.3', '0.27.600.4'],
    ]);
    // today: 2 stored, then in one batch 3 more (exactly the quota), 1 over it, another account's 5
    expect(ids(await issueCodeBatch(handle.db, [ask('quota-a', 2)]))).toEqual([['0.27.600.5', '0.27.600.6']]);
    const out = await issueCodeBatch(handle.db, [
      ask('quota-a', 3),
      ask('quota-a', 1),
      ask('quota-b', 5),
      ask(null, 6),
    ]);
    expect(ids(out)).toEqual([
      ['0.27.600.7', '0.27.600.8', '0.27.600.9'],
      'Daily print limit reached: 5 of 5 code pages used today; 1 more asked (the limit resets at 00:00 UTC)',
      ['0.27.600.10', '0.27.600.11', '0.27.600.12', '0.27.600.13', '0.27.600.14'],
      // no account: no quota
      ['0.27.600.15', '0.27.600.16', '0.27.600.17', '0.27.600.18', '0.27.600.19', '0.27.600.20'],
    ]);
    const refused = out[1]!;
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error).toBeInstanceOf(DailyLimitReached);
      expect(refused.error).toMatchObject({ used: 5, limit: 5, asked: 1 });
    }
    // a request over the quota alone moves nothing and logs nothing
    const logged = await handle.db.selectFrom('code_issues').select('id').execute();
    await expect(new CodeIssuer(handle.db).issue(ask('quota-b', 1))).rejects.toThrow(
      'Daily print limit reached: 5 of 5 code pages used today; 1 more asked',
    );
    expect(pageId(await readCodePointer(handle.db))).toBe('0.27.600.21');
    expect(await handle.db.selectFrom('code_issues').select('id').execute()).toHaveLength(logged.length);
    // an account over its quota in the batch does not hold up the next request of the batch
    expect(ids(await issueCodeBatch(handle.db, [ask('quota-b', 1), ask(null, 1)]))).toEqual([
      'Daily print limit reached: 5 of 5 code pages used today; 1 more asked (the limit resets at 00:00 UTC)',
      ['0.27.600.21'],
    ]);
  });

  it('issues only the installed pages when given them', async () => {
    await setPointer(700, 1);
    const installed = [3, 4, 5, 9, 10].map((p) => pageAddress(0, 27, 700, p));
    const issuer = new CodeIssuer(handle.db, installed);
    expect((await issuer.issue(req(2))).map(pageId)).toEqual(['0.27.700.3', '0.27.700.4']);
    expect((await issuer.issue(req(2))).map(pageId)).toEqual(['0.27.700.9', '0.27.700.10']);
    await expect(issuer.issue(req(1))).rejects.toBeInstanceOf(CodeSpaceExhausted);
    expect(pageId(await readCodePointer(handle.db))).toBe('0.27.700.11');
  });

  it('passes on an error that is not the code space running out, to every request of the batch', async () => {
    await setPointer(800, 1);
    await expect(issueCodeBatch(handle.db, [req(-1)])).rejects.toThrow(RangeError);
    const issuer = new CodeIssuer(handle.db);
    const both = await Promise.allSettled([issuer.issue(req(1)), issuer.issue(req(1.5))]);
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(pageId(await readCodePointer(handle.db))).toBe('0.27.800.2');
    // the issuer still serves the next request
    expect((await issuer.issue(req(1))).map(pageId)).toEqual(['0.27.800.2']);
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
