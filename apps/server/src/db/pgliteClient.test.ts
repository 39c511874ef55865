/**
 * The embedded database on its worker thread: the same answers as PGlite in the same thread,
 * errors with their properties, transactions kept apart, a main thread free while a statement
 * runs, and a worker that dies failing every call at once.
 */
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PGliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';
import { openPGliteWorker } from './pgliteClient';
import { oneTripQueries } from './pgliteOneTrip';

interface Db {
  probe: { id: string; n: number };
}

const SETUP = 'create table probe (id text primary key, n int not null)';

let inProcess: PGlite;
/** Kysely on PGlite in this thread, as the server had it before the worker. */
let local: Kysely<Db>;
let handle: DatabaseHandle;
/** The server's database: Kysely on PGlite on a worker thread. */
let db: Kysely<Db>;

beforeAll(async () => {
  const raw = new PGlite();
  await raw.waitReady;
  inProcess = oneTripQueries(raw);
  local = new Kysely<Db>({ dialect: new PGliteDialect({ pglite: inProcess }) });
  handle = await openDatabase({ kind: 'pglite' });
  db = handle.db as unknown as Kysely<Db>;
  await Promise.all([sql.raw(SETUP).execute(local), sql.raw(SETUP).execute(db)]);
}, 120_000);

afterAll(async () => {
  await handle.close();
  await local.destroy();
}, 60_000);

