/**
 * 0044 book facts of the pupil's own writing: the packs of migration 0042 counted a teacher's
 * annotation strokes on a pupil's pages as the pupil's writing (issue 28 item 4). The packs are
 * dropped; each is rebuilt from `ink_strokes`, with the pupil's own strokes only, when next read.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from ink_book_facts`.execute(db);
}

export async function down(): Promise<void> {
  // nothing to undo: the packs are a cache rebuilt when read
}
