/**
 * 0035 ink versions: one counter per student that rises whenever any of the student's strokes is
 * stored, replaced or deleted (`ink_versions`), kept by statement triggers on `ink_strokes` — in
 * the writing statement's own transaction, so a reader that sees the counter sees the strokes
 * (across server processes too). The search caches its encoded answers under it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table ink_versions (
    student_id text collate "C" primary key,
    version bigint not null
  )`.execute(db);
  // One function per transition table name; each bumps the students the statement touched.
  for (const [fn, rows] of [
    ['ink_versions_bump_new', 'new_rows'],
    ['ink_versions_bump_old', 'old_rows'],
  ] as const) {
    await sql`create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into ink_versions (student_id, version)
          select distinct student_id, 1 from ${sql.raw(rows)}
          on conflict (student_id) do update set version = ink_versions.version + 1;
        return null;
      end $$`.execute(db);
  }
  await sql`create trigger ink_versions_insert after insert on ink_strokes
    referencing new table as new_rows for each statement execute function ink_versions_bump_new()`.execute(
    db,
  );
  await sql`create trigger ink_versions_update after update on ink_strokes
    referencing new table as new_rows for each statement execute function ink_versions_bump_new()`.execute(
    db,
  );
  await sql`create trigger ink_versions_delete after delete on ink_strokes
    referencing old table as old_rows for each statement execute function ink_versions_bump_old()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ink_versions_delete on ink_strokes`.execute(db);
  await sql`drop trigger ink_versions_update on ink_strokes`.execute(db);
  await sql`drop trigger ink_versions_insert on ink_strokes`.execute(db);
  await sql`drop function ink_versions_bump_old()`.execute(db);
  await sql`drop function ink_versions_bump_new()`.execute(db);
  await sql`drop table ink_versions`.execute(db);
}
