/**
 * 0032 student pen password: the pupil's current password kept readable for the class's teachers,
 * who print it on the pupil's QR label (classroom.md §3 "QR label payload": id|password|mac). Null
 * means the initial password, the student id (classroom.md §6). The account keeps only the hash
 * for signing in; this column is read by the credentials route alone (never in lists or logs).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table students add column pen_password text
    constraint students_pen_password_len check (char_length(pen_password) between 1 and 64)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table students drop column pen_password`.execute(db);
}
