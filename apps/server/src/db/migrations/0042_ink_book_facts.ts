/**
 * 0042 ink book facts: per pupil and book, the analytics facts of every stroke (page, start and
 * end time, dot count, distance; not deleted ones) packed in one `bytea`, with the pupil's ink
 * version (migration 0035) it was built at (issue 15). A class summary reads 40 small rows instead
 * of scanning 250,000 wide stroke rows (measured on PGlite: the scan alone took 300–600 ms); a
 * pack whose version is not the pupil's current one is rebuilt from `ink_strokes` when read
 * (`edu/analytics/bookFacts.ts`), so an upload only costs the next summary that pupil's rebuild.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table ink_book_facts (
    student_id text collate "C" not null references accounts (id) on delete cascade,
    section integer not null,
    owner integer not null,
    book integer not null,
    version bigint not null,
    facts bytea not null,
    primary key (student_id, section, owner, book)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ink_book_facts`.execute(db);
}
