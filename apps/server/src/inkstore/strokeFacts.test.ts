import { encodeServerDotBytes } from '@dotink/ink';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { migrateTo, migrateToLatest } from '../db/migrate';
import { strokeFacts } from './strokeFacts';

/** Dots at the given (x, y, time) points. */
function dots(points: readonly (readonly [number, number, number])[]) {
  return {
    count: points.length,
    xNu: Float32Array.from(points.map((p) => p[0])),
    yNu: Float32Array.from(points.map((p) => p[1])),
    force: Float32Array.from(points.map(() => 500)),
    timeMs: Float64Array.from(points.map((p) => p[2])),
  };
}

describe('strokeFacts', () => {
  it('answers the last dot time and the written length in nu (3-4-5 steps)', () => {
    const bytes = encodeServerDotBytes(
      dots([
        [10, 10, 1000],
        [13, 14, 1012],
        [16, 18, 1030],
      ]),
      1000,
    );
    expect(strokeFacts(bytes, 1000)).toEqual({ endTime: 1030, distanceNu: 10 });
  });

  it('answers a null end time when the dots carry no time, and nothing for no dots', () => {
    const bytes = encodeServerDotBytes(
      dots([
        [0, 0, 5000],
        [0, 2, 5000],
      ]),
      5000,
    );
    expect(strokeFacts(bytes, 5000)).toEqual({ endTime: null, distanceNu: 2 });
    expect(strokeFacts(new Uint8Array(0), 5000)).toEqual({ endTime: null, distanceNu: 0 });
  });
  it('leaves out of the length the steps to and from a dot without a position', () => {
    const bytes = encodeServerDotBytes(
      dots([
        [0, 0, 0],
        [Number.NaN, 0, 10],
        [3, 4, 20],
        [6, 8, 30],
      ]),
      0,
    );
    expect(strokeFacts(bytes, 0)).toEqual({ endTime: 30, distanceNu: 5 });
  });
});

describeEachDatabase('migration 0040 ink stroke facts', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind, { migrated: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it('fills end_time and distance_nu of the strokes stored before it, from their dots', async () => {
    const db = handle.db;
    await migrateTo(db as never, '0035_ink_versions');
    await sql`insert into accounts (id, kind, username, name) values ('s-f1', 'student', 's-f1', 'A'), ('s-f2', 'student', 's-f2', 'B')`.execute(
      db,
    );
    const insert = (student: string, start: number, bytes: Uint8Array) =>
      sql`insert into ink_strokes (student_id, section, owner, book, page, writer_id, mac, start_time, upload_id,
            uploaded_at, created_at, color, pen_tip_type, stroke_type, thickness, updated, delete_flag, dot_count, dots)
          values (${student}, 3, 1012, 1191, 10, ${student}, 'AA', ${start}, 1, now(), now(), -16777216, 0, 0, 0.2,
            ${start}, 0, ${bytes.length / 17}, ${bytes})`.execute(db);
    // More strokes than one backfill batch (2000), over two students.
    const walk = encodeServerDotBytes(
      dots([
        [0, 0, 100],
        [3, 4, 112],
        [6, 8, 124],
      ]),
      100,
    );
    await insert('s-f1', 100, walk);
    const still = encodeServerDotBytes(
      dots([
        [1, 1, 200],
        [1, 2, 200],
      ]),
      200,
    );
    await insert('s-f2', 200, still);
    await sql`insert into ink_strokes (student_id, section, owner, book, page, writer_id, mac, start_time, upload_id,
          uploaded_at, created_at, color, pen_tip_type, stroke_type, thickness, updated, delete_flag, dot_count, dots)
        select 's-f2', 3, 1012, 1191, 11, 's-f2', 'AA', 1000 + g, 1, now(), now(), 0, 0, 0, 0.2, 1000 + g, 0, 3, ${walk}::bytea
        from generate_series(1, 2100) g`.execute(db);
    await migrateTo(db as never, '0040_ink_stroke_facts');
    const rows = await sql<{ s_t: string; end_time: string | null; distance_nu: number }>`
      select start_time::text as s_t, end_time::text as end_time, distance_nu from ink_strokes
      where start_time in (100, 200, 1001, 3100) order by start_time`.execute(db);
    expect(rows.rows).toEqual([
      { s_t: '100', end_time: '124', distance_nu: 10 },
      { s_t: '200', end_time: null, distance_nu: 1 },
      { s_t: '1001', end_time: '1025', distance_nu: 10 },
      { s_t: '3100', end_time: '3124', distance_nu: 10 },
    ]);
    const unfilled = await sql<{ n: number }>`
      select count(*)::int as n from ink_strokes where distance_nu = 0`.execute(db);
    expect(unfilled.rows[0]).toEqual({ n: 0 });
    await migrateTo(db as never, '0035_ink_versions');
    await migrateToLatest(db);
  });
});
