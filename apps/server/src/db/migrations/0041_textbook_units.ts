/**
 * 0041 textbook units: the units (categories) of a teacher's own material (POD, issue 15), taken
 * from its PDF's outline at upload (`units_source` 'outline') or edited by the teacher
 * ('edited'); null before either. Built-in books take theirs from the vendor category files or
 * `builtin_textbooks.categories`.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table textbooks add column units jsonb, add column units_source text
    check (units_source in ('outline', 'edited'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table textbooks drop column units_source, drop column units`.execute(db);
}
