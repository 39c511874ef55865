/**
 * The ink store's table on its own (no server): storing an upload by each of its ways (binary
 * COPY, the fallback statement with its dots as a file or as a parameter), reading a student's
 * strokes back in keyset pages, and removing the strokes an upload would refuse.
 */
import { encodeServerDotBytes } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import {
  copyDataSize,
  copyRows,
  removeDamagedStrokes,
  type StoreOptions,
  type StrokeSearch,
  searchStrokes,
  storeUpload,
  UPLOAD_ID_STRIDE,
} from './inkStrokeStore';
import type { StoredStroke, UploadPage } from './uploadDecode';

/** Dots at (x, y) every 10 ms from `start`. */
function dotsAt(start: number, points: readonly (readonly [number, number])[]): Uint8Array {
  return encodeServerDotBytes(
    {
      count: points.length,
      xNu: Float32Array.from(points.map((p) => p[0])),
      yNu: Float32Array.from(points.map((p) => p[1])),
      force: Float32Array.from(points.map(() => 300)),
      timeMs: Float64Array.from(points.map((_, i) => start + 10 * i)),
    },
    start,
  );
}

const T0 = Date.UTC(2025, 2, 3, 9, 0, 0);

function stroke(start: number, over: Partial<StoredStroke> = {}): StoredStroke {
  const dots =
    over.dots ??
    dotsAt(start, [
      [1, 1],
      [4, 5],
    ]);
  return {
    writerId: 'w-self',
    mac: '9C:7B:D2:00:00:01',
    startTime: start,
    color: -16777216,
    penTipType: 1,
    strokeType: 2,
    thickness: 0.25,
    updated: start,
    deleteFlag: 0,
    dotCount: dots.length / 17,
    dots,
    endTime: start + 10 * (dots.length / 17 - 1),
    distanceNu: 5,
    ...over,
  };
}

function page(p: number, strokes: readonly StoredStroke[], over: Partial<UploadPage> = {}): UploadPage {
  return {
    page: pageAddress(3, 1012, 1191, p),
    category: '"math"',
    createdMs: T0 - 60_000,
    strokes,
    ...over,
  };
}

type Way = 'copy' | 'file' | 'parameter';

