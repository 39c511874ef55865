import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED, oneTripQueries } from './pgliteOneTrip';

let pglite: PGlite;
let fast: PGlite;

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.waitReady;
  fast = oneTripQueries(pglite);
  await pglite.exec(`
    create table t (
      id text primary key, n integer, big bigint, at timestamptz, bytes bytea, doc jsonb,
      tags text[], flag boolean, ratio double precision
    );
    insert into t values
      ('a', 1, 9007199254740993, '2026-11-26T01:02:03.004Z', '\\x0102ff', '{"k":[1,"x"]}', '{x,"y z"}', true, 0.5),
      ('b', null, null, null, null, null, null, null, null);`);
}, 30_000);

afterAll(async () => {
  await pglite.close();
});

describe('one-trip PGlite queries', () => {
  it('answers the same rows, types and counts as PGlite’s own query', async () => {
    const sql = 'select * from t where id = any(array[$1, $2]) and coalesce(n, $3) >= $3 order by id';
    const params = ['a', 'b', 0];
    const own = await pglite.query(sql, params, { rowMode: 'object' });
    const one = await fast.query(sql, params, { rowMode: 'object' });
    expect(one.rows).toEqual(own.rows);
    expect(one.rows).toHaveLength(2);
    expect(one.rows[0]).toMatchObject({ id: 'a', n: 1, flag: true, ratio: 0.5, tags: ['x', 'y z'] });
    expect(one.fields.map((f) => f.name)).toEqual(own.fields.map((f) => f.name));
    const inserted = await fast.query('insert into t (id, n) values ($1, $2), ($3, $4)', ['c', 3, 'd', 4n]);
    expect(inserted.affectedRows).toBe(2);
    const updated = await fast.query('update t set n = n + $1 where id in ($2, $3)', [10, 'c', 'd']);
    expect(updated.affectedRows).toBe(2);
    expect((await fast.query<{ n: number }>('select n from t where id = $1', ['d'])).rows).toEqual([
      { n: 14 },
    ]);
  });

  it('sends text, numbers, bigints and null unchanged (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string().filter((s) => !s.includes('\u0000')),
        fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        async (text, int, big) => {
          const { rows } = await fast.query<{ s: string; i: number; b: string; z: null }>(
            'select $1::text as s, $2::int as i, $3::bigint::text as b, $4::text as z',
            [text, int, big, null],
          );
          expect(rows).toEqual([{ s: text, i: int, b: String(big), z: null }]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('throws the database error with its code and keeps the session usable', async () => {
    await expect(fast.query('insert into t (id) values ($1)', ['a'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(fast.query('select nope from t where id = $1', ['a'])).rejects.toMatchObject({
      code: '42703',
    });
    expect((await fast.query('select count(*)::int as c from t where id = $1', ['a'])).rows).toEqual([
      { c: 1 },
    ]);
  });

  it('takes PGlite’s own path for other parameters', async () => {
    const at = new Date('2026-11-26T01:02:03.004Z');
    const { rows } = await fast.query<{ id: string }>('select id from t where at = $1 and bytes = $2', [
      at,
      new Uint8Array([1, 2, 255]),
    ]);
    expect(rows).toEqual([{ id: 'a' }]);
  });

  it('never runs inside another caller’s open transaction, and runs inside its own', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = fast.transaction(async (t) => {
      await t.query('insert into t (id, n) values ($1, $2)', ['tx', 1]);
      expect((await t.query('select n from t where id = $1', ['tx'])).rows).toEqual([{ n: 1 }]);
      await held;
      throw new Error('roll back');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = fast.query('select count(*)::int as c from t where id = $1', ['tx']);
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([{ c: 0 }]);
  });

  it('keeps prepared statements right when a table changes and when old ones are closed', async () => {
    await pglite.exec("create table u (id text primary key); insert into u values ('x');");
    const sql = 'select * from u where id = $1';
    expect((await fast.query(sql, ['x'])).rows).toEqual([{ id: 'x' }]);
    expect((await fast.query(sql, ['x'])).rows).toEqual([{ id: 'x' }]);
    await pglite.exec("alter table u add column label text default 'new'");
    expect((await fast.query(sql, ['x'])).rows).toEqual([{ id: 'x', label: 'new' }]);
    for (let i = 0; i <= MAX_PREPARED + 5; i++) {
      const { rows } = await fast.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(rows).toEqual([{ v: 1 + i }]);
    }
    expect((await fast.query(sql, ['x'])).rows).toEqual([{ id: 'x', label: 'new' }]);
    const left = await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(left.rows[0]!.n).toBeLessThanOrEqual(MAX_PREPARED + 1);
  });
});
