/**
 * 0030 boards: each account's synced note boards (board.md "boards kept locally and synced").
 * A row per (account, board id); the board file itself (.GRIDA) is in the file store, named by
 * its sha256. `version` rises by one on every change (optimistic concurrency); a deleted board
 * stays as a tombstone (`deleted_at` set, no file) so other devices learn of the deletion.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('boards')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
    .addColumn('sha256', 'text')
    .addColumn('size_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addPrimaryKeyConstraint('boards_pk', ['account_id', 'id'])
    .addCheckConstraint('boards_file_or_tombstone', sql`(deleted_at is null) = (sha256 is not null)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('boards').execute();
}
