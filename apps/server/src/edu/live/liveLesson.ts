/**
 * The live lesson (issue 16) on the server: a lesson as the live screens and the realtime room
 * see it, its window (start … end + {@link LIVE_GRACE_MINUTES}), who may watch it and the class
 * roster with each pupil's pen and last page. Read by `liveRoutes.ts` and `realtime/rooms.ts`, so
 * the routes and the room apply one rule.
 */
import { LIVE_GRACE_MINUTES, type LiveLesson, lessonRoom, lessonTag } from '@dotink/contracts/eduLive';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Account } from '../../identity/accounts';
import { reachesClass } from '../access';
import { isNoPen, normalizePenAddress } from '../students/penAddress';

/** A lesson with its class and school. */
export interface LessonFacts {
  readonly courseId: number;
  readonly sessionId: string | null;
  readonly curriculumId: number;
  readonly classId: number;
  readonly className: string;
  readonly schoolId: number;
  readonly tag: string;
  readonly title: string;
  readonly startMs: number;
  readonly endMs: number;
}

/** When a lesson ending at `endMs` closes its room. */
export function closesAt(endMs: number): number {
  return endMs + LIVE_GRACE_MINUTES * 60_000;
}

/** The lesson `courseId`, or undefined when there is none. */
export async function lessonFacts(db: Kysely<Database>, courseId: number): Promise<LessonFacts | undefined> {
  const row = await db
    .selectFrom('courses')
    .innerJoin('curriculums', 'curriculums.id', 'courses.curriculum_id')
    .innerJoin('classes', 'classes.id', 'curriculums.class_id')
    .select([
      'courses.id',
      'courses.session_id',
      'courses.curriculum_id',
      'courses.tag',
      'courses.title',
      'courses.start_at',
      'courses.end_at',
      'classes.id as class_id',
      'classes.class_name',
      'classes.school_id',
    ])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    courseId: row.id,
    sessionId: row.session_id,
    curriculumId: row.curriculum_id,
    classId: row.class_id,
    className: row.class_name,
    schoolId: row.school_id,
    tag: row.tag,
    title: row.title,
    startMs: new Date(row.start_at).getTime(),
    endMs: new Date(row.end_at).getTime(),
  };
}

/** The lesson in its wire form (it has a session). */
export function liveLesson(l: LessonFacts & { sessionId: string }): LiveLesson {
  return {
    courseId: l.courseId,
    sessionId: l.sessionId,
    curriculumId: l.curriculumId,
    eduClassId: l.classId,
    className: l.className,
    tag: l.tag,
    title: l.title,
    startMs: l.startMs,
    endMs: l.endMs,
    closesAtMs: closesAt(l.endMs),
    room: lessonRoom(l.courseId, l.sessionId),
    inkTag: lessonTag(l.courseId, l.sessionId),
  };
}

/**
 * True when a teacher account watches the lesson as its teacher: of the lesson's school, and the
 * class's teacher (class teacher or a lecture on it) or the school administrator. Scopes are the
 * caller's business (`edu.read`).
 */
export async function teachesLesson(
  db: Kysely<Database>,
  account: Account,
  l: LessonFacts,
): Promise<boolean> {
  if (account.kind !== 'teacher' || account.schoolId !== l.schoolId) return false;
  return reachesClass(db, { account, schoolId: l.schoolId }, l.classId);
}

/** A pupil of the lesson's class (not deleted). */
export interface LessonPupil {
  readonly studentId: string;
  readonly name: string;
  /** Canonical pen address, null when none (or not a valid address). */
  readonly mac: string | null;
}

/** The canonical form of a stored pen address; null for none or an invalid one. */
export function penOfPupil(stored: string): string | null {
  const mac = normalizePenAddress(stored);
  return mac === undefined || isNoPen(mac) ? null : mac;
}

/** The account as a pupil of the lesson's class, or undefined. */
export async function pupilOfLesson(
  db: Kysely<Database>,
  accountId: string,
  l: LessonFacts,
): Promise<LessonPupil | undefined> {
  const row = await db
    .selectFrom('students')
    .select(['account_id', 'name', 'mac_address'])
    .where('account_id', '=', accountId)
    .where('class_id', '=', l.classId)
    .where('delete_yn', '=', 'N')
    .executeTakeFirst();
  return row && { studentId: row.account_id, name: row.name, mac: penOfPupil(row.mac_address) };
}

/** One roster row: a pupil and the last stroke the pupil wrote in the lesson's window. */
export interface RosterRow extends LessonPupil {
  readonly num: string;
  readonly lastPage: string | null;
  readonly lastStrokeMs: number | null;
}

/**
 * The class's pupils (not deleted, by registration number) with, for each, the page and end time
 * of the last stroke (latest start) the pupil wrote in the window `fromMs … toMs` (stroke start
 * times, as the ink search's lesson tag) and did not delete. One statement: a lateral lookup per
 * pupil on the index (student_id, start_time) (migration 0043), so the cost is one index probe
 * per pupil whatever the pupil's history.
 */
export async function lessonRoster(
  db: Kysely<Database>,
  classId: number,
  fromMs: number,
  toMs: number,
): Promise<RosterRow[]> {
  const rows = await sql<{
    account_id: string;
    num: number;
    name: string;
    mac_address: string;
    section: number | null;
    owner: number | null;
    book: number | null;
    page: number | null;
    last_ms: string | null;
  }>`
    select s.account_id, s.num, s.name, s.mac_address,
           k.section, k.owner, k.book, k.page, k.last_ms::text as last_ms
    from students s
    left join lateral (
      select i.section, i.owner, i.book, i.page, coalesce(i.end_time, i.start_time) as last_ms
      from ink_strokes i
      where i.student_id = (s.account_id collate "C")
        and i.start_time >= ${fromMs}::bigint and i.start_time <= ${toMs}::bigint
        and i.delete_flag <> 1
      order by i.start_time desc
      limit 1
    ) k on true
    where s.class_id = ${classId}::int and s.delete_yn = 'N'
    order by s.num, s.account_id`.execute(db);
  return rows.rows.map((r) => ({
    studentId: r.account_id,
    num: String(r.num),
    name: r.name,
    mac: penOfPupil(r.mac_address),
    lastPage: r.section === null ? null : `${r.section}.${r.owner}.${r.book}.${r.page}`,
    lastStrokeMs: r.last_ms === null ? null : Number(r.last_ms),
  }));
}
