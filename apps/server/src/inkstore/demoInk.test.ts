import { pageId } from '@dotink/ncode';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { demoWriting, seedDemoInk, simulatePupilInk } from './demoInk';

const LESSON = Date.UTC(2025, 2, 2, 0, 0, 0);
const mac = (n: number) => `9C:7B:D2:10:00:${n.toString(16).toUpperCase().padStart(2, '0')}`;

describe('simulated demo ink', () => {
  it("is written by the pupil's pen on the lesson's pages, in pen time, with pressure", async () => {
    const [w] = demoWriting(['s-demo-1'], mac, LESSON);
    const strokes = await simulatePupilInk(w!);
    expect(strokes).toHaveLength(4 * w!.strokesPerPage);
    expect(new Set(strokes.map((s) => pageId(s.page)))).toEqual(
      new Set(['3.1012.1191.10', '3.1012.1191.11', '3.1012.1191.12', '3.1012.1191.13']),
    );
    for (const s of strokes) {
      expect(s.mac).toBe(mac(1));
      expect(s.writerId).toBe('s-demo-1');
      expect(s.dots.count).toBeGreaterThanOrEqual(40);
      expect(s.startTimeMs).toBeGreaterThan(LESSON);
      expect(s.startTimeMs).toBeLessThan(LESSON + 3_600_000);
      expect(Math.max(...s.dots.force)).toBeGreaterThan(300);
    }
  });
});

describeEachDatabase('seedDemoInk', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  it('stores the writing of six pupils as uploads would', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `s-demo-${i}`);
    for (const id of ids)
      await sql`insert into accounts (id, kind, username, name) values (${id}, 'student', ${id}, ${id})`.execute(
        handle.db,
      );
    const writing = demoWriting(ids, mac, LESSON);
    expect(writing).toHaveLength(6);
    const stored = await seedDemoInk(handle.db, writing);
    const rows = await sql<{ n: number; pupils: number }>`
      select count(*)::int as n, count(distinct student_id)::int as pupils from ink_strokes`.execute(
      handle.db,
    );
    expect(rows.rows[0]).toEqual({ n: stored, pupils: 6 });
    expect(stored).toBe(writing.reduce((n, w) => n + 4 * w.strokesPerPage, 0));
  });
});
