/**
 * 0040 ink stroke facts: what the learning analytics need of each stroke (issue 15), kept beside
 * its dots so a class summary reads a few numbers per stroke and never decodes dots:
 * - `end_time` (epoch ms): the time of the stroke's last dot; null when its dots carry no time
 *   (the summary then uses start + dot count × 12 ms, classroom.md §3);
 * - `distance_nu`: the written length in nu (sum of the distances between consecutive dots).
 * Both are computed from the decoded dots at upload (`inkstore/strokeFacts.ts`); this migration
 * fills them for the strokes already stored, in batches read in key order.
 */
import { type Kysely, sql } from 'kysely';
import { strokeFacts } from '../../inkstore/strokeFacts';

/** Strokes decoded per backfill statement. */
const BATCH = 2000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ink_strokes add column end_time bigint, add column distance_nu double precision not null default 0`.execute(
    db,
  );
  let after: { student: string; id: string } | undefined;
  for (;;) {
    const from = after ? sql`where (student_id, id) > (${after.student}, ${after.id}::bigint)` : sql``;
    const rows = await sql<{ student_id: string; id: string; start_time: string; dots: Uint8Array }>`
      select student_id, id::text as id, start_time::text as start_time, dots from ink_strokes ${from}
      order by ink_strokes.student_id, ink_strokes.id limit ${BATCH}`.execute(db);
    if (rows.rows.length === 0) break;
    const students: string[] = [];
    const ids: string[] = [];
    const ends: (number | null)[] = [];
    const distances: number[] = [];
    for (const r of rows.rows) {
      const facts = strokeFacts(r.dots, Number(r.start_time));
      students.push(r.student_id);
      ids.push(r.id);
      ends.push(facts.endTime);
      distances.push(facts.distanceNu);
    }
    await sql`update ink_strokes s set end_time = f.end_time, distance_nu = f.distance_nu
      from unnest(${students}::text[], ${ids}::bigint[], ${ends}::bigint[], ${distances}::float8[])
        as f(student_id, id, end_time, distance_nu)
      where s.student_id = f.student_id and s.id = f.id`.execute(db);
    const last = rows.rows[rows.rows.length - 1]!;
    after = { student: last.student_id, id: last.id };
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ink_strokes drop column distance_nu, drop column end_time`.execute(db);
}
