/**
 * What a class summary reads from the database (issue 15): the class's pupils (not deleted), the
 * analytics facts of their strokes on the book's pages (migrations 0040 and 0042, packed per pupil
 * and book in `bookFacts.ts`: no dots are decoded, no stroke rows scanned while nothing changed), their
 * content clicks and watches (the watch log), and a cheap fingerprint of all of it that keys the
 * cached summaries (`summaryCache.ts`).
 */
import type { AnalyticsClick, AnalyticsStroke, PupilInput } from '@dotink/ink';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { bookFacts, unpackFactsOnce } from './bookFacts';

/** The book range of a summary. */
export interface BookRange {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly startPage: number;
  readonly endPage: number;
}

/** A pupil of the class (not deleted), by registration number. */
export interface ClassPupil {
  readonly studentId: string;
  readonly num: number;
  readonly name: string;
}

/** The class's pupils that are not deleted (classroom.md §5), by registration number. */
export async function classPupils(db: Kysely<Database>, classId: number): Promise<ClassPupil[]> {
  const rows = await db
    .selectFrom('students')
    .select(['account_id', 'num', 'name'])
    .where('class_id', '=', classId)
    .where('delete_yn', '=', 'N')
    .orderBy('num')
    .orderBy('account_id')
    .execute();
  return rows.map((r) => ({ studentId: r.account_id, num: r.num, name: r.name }));
}

/**
 * The fingerprint of everything a summary of the class reads but the units: the pupils (ids,
 * numbers, names, deletion), each pupil's ink version (migration 0035: raised in the writing
 * transaction by any stored, replaced or deleted stroke) and the pupils' watch-log events (count
 * and newest id). One small query; a change to any of them changes it.
 */
export async function classFingerprint(db: Kysely<Database>, classId: number): Promise<string> {
  const row = await sql<{ fp: string | null }>`
    select concat_ws('|',
      (select string_agg(concat_ws(':', s.account_id, s.num, s.name, s.delete_yn, coalesce(v.version, 0)), ','
                         order by s.account_id)
         from students s left join ink_versions v on v.student_id = s.account_id
         where s.class_id = ${classId}),
      (select concat_ws(':', count(*), coalesce(max(w.id), 0))
         from watch_events w join students s on s.account_id = w.student_id
         where s.class_id = ${classId})) as fp`.execute(db);
  return row.rows[0]?.fp ?? '';
}

/** The analytics facts of the pupils' strokes on the range, not deleted, by pupil (from the packs). */
export async function pupilStrokes(
  db: Kysely<Database>,
  studentIds: readonly string[],
  range: BookRange,
): Promise<Map<string, readonly AnalyticsStroke[]>> {
  const packs = await bookFacts(db, studentIds, range);
  const byPupil = new Map<string, readonly AnalyticsStroke[]>();
  for (const [sid, facts] of packs) byPupil.set(sid, unpackFactsOnce(facts, range.startPage, range.endPage));
  return byPupil;
}

/** The pupils' content clicks and watch times from the watch log, by pupil, in time order. */
export async function pupilWatchLog(
  db: Kysely<Database>,
  studentIds: readonly string[],
): Promise<Map<string, { clicks: AnalyticsClick[]; watchTimesMs: number[] }>> {
  const byPupil = new Map<string, { clicks: AnalyticsClick[]; watchTimesMs: number[] }>();
  if (studentIds.length === 0) return byPupil;
  const rows = await db
    .selectFrom('watch_events')
    .select(['student_id', 'kind', 'at', 'category', 'content_id', 'content_type', 'url'])
    .where('student_id', 'in', [...studentIds])
    .orderBy('at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    let log = byPupil.get(r.student_id);
    if (!log) {
      log = { clicks: [], watchTimesMs: [] };
      byPupil.set(r.student_id, log);
    }
    const timeMs = r.at.getTime();
    if (r.kind === 'watch') log.watchTimesMs.push(timeMs);
    else
      log.clicks.push({
        click_time: r.at.toISOString(),
        timeMs,
        category: r.category,
        id: r.content_id,
        type: r.content_type,
        url: r.url,
      });
  }
  return byPupil;
}

/** The inputs of the class summary: every pupil with its strokes on the range and its watch log. */
export async function classInput(
  db: Kysely<Database>,
  pupils: readonly ClassPupil[],
  range: BookRange,
): Promise<PupilInput[]> {
  const ids = pupils.map((p) => p.studentId);
  const [strokes, logs] = await Promise.all([pupilStrokes(db, ids, range), pupilWatchLog(db, ids)]);
  return pupils.map((p) => {
    const log = logs.get(p.studentId);
    return {
      studentId: p.studentId,
      num: p.num,
      name: p.name,
      strokes: strokes.get(p.studentId) ?? [],
      clicks: log?.clicks ?? [],
      watchTimesMs: log?.watchTimesMs ?? [],
    };
  });
}
