import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import { CopyBinaryWriter } from './copyBinary';
import type { DatabaseHandle } from './database';

interface Row {
  readonly i2: number;
  readonly i4: number;
  readonly i8: number;
  readonly f8: number;
  readonly tsMs: number;
  readonly t: string;
  readonly b: Uint8Array;
  readonly maybe: number | null;
}

const COLUMNS = ['n', 'i2', 'i4', 'i8', 'f8', 'ts', 't', 'b', 'maybe'];

const rowArb: fc.Arbitrary<Row> = fc.record({
  i2: fc.integer({ min: -32768, max: 32767 }),
  i4: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  i8: fc.maxSafeInteger(),
  f8: fc.double({ noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v)),
  tsMs: fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
  t: fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.replaceAll('\u0000', '')),
  b: fc.uint8Array({ maxLength: 300 }),
  maybe: fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null }),
});

function encode(rows: readonly Row[], first: number): Uint8Array {
  const out = new CopyBinaryWriter(16);
  rows.forEach((r, k) => {
    out
      .row(COLUMNS.length)
      .int4(first + k)
      .int2(r.i2)
      .int4(r.i4)
      .int8(r.i8)
      .float8(r.f8)
      .timestampMs(r.tsMs);
    out.text(r.t).bytea(r.b);
    if (r.maybe === null) out.null();
    else out.int4(r.maybe);
  });
  return out.finish();
}

describeEachDatabase('binary COPY (copyIn + CopyBinaryWriter)', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await sql`create table copy_probe (n int primary key, i2 smallint, i4 int, i8 bigint, f8 float8,
      ts timestamptz, t text, b bytea, maybe int)`.execute(handle.db);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it('stores every value exactly as written (property)', async () => {
    let next = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 20 }), async (rows) => {
        const first = next;
        next += rows.length;
        const stored = await handle.copyIn('copy_probe', COLUMNS, encode(rows, first));
        expect(stored).toBe(rows.length);
        const back = await sql<{
          i2: number;
          i4: number;
          i8: string;
          f8: number;
          ms: string;
          t: string;
          b: string;
          maybe: number | null;
        }>`select i2, i4, i8::text as i8, f8, (extract(epoch from ts) * 1000)::bigint::text as ms, t,
                  encode(b, 'hex') as b, maybe
           from copy_probe where n >= ${first} and n < ${next} order by n`.execute(handle.db);
        expect(back.rows).toEqual(
          rows.map((r) => ({
            i2: r.i2,
            i4: r.i4,
            i8: String(r.i8),
            f8: r.f8,
            ms: String(r.tsMs),
            t: r.t,
            b: Buffer.from(r.b).toString('hex'),
            maybe: r.maybe,
          })),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('stores nothing of a COPY that fails, and names the duplicate key (23505)', async () => {
    const row: Row = { i2: 1, i4: 2, i8: 3, f8: 0.5, tsMs: 0, t: 'x', b: new Uint8Array([1]), maybe: null };
    await handle.copyIn('copy_probe', COLUMNS, encode([row], 100_000));
    const failure = await handle
      .copyIn('copy_probe', COLUMNS, encode([row, row], 99_999)) // 99,999 is new, 100,000 is not
      .then(() => undefined)
      .catch((error: unknown) => error as { code?: string });
    expect(failure?.code).toBe('23505');
    const n = await sql<{ n: number }>`select count(*)::int as n from copy_probe where n >= 99999`.execute(
      handle.db,
    );
    expect(n.rows[0]!.n).toBe(1);
    // The database answers the next statement as usual.
    expect(await handle.copyIn('copy_probe', COLUMNS, encode([row], 100_001))).toBe(1);
  });

  it('refuses names that are not plain identifiers', async () => {
    await expect(handle.copyIn('copy_probe; drop table x', COLUMNS, encode([], 0))).rejects.toThrow(
      /not a plain identifier/,
    );
  });
});

describe('CopyBinaryWriter', () => {
  it('answers bytes that fill their own buffer whatever the size hint (the PGlite worker takes them without a copy)', () => {
    for (const hint of [16, 60, 4096, 1 << 20]) {
      const out = new CopyBinaryWriter(hint);
      out.row(2).text('écrit ✍').bytea(new Uint8Array(100).fill(7));
      const bytes = out.finish();
      // signature + flags + extension length, the row (2 + 4 + 10 + 4 + 100), the trailer
      expect(bytes.byteLength).toBe(19 + 120 + 2);
      expect(bytes.byteOffset).toBe(0);
      expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
      expect(Buffer.from(bytes.subarray(25, 35)).toString('utf8')).toBe('écrit ✍');
    }
  });

  it('keeps the ASCII start of a text when its other characters make the buffer grow', () => {
    // the writer's first buffer is 64 bytes: 19 of header, the row, then a text of 2 ASCII
    // characters and astral ones (4 bytes each) that do not fit
    const value = `  ${'𝅘𝅥𝅮'.repeat(12)}`;
    const out = new CopyBinaryWriter(16);
    out.row(1).text(value);
    const bytes = out.finish();
    const length = new DataView(bytes.buffer, bytes.byteOffset).getInt32(21);
    expect(length).toBe(Buffer.byteLength(value, 'utf8'));
    expect(Buffer.from(bytes.subarray(25, 25 + length)).toString('utf8')).toBe(value);
  });
});