describeEachDatabase('ink stroke store', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  const options = (way: Way): StoreOptions =>
    way === 'copy'
      ? { copyIn: handle.copyIn, withBlob: handle.withBlob }
      : way === 'file'
        ? { withBlob: handle.withBlob }
        : {};
  /** A student's rows, the 64-bit columns as numbers (the two databases' drivers differ). */
  const rowsOf = async (student: string) =>
    (
      await handle.db
        .selectFrom('ink_strokes')
        .selectAll()
        .where('student_id', '=', student)
        .orderBy('id')
        .execute()
    ).map((r) => ({
      ...r,
      id: String(r.id),
      upload_id: Number(r.upload_id),
      start_time: Number(r.start_time),
      updated: Number(r.updated),
      end_time: r.end_time === null ? null : Number(r.end_time),
    }));

  for (const way of ['copy', 'file', 'parameter'] as const) {
    describe(`by ${way}`, () => {
      it('stores every field of each stroke in request order, with one upload id per request plus the record', async () => {
        const student = `s-store-${way}`;
        const a = stroke(T0, { writerId: student, endTime: null, distanceNu: 0 });
        const b = stroke(T0 + 1000, {
          writerId: 'teacher-1',
          color: 255,
          penTipType: 0,
          strokeType: 5,
          thickness: 1.5,
          deleteFlag: 1,
          updated: T0 + 5000,
        });
        const c = stroke(T0 + 2000, {
          mac: 'mac-2',
          dots: dotsAt(T0 + 2000, [
            [0, 0],
            [3, 4],
            [6, 8],
          ]),
          endTime: T0 + 2020,
          distanceNu: 10,
        });
        const pages = [page(7, [a, b], { category: '0' }), page(8, [c], { createdMs: T0 - 1 })];
        const at = T0 + 3_600_000;
        const result = await storeUpload(handle.db, student, pages, at, options(way));
        expect(result).toEqual({ received: 3, stored: 3, updated: 0, uploadedAt: new Date(at) });
        const rows = await rowsOf(student);
        const base = rows[0]!.upload_id;
        expect(base % UPLOAD_ID_STRIDE).toBe(0);
        expect(rows.map((r) => r.upload_id - base)).toEqual([0, 0, 1]);
        expect(
          rows.map((r) => ({ ...r, id: undefined, upload_id: undefined, dots: Buffer.from(r.dots) })),
        ).toEqual([
          {
            id: undefined,
            upload_id: undefined,
            student_id: student,
            section: 3,
            owner: 1012,
            book: 1191,
            page: 7,
            writer_id: student,
            mac: '9C:7B:D2:00:00:01',
            start_time: T0,
            uploaded_at: new Date(at),
            created_at: new Date(T0 - 60_000),
            category: '0',
            color: -16777216,
            pen_tip_type: 1,
            stroke_type: 2,
            thickness: 0.25,
            updated: T0,
            delete_flag: 0,
            dot_count: 2,
            dots: Buffer.from(a.dots),
            end_time: null,
            distance_nu: 0,
          },
          {
            id: undefined,
            upload_id: undefined,
            student_id: student,
            section: 3,
            owner: 1012,
            book: 1191,
            page: 7,
            writer_id: 'teacher-1',
            mac: '9C:7B:D2:00:00:01',
            start_time: T0 + 1000,
            uploaded_at: new Date(at),
            created_at: new Date(T0 - 60_000),
            category: '0',
            color: 255,
            pen_tip_type: 0,
            stroke_type: 5,
            thickness: 1.5,
            updated: T0 + 5000,
            delete_flag: 1,
            dot_count: 2,
            dots: Buffer.from(b.dots),
            end_time: T0 + 1010,
            distance_nu: 5,
          },
          {
            id: undefined,
            upload_id: undefined,
            student_id: student,
            section: 3,
            owner: 1012,
            book: 1191,
            page: 8,
            writer_id: 'w-self',
            mac: 'mac-2',
            start_time: T0 + 2000,
            uploaded_at: new Date(at),
            created_at: new Date(T0 - 1),
            category: '"math"',
            color: -16777216,
            pen_tip_type: 1,
            stroke_type: 2,
            thickness: 0.25,
            updated: T0 + 2000,
            delete_flag: 0,
            dot_count: 3,
            dots: Buffer.from(c.dots),
            end_time: T0 + 2020,
            distance_nu: 10,
          },
        ]);
        // the next request takes the next upload id block
        await storeUpload(handle.db, student, [page(9, [stroke(T0 + 9000)])], at, options(way));
        const next = (await rowsOf(student)).at(-1)!;
        expect(Number(next.upload_id) % UPLOAD_ID_STRIDE).toBe(0);
        expect(Number(next.upload_id)).toBeGreaterThan(base);
      });

      it('stores a retried upload once, and a newer copy of a stroke in its place', async () => {
        const student = `s-retry-${way}`;
        const first = [page(1, [stroke(T0), stroke(T0 + 100)])];
        expect(await storeUpload(handle.db, student, first, T0, options(way))).toMatchObject({
          received: 2,
          stored: 2,
          updated: 0,
        });
        expect(await storeUpload(handle.db, student, first, T0 + 1, options(way))).toMatchObject({
          received: 2,
          stored: 0,
          updated: 0,
        });
        // a newer copy of the second stroke (erased later), an older copy of the first, and a new stroke
        const erased = stroke(T0 + 100, {
          updated: T0 + 900,
          deleteFlag: 1,
          color: 7,
          dots: dotsAt(T0 + 100, [[2, 2]]),
          endTime: null,
          distanceNu: 0,
        });
        const older = stroke(T0, { updated: T0 - 1, color: 9 });
        const again = [page(1, [older, erased, stroke(T0 + 200)])];
        expect(await storeUpload(handle.db, student, again, T0 + 2, options(way))).toEqual({
          received: 3,
          stored: 1,
          updated: 1,
          uploadedAt: new Date(T0 + 2),
        });
        const rows = await rowsOf(student);
        expect(
          rows.map((r) => [
            r.start_time,
            r.updated,
            r.color,
            r.delete_flag,
            r.dot_count,
            r.end_time,
            r.uploaded_at.getTime(),
          ]),
        ).toEqual([
          [T0, T0, -16777216, 0, 2, T0 + 10, T0],
          [T0 + 100, T0 + 900, 7, 1, 1, null, T0 + 2],
          [T0 + 200, T0 + 200, -16777216, 0, 2, T0 + 210, T0 + 2],
        ]);
        expect(Buffer.from(rows[1]!.dots)).toEqual(Buffer.from(erased.dots));
        expect(Number(rows[1]!.upload_id)).toBe(Number(rows[2]!.upload_id));
      });

      it('counts a stroke given twice in one request once, keeping the newer copy wherever it comes', async () => {
        const student = `s-twice-${way}`;
        const newer = (s: number) => stroke(s, { updated: s + 50, color: 1 });
        // a copy as old as the one before it (T0 + 20, colour 2 then 3) does not replace it
        const pages = [
          page(2, [stroke(T0), newer(T0 + 10), stroke(T0 + 20, { color: 2 })]),
          page(2, [newer(T0), stroke(T0 + 10), stroke(T0 + 20, { color: 3 })]),
        ];
        expect(await storeUpload(handle.db, student, pages, T0, options(way))).toMatchObject({
          received: 6,
          stored: 3,
          updated: 0,
        });
        const rows = await rowsOf(student);
        expect(rows.map((r) => [r.start_time, r.color])).toEqual([
          [T0, 1],
          [T0 + 10, 1],
          [T0 + 20, 2],
        ]);
        // the copy kept is stored with its own record's upload id
        expect(Number(rows[0]!.upload_id) % UPLOAD_ID_STRIDE).toBe(1);
        expect(Number(rows[1]!.upload_id) % UPLOAD_ID_STRIDE).toBe(0);
        // the same start on another page, pen or writer is another stroke
        const others = [
          page(3, [stroke(T0)]),
          page(2, [stroke(T0, { mac: 'other-pen' })]),
          page(2, [stroke(T0, { writerId: 'teacher-2' })]),
          { ...page(2, [stroke(T0)]), page: pageAddress(3, 1012, 1192, 2) },
          { ...page(2, [stroke(T0)]), page: pageAddress(3, 1013, 1191, 2) },
          { ...page(2, [stroke(T0)]), page: pageAddress(4, 1012, 1191, 2) },
        ];
        expect(await storeUpload(handle.db, student, others, T0, options(way))).toMatchObject({
          received: 6,
          stored: 6,
        });
      });
    });
  }

  it('stores nothing for an upload without strokes, without a statement', async () => {
    let bulk = 0;
    const counted: StoreOptions = {
      copyIn: (...a) => {
        bulk++;
        return handle.copyIn(...a);
      },
    };
    expect(await storeUpload(handle.db, 's-none', [page(1, []), page(2, [])], T0, counted)).toEqual({
      received: 0,
      stored: 0,
      updated: 0,
      uploadedAt: new Date(T0),
    });
    expect(bulk).toBe(0);
    expect(await rowsOf('s-none')).toEqual([]);
  });

  it('passes on a COPY failure that is not a stroke stored already', async () => {
    const broken: StoreOptions = {
      copyIn: async () => {
        throw Object.assign(new Error('disk full'), { code: '53100' });
      },
    };
    await expect(storeUpload(handle.db, 's-broken', [page(1, [stroke(T0)])], T0, broken)).rejects.toThrow(
      'disk full',
    );
    const plain: StoreOptions = {
      copyIn: async () => {
        throw 'not an object';
      },
    };
    await expect(storeUpload(handle.db, 's-broken', [page(1, [stroke(T0)])], T0, plain)).rejects.toBe(
      'not an object',
    );
    const nothing: StoreOptions = {
      copyIn: async () => {
        throw null;
      },
    };
    await expect(storeUpload(handle.db, 's-broken', [page(1, [stroke(T0)])], T0, nothing)).rejects.toBe(null);
    expect(await rowsOf('s-broken')).toEqual([]);
  });

  describe('search', () => {
    const student = 's-search';
    let ids: string[] = [];
    beforeAll(async () => {
      // 6 strokes of 2, 3, 1, 4, 2, 2 dots: two uploads, pages 1 and 2 of book 1191, a teacher's stroke
      const up1 = T0 + 1000;
      const up2 = T0 + 2000;
      const n = (k: number) => Array.from({ length: k }, (_, i) => [i, i] as const);
      await storeUpload(
        handle.db,
        student,
        [
          page(1, [
            stroke(T0, { writerId: student, dots: dotsAt(T0, n(2)) }),
            stroke(T0 + 10_000, { writerId: student, dots: dotsAt(T0 + 10_000, n(3)) }),
          ]),
          page(2, [stroke(T0 + 20_000, { writerId: student, dots: dotsAt(T0 + 20_000, n(1)) })]),
        ],
        up1,
        options('copy'),
      );
      await storeUpload(
        handle.db,
        student,
        [
          page(1, [stroke(T0 + 30_000, { writerId: student, dots: dotsAt(T0 + 30_000, n(4)) })]),
          page(2, [stroke(T0 - 50_000, { writerId: 'teacher-9', dots: dotsAt(T0 - 50_000, n(2)) })]),
          {
            ...page(2, [stroke(T0 + 40_000, { writerId: student, dots: dotsAt(T0 + 40_000, n(2)) })]),
            page: pageAddress(4, 1013, 1192, 2),
          },
        ],
        up2,
        options('copy'),
      );
      await storeUpload(handle.db, 's-search-other', [page(1, [stroke(T0)])], up1, options('copy'));
      ids = (await rowsOf(student)).map((r) => r.id);
    });
    const search = (q: Partial<StrokeSearch>) =>
      searchStrokes(handle.db, { studentId: student, maxStrokes: 100, maxDots: 1000, ...q });
    const startsOf = async (q: Partial<StrokeSearch>) => (await search(q)).rows.map((r) => r.startTime - T0);

    it('answers every field of a stroke, its dots as one base64 text', async () => {
      const long = dotsAt(
        T0,
        Array.from({ length: 9 }, (_, i) => [i * 2, i] as const),
      );
      await storeUpload(
        handle.db,
        's-fields',
        [page(5, [stroke(T0, { dots: long, updated: T0 + 7, deleteFlag: 1, color: -5, thickness: 0.5 })])],
        T0 + 99,
        options('copy'),
      );
      const { rows, hasMore } = await searchStrokes(handle.db, {
        studentId: 's-fields',
        maxStrokes: 10,
        maxDots: 100,
      });
      expect(hasMore).toBe(false);
      expect(rows).toEqual([
        {
          id: expect.stringMatching(/^\d+$/),
          uploadId: expect.stringMatching(/^\d+0000$/),
          section: 3,
          owner: 1012,
          book: 1191,
          page: 5,
          color: -5,
          penTipType: 1,
          strokeType: 2,
          thickness: 0.5,
          updated: T0 + 7,
          deleteFlag: 1,
          dotCount: 9,
          startTime: T0,
          uploadedMs: T0 + 99,
          createdMs: T0 - 60_000,
          writerId: 'w-self',
          mac: '9C:7B:D2:00:00:01',
          category: '"math"',
          dots: Buffer.from(long).toString('base64'),
        },
      ]);
    });

    it('reads times past a JavaScript date as its first or last instant', async () => {
      await storeUpload(handle.db, 's-far', [page(1, [stroke(T0), stroke(T0 + 1)])], T0, options('copy'));
      await sql`update ink_strokes set uploaded_at = 'infinity', created_at = '-infinity' where student_id = 's-far' and start_time = ${T0}::bigint`.execute(
        handle.db,
      );
      await sql`update ink_strokes set uploaded_at = '294276-01-01', created_at = '4000-01-01 BC' where student_id = 's-far' and start_time = ${T0 + 1}::bigint`.execute(
        handle.db,
      );
      const { rows } = await searchStrokes(handle.db, { studentId: 's-far', maxStrokes: 10, maxDots: 100 });
      expect(rows.map((r) => [r.uploadedMs, r.createdMs])).toEqual([
        [8.64e15, -8.64e15],
        // 4000 BC is a JavaScript date
        [8.64e15, Date.parse('-003999-01-01T00:00:00Z')],
      ]);
      expect(new Date(rows[0]!.uploadedMs).getTime()).toBe(8.64e15);
    });

    it("answers one student's strokes in id order, in pages of at most so many strokes", async () => {
      expect(await startsOf({})).toEqual([0, 10_000, 20_000, 30_000, -50_000, 40_000]);
      const first = await search({ maxStrokes: 4 });
      expect(first.hasMore).toBe(true);
      expect(first.rows.map((r) => r.id)).toEqual(ids.slice(0, 4));
      const second = await search({ maxStrokes: 4, afterId: first.rows.at(-1)!.id });
      expect(second).toMatchObject({ hasMore: false });
      expect(second.rows.map((r) => r.id)).toEqual(ids.slice(4));
      expect((await search({ maxStrokes: 6 })).hasMore).toBe(false);
      expect((await search({ maxStrokes: 5 })).hasMore).toBe(true);
      expect(await search({ afterId: ids.at(-1)! })).toEqual({ rows: [], hasMore: false });
    });

    it('ends a page once its strokes hold the dot budget, never before its first stroke', async () => {
      // dots 2, 3, 1, 4, 2, 2: a stroke starting under the budget is in the page
      expect(await startsOf({ maxDots: 5 })).toEqual([0, 10_000]);
      expect((await search({ maxDots: 5 })).hasMore).toBe(true);
      expect(await startsOf({ maxDots: 6 })).toEqual([0, 10_000, 20_000]);
      expect(await startsOf({ maxDots: 7 })).toEqual([0, 10_000, 20_000, 30_000]);
      expect(await startsOf({ maxDots: 1 })).toEqual([0]);
      const after = await search({ maxDots: 1, afterId: ids[2]! });
      expect(after.rows.map((r) => r.id)).toEqual([ids[3]]);
      expect(after.hasMore).toBe(true);
      expect(await startsOf({ maxDots: 14 })).toEqual([0, 10_000, 20_000, 30_000, -50_000, 40_000]);
      expect((await search({ maxDots: 14 })).hasMore).toBe(false);
      expect((await search({ maxDots: 13 })).hasMore).toBe(false);
      expect(await startsOf({ maxDots: 12 })).toEqual([0, 10_000, 20_000, 30_000, -50_000]);
      expect((await search({ maxDots: 12 })).hasMore).toBe(true);
      expect(await startsOf({ maxDots: 1000, maxStrokes: 2 })).toEqual([0, 10_000]);
    });

    it('filters by upload time (from inclusive, to exclusive) and by code page', async () => {
      expect(await startsOf({ uploadedFrom: new Date(T0 + 2000) })).toEqual([30_000, -50_000, 40_000]);
      expect(await startsOf({ uploadedFrom: new Date(T0 + 2001) })).toEqual([]);
      expect(await startsOf({ uploadedTo: new Date(T0 + 2000) })).toEqual([0, 10_000, 20_000]);
      expect(await startsOf({ uploadedTo: new Date(T0 + 1000) })).toEqual([]);
      expect(await startsOf({ section: 4 })).toEqual([40_000]);
      expect(await startsOf({ owner: 1012 })).toEqual([0, 10_000, 20_000, 30_000, -50_000]);
      expect(await startsOf({ book: 1192 })).toEqual([40_000]);
      expect(await startsOf({ pages: [2] })).toEqual([20_000, -50_000, 40_000]);
      expect(await startsOf({ pages: [1, 2], book: 1191 })).toEqual([0, 10_000, 20_000, 30_000, -50_000]);
      expect(await startsOf({ pages: [] })).toEqual([0, 10_000, 20_000, 30_000, -50_000, 40_000]);
    });

    it("cuts the pupil's own strokes by a start window (inclusive), never another writer's", async () => {
      expect(await startsOf({ startFromMs: T0 + 10_000, startToMs: T0 + 30_000 })).toEqual([
        10_000, 20_000, 30_000, -50_000,
      ]);
      expect(await startsOf({ startFromMs: T0 + 10_001, startToMs: T0 + 29_999 })).toEqual([20_000, -50_000]);
      expect(await startsOf({ startFromMs: T0 + 20_000 })).toEqual([20_000, 30_000, -50_000, 40_000]);
      expect(await startsOf({ startToMs: T0 + 10_000 })).toEqual([0, 10_000, -50_000]);
    });
  });

  it('removes the strokes an upload would refuse now, and only those', async () => {
    const student = 's-damaged';
    const now = Date.UTC(2025, 5, 1);
    const latest = now + 24 * 3_600_000;
    const min = Date.UTC(2000, 0, 1);
    const insert = (
      start: number,
      set: { updated?: number; end?: number | null; count?: number; distance?: string } = {},
    ) =>
      sql`insert into ink_strokes (student_id, section, owner, book, page, writer_id, mac, start_time, upload_id,
            uploaded_at, created_at, color, pen_tip_type, stroke_type, thickness, updated, delete_flag, dot_count,
            dots, end_time, distance_nu)
          values (${student}, 3, 1012, 1191, 1, ${student}, 'AA', ${start}, 1, now(), now(), 0, 0, 0, 0.2,
            ${set.updated ?? start}, 0, ${set.count ?? 1}, ${new Uint8Array(17)}, ${set.end === undefined ? null : set.end},
            ${set.distance ?? '0'}::float8)`.execute(handle.db);
    const kept = [
      () => insert(min),
      () => insert(latest),
      () => insert(min + 1, { updated: min }),
      () => insert(min + 2, { updated: latest }),
      () => insert(min + 3, { end: min + 3 }),
      () => insert(min + 4, { end: latest }),
      () => insert(min + 5, { count: 0, distance: '12.5' }),
    ];
    const removed = [
      () => insert(min - 1),
      () => insert(latest + 1),
      () => insert(min + 10, { updated: min - 1 }),
      () => insert(min + 11, { updated: latest + 1 }),
      () => insert(min + 12, { end: min + 11 }),
      () => insert(min + 13, { end: latest + 1 }),
      () => insert(min + 14, { count: -1 }),
      () => insert(min + 15, { distance: '-0.5' }),
      () => insert(min + 16, { distance: 'Infinity' }),
      () => insert(min + 17, { distance: 'NaN' }),
    ];
    for (const add of [...kept, ...removed]) await add();
    await storeUpload(handle.db, 's-damaged-other', [page(1, [stroke(min - 1)])], now, options('parameter'));
    expect(await removeDamagedStrokes(handle.db, student, now)).toBe(removed.length);
    expect((await rowsOf(student)).map((r) => Number(r.start_time))).toEqual([
      min,
      latest,
      min + 1,
      min + 2,
      min + 3,
      min + 4,
      min + 5,
    ]);
    expect(await removeDamagedStrokes(handle.db, student, now)).toBe(0);
    expect(await rowsOf('s-damaged-other')).toHaveLength(1);
  });
});

describe('the COPY data of an upload', () => {
  it('is as long as computed beforehand, whatever the texts, dots and end times', () => {
    const rows = [
      { rec: 0, page: page(1, []), stroke: stroke(T0) },
      { rec: 0, page: page(1, []), stroke: stroke(T0 + 1, { endTime: null, writerId: '선생님-7', mac: '' }) },
      {
        rec: 1,
        page: page(2, [], { category: '"수학 ✓"' }),
        stroke: stroke(T0 + 2, { dots: dotsAt(T0 + 2, [[0, 0]]), writerId: 'w' }),
      },
    ];
    for (const n of [0, 1, 2, 3]) {
      const some = rows.slice(0, n);
      for (const student of ['s-1', 'élève-ü'])
        expect(copyDataSize(student, some)).toBe(copyRows(student, some, 10_000, T0).length);
    }
  });
});
