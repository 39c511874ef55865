/**
 * 0043 ink live index: a pupil's strokes by start time, `(student_id, start_time)`. The live
 * lesson's roster (issue 16, `edu/live/liveLesson.ts`) reads each pupil's last stroke in the
 * lesson's window with one backward probe of it per pupil; without it the probe walks the pupil's
 * whole history (primary key order is upload order) or every pupil's strokes of the window (the
 * stroke key leads with start_time). One more index per stored stroke: measured by the upload
 * tests and the ink store benches.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ink_strokes_student_start_idx on ink_strokes (student_id, start_time)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ink_strokes_student_start_idx`.execute(db);
}
