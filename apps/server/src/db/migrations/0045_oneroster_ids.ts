/**
 * 0045 OneRoster ids (issue 30 item 3): the `sourcedId` a student information system gave a class
 * or a pupil, so a second OneRoster import updates what the first made instead of adding it again.
 * Null for classes and pupils registered here. A class's id is unique within its school.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table classes add column oneroster_id text`.execute(db);
  await sql`alter table students add column oneroster_id text`.execute(db);
  await sql`create unique index classes_oneroster_unique on classes (school_id, oneroster_id)
    where oneroster_id is not null`.execute(db);
  await sql`create index students_oneroster_idx on students (class_id, oneroster_id)
    where oneroster_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index students_oneroster_idx`.execute(db);
  await sql`drop index classes_oneroster_unique`.execute(db);
  await sql`alter table students drop column oneroster_id`.execute(db);
  await sql`alter table classes drop column oneroster_id`.execute(db);
}
