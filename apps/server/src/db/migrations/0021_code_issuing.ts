/**
 * 0021 code issuing: the one stored pointer to the next issuable Ncode page (engine.md §4 "Code
 * issuing", starting at 0.27.667.1) and a log of every block issued.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_pointer')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('owner', 'integer', (c) => c.notNull())
    .addColumn('book', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into code_pointer (id, section, owner, book, page) values (1, 0, 27, 667, 1)`.execute(db);

  await db.schema
    .createTable('code_issues')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('width_mm', 'integer', (c) => c.notNull())
    .addColumn('height_mm', 'integer', (c) => c.notNull())
    .addColumn('first_page', 'text', (c) => c.notNull())
    .addColumn('last_page', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_issues').execute();
  await db.schema.dropTable('code_pointer').execute();
}
