/**
 * 0031 ink store keys: cheaper indexes for the upload (each stored stroke updates every index).
 *
 * - The primary key becomes (student_id, id): the search's index (a student's strokes in id
 *   order), so the separate (student_id, id) index and the id-only key go — two indexes, not three.
 * - The stroke key's unique index leads with start_time: two strokes of one student rarely share
 *   a start millisecond, so comparisons end at the first two columns instead of walking the page
 *   address and two text columns first.
 * - The key's text columns compare byte-wise (`collate "C"`): ids and pen addresses have no
 *   language order, and locale comparisons are the costliest part of an index insert.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ink_strokes drop constraint ink_strokes_key`.execute(db);
  await sql`drop index ink_strokes_student_idx`.execute(db);
  await sql`alter table ink_strokes drop constraint ink_strokes_pkey`.execute(db);
  await sql`alter table ink_strokes
    alter column student_id type text collate "C",
    alter column writer_id type text collate "C",
    alter column mac type text collate "C"`.execute(db);
  await sql`alter table ink_strokes add constraint ink_strokes_pkey primary key (student_id, id)`.execute(db);
  await sql`alter table ink_strokes add constraint ink_strokes_key
    unique (start_time, student_id, section, owner, book, page, writer_id, mac)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ink_strokes drop constraint ink_strokes_key`.execute(db);
  await sql`alter table ink_strokes drop constraint ink_strokes_pkey`.execute(db);
  await sql`alter table ink_strokes
    alter column student_id type text collate "default",
    alter column writer_id type text collate "default",
    alter column mac type text collate "default"`.execute(db);
  await sql`alter table ink_strokes add constraint ink_strokes_pkey primary key (id)`.execute(db);
  await sql`create index ink_strokes_student_idx on ink_strokes (student_id, id)`.execute(db);
  await sql`alter table ink_strokes add constraint ink_strokes_key
    unique (student_id, section, owner, book, page, writer_id, mac, start_time)`.execute(db);
}
