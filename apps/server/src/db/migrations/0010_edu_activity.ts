/**
 * 0010 education activity: the original file names of a learning material's attachments (the
 * print lookup answers them), and the watch log of pupils (video watches and content clicks,
 * classroom.md §3 "Content click", §7 "GET watch log").
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('textbooks').addColumn('pdf_name', 'text').execute();
  await db.schema.alterTable('textbooks').addColumn('nproj_name', 'text').execute();

  await db.schema
    .createTable('watch_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('watch', 'click')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('watch_events_student_idx')
    .on('watch_events')
    .columns(['student_id', 'file_name', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watch_events').execute();
  await db.schema.alterTable('textbooks').dropColumn('nproj_name').execute();
  await db.schema.alterTable('textbooks').dropColumn('pdf_name').execute();
}
