/**
 * 0020 ink store: the strokes students upload (POST /inkstore/v1/data), one row per stroke.
 *
 * - Dots are kept in the server's 17-byte form (engine.md §3) as one `bytea` per stroke, not as
 *   JSON per dot.
 * - A stroke's key is the ink codec's server key, page + writer + pen + start time; the unique
 *   index over those columns makes a retried upload a no-op (`ON CONFLICT DO NOTHING`).
 * - The rows of a deleted account are deleted with it (trigger).
 * - `id` orders the store (keyset pagination of the search); `upload_id` groups the strokes of
 *   one page record of one upload (one answer element).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence ink_upload_seq`.execute(db);
  await db.schema
    .createTable('ink_strokes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('owner', 'integer', (c) => c.notNull())
    .addColumn('book', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('writer_id', 'text', (c) => c.notNull())
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('upload_id', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('color', 'integer', (c) => c.notNull())
    .addColumn('pen_tip_type', 'smallint', (c) => c.notNull())
    .addColumn('stroke_type', 'integer', (c) => c.notNull())
    .addColumn('thickness', 'double precision', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .addColumn('delete_flag', 'smallint', (c) => c.notNull())
    .addColumn('dot_count', 'integer', (c) => c.notNull())
    .addColumn('dots', 'bytea', (c) => c.notNull())
    .addUniqueConstraint('ink_strokes_key', [
      'student_id',
      'section',
      'owner',
      'book',
      'page',
      'writer_id',
      'mac',
      'start_time',
    ])
    .execute();
  await db.schema
    .createIndex('ink_strokes_student_idx')
    .on('ink_strokes')
    .columns(['student_id', 'id'])
    .execute();
  // An account's ink goes with it. A trigger rather than a foreign key: the key's check on every
  // inserted stroke would cost about as much as storing the stroke (uploads insert only for the
  // signed-in student, who exists).
  await sql`
    create function ink_strokes_delete_account() returns trigger language plpgsql as $$
    begin
      delete from ink_strokes where student_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger accounts_delete_ink after delete on accounts
    for each row execute function ink_strokes_delete_account()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger accounts_delete_ink on accounts`.execute(db);
  await sql`drop function ink_strokes_delete_account()`.execute(db);
  await db.schema.dropTable('ink_strokes').execute();
  await sql`drop sequence ink_upload_seq`.execute(db);
}
