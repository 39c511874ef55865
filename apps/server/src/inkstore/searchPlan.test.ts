/**
 * A search's statement does its work once per search, not once per stroke (issue 30 item 2: the
 * class report's 80 searches took 20 s). The answer page's length was worked out by an aggregate
 * the planner joined to every row of the page, evaluating it again for each: with the planner's
 * estimate of one row (no statistics yet, as on a new PGlite database) a page of 960 strokes read
 * them 960 times over. Checked on the plan itself (EXPLAIN ANALYZE), with the page it answers.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { type StrokeSearch, searchStatement, searchStrokes } from './inkStrokeStore';

const STROKES = 300;
const DOTS = 24;

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Actual Loops': number;
  readonly Plans?: readonly PlanNode[];
}

/** Every node of a plan with how often it ran. */
function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)];
}

describeEachDatabase("a search's statement", (kind) => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await createTestDatabase(kind);
    // a pupil's 300 strokes of 24 dots on 12 pages (17 bytes a dot), as the ink store keeps them
    await sql`insert into ink_strokes (student_id, section, owner, book, page, writer_id, mac, start_time,
        upload_id, uploaded_at, created_at, category, color, pen_tip_type, stroke_type, thickness, updated,
        delete_flag, dot_count, dots, end_time, distance_nu)
      select 'pupil-1', 3, 27, 1000, 1 + i % 12, 'pupil-1', '9C:7B:D2:00:04:01', 1772442000000 + i * 8000,
        10000 + i, now(), now(), 'ink', -16777216, 0, 0, 1.0, 1772442000300 + i * 8000, 0, ${DOTS},
        decode(repeat('0102030405060708090a0b0c0d0e0f1011', ${DOTS}), 'hex'), 1772442000288 + i * 8000, 5.0
      from generate_series(0, ${STROKES - 1}) i`.execute(h.db);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => h?.close());

  const search: StrokeSearch = {
    studentId: 'pupil-1',
    section: 3,
    owner: 27,
    book: 1000,
    pages: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    maxStrokes: 1000,
    maxDots: 20_000,
  };

  it('runs each step of its plan once for a page of 300 strokes', async () => {
    const explained = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>`
      explain (analyze, format json) ${searchStatement(search)}`.execute(h.db);
    const cell = explained.rows[0]!['QUERY PLAN'];
    const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
    const repeated = nodes(plan[0].Plan)
      .filter((n) => n['Actual Loops'] > 1)
      .map((n) => `${n['Node Type']} × ${n['Actual Loops']}`);
    expect(repeated).toEqual([]);
  });

  it('answers the page the dot budget allows, then the rest after the pointer', async () => {
    // 42 strokes start before 1,000 dots are spent (the 42nd has 41 × 24 = 984 before it)
    const first = await searchStrokes(h.db, { ...search, maxDots: 1000 });
    expect(first.rows).toHaveLength(42);
    expect(first.hasMore).toBe(true);
    const rest = await searchStrokes(h.db, { ...search, afterId: first.rows.at(-1)!.id });
    expect(rest.rows).toHaveLength(STROKES - 42);
    expect(rest.hasMore).toBe(false);
    expect(new Set([...first.rows, ...rest.rows].map((r) => r.id)).size).toBe(STROKES);
    // a page of one stroke whatever its dots, and the stroke budget
    expect((await searchStrokes(h.db, { ...search, maxDots: 1 })).rows).toHaveLength(1);
    const capped = await searchStrokes(h.db, { ...search, maxStrokes: 7 });
    expect([capped.rows.length, capped.hasMore]).toEqual([7, true]);
  });
});