async function probeIds(): Promise<string[]> {
  const rows = await db.selectFrom('probe').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

describe('PGlite on a worker thread', () => {
  it('answers the same rows, types and counts as PGlite in the same thread', async () => {
    const queries: [string, unknown[]][] = [
      [
        `select 9007199254740993::bigint as big, 42::int as small, 1.5::float8 as f, 'x' as t,
                null::text as nothing, true as yes, '2026-11-26T10:00:00.123Z'::timestamptz as at,
                '\\x00ff10'::bytea as bytes, '{"a":[1,2]}'::jsonb as doc, array[1,2,3] as list`,
        [],
      ],
      // one-trip parameters (text, numbers, bigint, null) and PGlite's own (a Date, bytes)
      ['select $1::text as t, $2::int as n, $3::bigint as b, $4::text as z', ['é', 7, 12n, null]],
      [
        'select $1::timestamptz as at, $2::bytea as bytes',
        [new Date('2026-01-02T03:04:05.678Z'), new Uint8Array([1, 2, 3])],
      ],
      ['select g as n from generate_series(1, 3) as g', []],
    ];
    for (const [text, params] of queries) {
      const own = await local.executeQuery(CompiledQuery.raw(text, params));
      const remote = await db.executeQuery(CompiledQuery.raw(text, params));
      expect(remote).toEqual(own);
    }
    const [row] = (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(queries[0]![0]))).rows;
    expect(typeof row!.big).toBe('bigint');
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.bytes).toBeInstanceOf(Uint8Array);
    expect([...(row!.bytes as Uint8Array)]).toEqual([0, 0xff, 0x10]);
    expect(row!.nothing).toBeNull();
    const inserted = await db
      .insertInto('probe')
      .values([
        { id: 'count-1', n: 1 },
        { id: 'count-2', n: 2 },
      ])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    await db.deleteFrom('probe').execute();
  });

  it('surfaces a unique violation with its code and fields, inside and outside a transaction', async () => {
    await db.insertInto('probe').values({ id: 'dup', n: 1 }).execute();
    const outside = await db
      .insertInto('probe')
      .values({ id: 'dup', n: 2 })
      .execute()
      .catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(Error);
    expect(outside).toMatchObject({ code: '23505', constraint: 'probe_pkey', severity: 'ERROR' });
    expect((outside as Error).message).toMatch(/duplicate key/);
    expect((outside as { detail: string }).detail).toMatch(/\(id\)=\(dup\)/);
    // the stack names the caller (this file), not only the worker
    expect((outside as Error).stack).toContain('pgliteClient.test.ts');
    const inside = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('probe').values({ id: 'dup-tx', n: 1 }).execute();
        await trx.insertInto('probe').values({ id: 'dup', n: 3 }).execute();
      })
      .catch((e: unknown) => e);
    expect(inside).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
    expect(await probeIds()).toEqual(['dup']);
    await db.deleteFrom('probe').execute();
  });

  it('leaves nothing of a transaction that is rolled back', async () => {
    const failure = new Error('changed my mind');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('probe').values({ id: 'gone', n: 1 }).execute();
        expect(await trx.selectFrom('probe').select('id').execute()).toEqual([{ id: 'gone' }]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await probeIds()).toEqual([]);
    // the database takes the next transaction and query as usual
    await db.transaction().execute((trx) => trx.insertInto('probe').values({ id: 'kept', n: 1 }).execute());
    expect(await probeIds()).toEqual(['kept']);
    await db.deleteFrom('probe').execute();
  });

  it('never mixes two callers’ concurrent transactions', async () => {
    const seen: Record<string, string[]> = {};
    const run = (who: string, fail: boolean) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('probe')
          .values({ id: `${who}-1`, n: 1 })
          .execute();
        await new Promise((r) => setTimeout(r, 30));
        await trx
          .insertInto('probe')
          .values({ id: `${who}-2`, n: 2 })
          .execute();
        seen[who] = (await trx.selectFrom('probe').select('id').orderBy('id').execute()).map((r) => r.id);
        if (fail) throw new Error(`${who} fails`);
      });
    const outcomes = await Promise.allSettled([
      run('a', true),
      run('b', false),
      db.selectFrom('probe').selectAll().execute(),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(seen).toEqual({ a: ['a-1', 'a-2'], b: ['b-1', 'b-2'] });
    expect(await probeIds()).toEqual(['b-1', 'b-2']);
    await db.deleteFrom('probe').execute();
  });

  it('keeps the main thread’s event loop running while a long statement runs', async () => {
    // Timer turns (a chain of 1 ms timers) completed before the statement answers: in the same
    // thread the statement holds the loop and at most the first one completes. How long the loop
    // waits is timed in bench/src/pgliteWorker.bench.ts.
    const heavy = 'select sum(g) as s from generate_series(1, 1000000) as g';
    const turnsBefore = async (query: Kysely<Db>) => {
      let turns = 0;
      let answered = false;
      const turn = () => {
        if (answered) return;
        turns++;
        setTimeout(turn, 1);
      };
      setTimeout(turn, 1);
      await sql.raw(heavy).execute(query);
      answered = true;
      return turns;
    };
    expect(await turnsBefore(db)).toBeGreaterThanOrEqual(3);
    expect(await turnsBefore(local)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('rejects pending and later calls with a clear error when the worker dies', async () => {
    const doomed = await openPGliteWorker({});
    const pending = doomed.query('select sum(g) from generate_series(1, 5000000) as g');
    const inTransaction = doomed.transaction(() => new Promise(() => {}));
    await new Promise((r) => setTimeout(r, 50));
    await doomed.kill();
    await expect(pending).rejects.toThrow(/embedded database stopped/);
    await expect(inTransaction).rejects.toThrow(/embedded database stopped/);
    await expect(doomed.query('select 1')).rejects.toThrow(/embedded database stopped/);
    expect(doomed.closed).toBe(true);
    await doomed.close();
  }, 60_000);

  it('refuses calls once closed, and closes once', async () => {
    const closing = await openPGliteWorker({});
    expect((await closing.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await Promise.all([closing.close(), closing.close()]);
    expect(closing.closed).toBe(true);
    await expect(closing.query('select 1')).rejects.toThrow(/closed/);
  }, 60_000);
});

describe('PGlite worker that cannot open', () => {
  it('rejects the opening with PGlite’s reason instead of waiting', async () => {
    const garbage = new Blob([new Uint8Array(4096).fill(7)]);
    await expect(openPGliteWorker({ loadDataDir: garbage })).rejects.toThrow(
      /^the embedded database could not open: ./,
    );
  }, 60_000);
});
