/**
 * The ink store's table (`ink_strokes`, migrations 0020 and 0031): storing an upload, and reading
 * a student's strokes in id order (keyset pages).
 *
 * An upload is stored in ONE statement, so a crash stores all of a request or none of it, and it
 * is idempotent by stroke key (page + writer + pen + start time):
 * - first as a binary COPY (the fast path: no text to parse, whole heap pages written at once),
 *   which fails as a whole when any stroke is already stored (a retry) …
 * - … and then as `INSERT … SELECT FROM unnest(…) ON CONFLICT DO UPDATE … WHERE newer`: a stroke
 *   already stored is skipped, unless this copy of it is newer (its `updated` time is later, as
 *   when a stroke was erased after it was first uploaded): then the newer version replaces it.
 * Strokes given twice in one request count once (the newer copy is kept). Rows are stored in
 * request order, so ids — the search's order — follow the upload.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { CopyBinaryWriter } from '../db/copyBinary';
import type { BlobStatement, CopyIn } from '../db/database';
import type { Database } from '../db/schema';
import { MIN_STROKE_MS, STROKE_FUTURE_MS } from '../http/fields';
import type { StoredStroke, UploadPage } from './uploadDecode';

/**
 * Upload ids: one sequence value per request, times this stride, plus the record's index (so a
 * request holds fewer records than this).
 */
export const UPLOAD_ID_STRIDE = 10_000;

/** What an upload stored. */
export interface StoredUpload {
  /** Strokes in the request. */
  readonly received: number;
  /** Strokes newly stored. */
  readonly stored: number;
  /** Strokes stored before and replaced now by a newer version (later `updated`). */
  readonly updated: number;
  /** The upload time recorded with them. */
  readonly uploadedAt: Date;
}

/** The database's bulk channels (from its handle); without them, plain statements are used. */
export interface StoreOptions {
  /** The binary COPY (both databases): the fast path. */
  readonly copyIn?: CopyIn | undefined;
  /**
   * PGlite: hand the dots to the fallback statement as a file it reads (parameters cost ~12 ms
   * per MB as base64 text and ~150 ms as bytea). PostgreSQL takes them as one binary parameter.
   */
  readonly withBlob?: BlobStatement | undefined;
}

/** One stroke to store, with its page record. */
export interface UploadRow {
  readonly rec: number;
  readonly page: UploadPage;
  readonly stroke: StoredStroke;
}

/** The columns a stored stroke fills, in the COPY's order. */
const COPY_COLUMNS = [
  'student_id',
  'section',
  'owner',
  'book',
  'page',
  'writer_id',
  'mac',
  'start_time',
  'upload_id',
  'uploaded_at',
  'created_at',
  'category',
  'color',
  'pen_tip_type',
  'stroke_type',
  'thickness',
  'updated',
  'delete_flag',
  'dot_count',
  'dots',
  'end_time',
  'distance_nu',
] as const;

/** The request's strokes in order, each stroke key once (the copy with the latest `updated`). */
function uploadRows(pages: readonly UploadPage[]): { rows: UploadRow[]; received: number } {
  const rows: UploadRow[] = [];
  const byKey = new Map<string, number>();
  let received = 0;
  pages.forEach((page, rec) => {
    const p = page.page;
    for (const stroke of page.strokes) {
      received++;
      const key = `${stroke.startTime}|${p.section}|${p.owner}|${p.book}|${p.page}|${stroke.writerId}|${stroke.mac}`;
      const seen = byKey.get(key);
      if (seen === undefined) {
        byKey.set(key, rows.length);
        rows.push({ rec, page, stroke });
      } else if (stroke.updated > rows[seen]!.stroke.updated) {
        rows[seen] = { rec, page, stroke };
      }
    }
  });
  return { rows, received };
}

/** True for PostgreSQL's "duplicate key" error (anything thrown: a text or null has no code). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null | undefined)?.code === '23505';
}

/**
 * Stores the pages of one upload for `studentId`, uploaded at `uploadedAtMs` (the server's
 * injected clock, so every time the server answers comes from one clock).
 */
export async function storeUpload(
  db: Kysely<Database>,
  studentId: string,
  pages: readonly UploadPage[],
  uploadedAtMs: number,
  options: StoreOptions = {},
): Promise<StoredUpload> {
  const { rows, received } = uploadRows(pages);
  const uploadedAt = new Date(uploadedAtMs);
  // no statement for nothing to store (a station's upload may hold only empty pages)
  if (rows.length === 0) return { received, stored: 0, updated: 0, uploadedAt };
  const head = await sql<{ base: string }>`
    select (nextval('ink_upload_seq') * ${UPLOAD_ID_STRIDE}::bigint)::text as base`.execute(db);
  const uploadBase = Number(head.rows[0]!.base);
  if (options.copyIn) {
    try {
      const stored = await options.copyIn(
        'ink_strokes',
        COPY_COLUMNS,
        copyRows(studentId, rows, uploadBase, uploadedAt.getTime()),
      );
      return { received, stored, updated: 0, uploadedAt };
    } catch (error) {
      // Some stroke is stored already (a retried request): nothing of this COPY was stored.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return upsertRows(db, studentId, rows, received, uploadBase, uploadedAt, options.withBlob);
}

/**
 * The length of {@link copyRows}' data: the header (19 bytes) and trailer (2); per row the field
 * count (2), each field's length (4 × 22), 88 bytes of numbers (8 more with an end time), the texts
 * (UTF-8) and the dots. Exported for its test.
 */
export function copyDataSize(studentId: string, rows: readonly UploadRow[]): number {
  const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');
  const student = utf8Length(studentId);
  let size = 19 + 2;
  for (const { page, stroke: s } of rows) {
    size += 2 + 4 * COPY_COLUMNS.length + 88 + (s.endTime === null ? 0 : 8) + student;
    size += utf8Length(s.writerId) + utf8Length(s.mac) + utf8Length(page.category) + s.dots.length;
  }
  return size;
}

/** The rows in binary COPY form, in {@link COPY_COLUMNS} order (exported for its test). */
export function copyRows(
  studentId: string,
  rows: readonly UploadRow[],
  uploadBase: number,
  uploadedMs: number,
): Uint8Array {
  // The exact size, so the writer's buffer is the COPY data (handed to the PGlite worker as it
  // is, not copied again)
  const out = new CopyBinaryWriter(copyDataSize(studentId, rows));
  for (const { rec, page, stroke: s } of rows) {
    const p = page.page;
    out
      .row(COPY_COLUMNS.length)
      .text(studentId)
      .int4(p.section)
      .int4(p.owner)
      .int4(p.book)
      .int4(p.page)
      .text(s.writerId)
      .text(s.mac)
      .int8(s.startTime)
      .int8(uploadBase + rec)
      .timestampMs(uploadedMs)
      .timestampMs(page.createdMs)
      .text(page.category)
      .int4(s.color)
      .int2(s.penTipType)
      .int4(s.strokeType)
      .float8(s.thickness)
      .int8(s.updated)
      .int2(s.deleteFlag)
      .int4(s.dotCount)
      .bytea(s.dots);
    if (s.endTime === null) out.null();
    else out.int8(s.endTime);
    out.float8(s.distanceNu);
  }
  return out.finish();
}

/** The fallback: one INSERT … ON CONFLICT DO UPDATE (only when newer) over all the rows. */
async function upsertRows(
  db: Kysely<Database>,
  studentId: string,
  rows: readonly UploadRow[],
  received: number,
  uploadBase: number,
  uploadedAt: Date,
  withBlob: BlobStatement | undefined,
): Promise<StoredUpload> {
  const cols = {
    rec: [] as number[],
    section: [] as number[],
    owner: [] as number[],
    book: [] as number[],
    page: [] as number[],
    writer: [] as string[],
    mac: [] as string[],
    start: [] as number[],
    created: [] as number[],
    category: [] as string[],
    color: [] as number[],
    tip: [] as number[],
    type: [] as number[],
    thickness: [] as number[],
    updated: [] as number[],
    deleted: [] as number[],
    count: [] as number[],
    offset: [] as number[],
    length: [] as number[],
    end: [] as (number | null)[],
    distance: [] as number[],
  };
  let bytes = 0;
  for (const r of rows) bytes += r.stroke.dots.length;
  const dots = new Uint8Array(bytes);
  let at = 0;
  for (const { rec, page, stroke: s } of rows) {
    cols.rec.push(rec);
    cols.section.push(page.page.section);
    cols.owner.push(page.page.owner);
    cols.book.push(page.page.book);
    cols.page.push(page.page.page);
    cols.writer.push(s.writerId);
    cols.mac.push(s.mac);
    cols.start.push(s.startTime);
    cols.created.push(page.createdMs);
    cols.category.push(page.category);
    cols.color.push(s.color);
    cols.tip.push(s.penTipType);
    cols.type.push(s.strokeType);
    cols.thickness.push(s.thickness);
    cols.updated.push(s.updated);
    cols.deleted.push(s.deleteFlag);
    cols.count.push(s.dotCount);
    cols.offset.push(at + 1);
    cols.length.push(s.dots.length);
    cols.end.push(s.endTime);
    cols.distance.push(s.distanceNu);
    dots.set(s.dots, at);
    at += s.dots.length;
  }
  const statement = (dotsParam: RawBuilder<unknown>) => sql<{ stored: number; updated: number }>`
    with d as materialized (select ${dotsParam} as all_dots),
    ins as (
      insert into ink_strokes (
        student_id, section, owner, book, page, writer_id, mac, start_time, upload_id,
        uploaded_at, created_at, category, color, pen_tip_type, stroke_type, thickness, updated,
        delete_flag, dot_count, dots, end_time, distance_nu
      )
      select ${studentId}, t.section, t.owner, t.book, t.page, t.writer_id, t.mac, t.start_time,
        ${uploadBase}::bigint + t.rec, ${uploadedAt.toISOString()}::timestamptz,
        to_timestamp(t.created_ms / 1000.0), t.category, t.color,
        t.pen_tip_type, t.stroke_type, t.thickness, t.updated, t.delete_flag, t.dot_count,
        substring(d.all_dots from t.dot_offset for t.dot_length), t.end_time, t.distance_nu
      from d, unnest(
        ${cols.rec}::int[], ${cols.section}::int[], ${cols.owner}::int[], ${cols.book}::int[],
        ${cols.page}::int[], ${cols.writer}::text[], ${cols.mac}::text[], ${cols.start}::bigint[],
        ${cols.created}::float8[], ${cols.category}::text[], ${cols.color}::int[], ${cols.tip}::smallint[],
        ${cols.type}::int[], ${cols.thickness}::float8[], ${cols.updated}::bigint[],
        ${cols.deleted}::smallint[], ${cols.count}::int[], ${cols.offset}::int[], ${cols.length}::int[],
        ${cols.end}::bigint[], ${cols.distance}::float8[]
      ) with ordinality as t(rec, section, owner, book, page, writer_id, mac, start_time, created_ms,
             category, color, pen_tip_type, stroke_type, thickness, updated, delete_flag, dot_count,
             dot_offset, dot_length, end_time, distance_nu, ord)
      order by t.ord
      on conflict on constraint ink_strokes_key do update set
        upload_id = excluded.upload_id, uploaded_at = excluded.uploaded_at, color = excluded.color,
        pen_tip_type = excluded.pen_tip_type, stroke_type = excluded.stroke_type,
        thickness = excluded.thickness, updated = excluded.updated,
        delete_flag = excluded.delete_flag, dot_count = excluded.dot_count, dots = excluded.dots,
        end_time = excluded.end_time, distance_nu = excluded.distance_nu
      where excluded.updated > ink_strokes.updated
      returning (xmax = 0) as inserted
    )
    select (count(*) filter (where inserted))::int as stored,
           (count(*) filter (where not inserted))::int as updated
    from ins`;
  const result = withBlob
    ? await withBlob<{ stored: number; updated: number }>(
        (file) => statement(sql`pg_read_binary_file(${sql.lit(file)})`).compile(db),
        dots,
      )
    : (await statement(sql`${dots}::bytea`).execute(db)).rows;
  const row = result[0]!;
  return { received, stored: row.stored, updated: row.updated, uploadedAt };
}

/** Filters of a search (all optional). */
export interface StrokeSearch {
  readonly studentId: string;
  /** Strokes after this id (the data pointer). */
  readonly afterId?: string;
  /** Upload time, inclusive from, exclusive to. */
  readonly uploadedFrom?: Date;
  readonly uploadedTo?: Date;
  /** Stroke start time window, epoch ms, inclusive: for the pupil's own strokes only (a lesson's
   * writing); other writers' strokes (annotations) are never cut by it. */
  readonly startFromMs?: number;
  readonly startToMs?: number;
  readonly section?: number;
  readonly owner?: number;
  readonly book?: number;
  readonly pages?: readonly number[];
  /** At most this many strokes in a page. */
  readonly maxStrokes: number;
  /** A page ends once its strokes hold this many dots (it has at least one stroke). */
  readonly maxDots: number;
}

/** A page of a search: its strokes, and whether more follow. */
export interface StrokePage {
  readonly rows: StrokeRow[];
  readonly hasMore: boolean;
}

/** A stored stroke read back. */
export interface StrokeRow {
  readonly id: string;
  readonly uploadId: string;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
  readonly writerId: string;
  readonly mac: string;
  readonly startTime: number;
  readonly uploadedMs: number;
  readonly createdMs: number;
  /** The page record's category as JSON text. */
  readonly category: string;
  readonly color: number;
  readonly penTipType: number;
  readonly strokeType: number;
  readonly thickness: number;
  readonly updated: number;
  readonly deleteFlag: number;
  readonly dotCount: number;
  /** Base64 of the 17-byte dots. */
  readonly dots: string;
}

export interface RawStrokeRow {
  /** id, upload id, section, owner, book, page, color, tip, type, thickness, updated, deleted, count, start, uploaded ms, created ms. */
  readonly m: string;
  readonly w: string;
  readonly mac: string;
  readonly c: string;
  readonly d: string;
  /** In the page (false for the one row after it, which says there is more). */
  readonly inc: boolean;
}

/** The largest instant JavaScript's Date holds, in seconds. */
const MAX_DATE_SECONDS = 8.64e12;

/**
 * A stored time as epoch ms a JavaScript Date holds: a timestamp past the Date's years (PostgreSQL
 * keeps up to 294276, and ±infinity) reads as the Date's first or last instant, never an error.
 */
function epochMs(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`floor(greatest(least(extract(epoch from ${column}), ${MAX_DATE_SECONDS}::numeric), ${-MAX_DATE_SECONDS}::numeric) * 1000)::bigint`;
}

/**
 * A page of a student's strokes matching `q`, in id order: at most `q.maxStrokes` strokes, and
 * no more once `q.maxDots` dots are in it (so an answer's size is bounded whatever the strokes'
 * length). The numbers come joined in one text column and the dots as the database's base64 (a
 * 76-column MIME text, joined here): far fewer values to parse per row, which is what a search's
 * time goes to on PGlite.
 */
export async function searchStrokes(db: Kysely<Database>, q: StrokeSearch): Promise<StrokePage> {
  const result = await searchStatement(q).execute(db);
  const rows = result.rows.map((r) => {
    const f = r.m.split(',');
    const n = (k: number) => Number(f[k]);
    return {
      id: f[0]!,
      uploadId: f[1]!,
      section: n(2),
      owner: n(3),
      book: n(4),
      page: n(5),
      color: n(6),
      penTipType: n(7),
      strokeType: n(8),
      thickness: n(9),
      updated: n(10),
      deleteFlag: n(11),
      dotCount: n(12),
      startTime: n(13),
      uploadedMs: n(14),
      createdMs: n(15),
      writerId: r.w,
      mac: r.mac,
      category: r.c,
      dots: r.d.replaceAll('\n', ''),
    };
  });
  const hasMore = result.rows.length > 0 && !result.rows[result.rows.length - 1]!.inc;
  if (hasMore) rows.pop();
  return { rows, hasMore };
}

/** The statement of {@link searchStrokes} (its plan is tested: `searchPlan.test.ts`). */
export function searchStatement(q: StrokeSearch): RawBuilder<RawStrokeRow> {
  const filters = [sql`student_id = ${q.studentId}`];
  if (q.afterId !== undefined) filters.push(sql`id > ${q.afterId}::bigint`);
  if (q.uploadedFrom) filters.push(sql`uploaded_at >= ${q.uploadedFrom.toISOString()}::timestamptz`);
  if (q.uploadedTo) filters.push(sql`uploaded_at < ${q.uploadedTo.toISOString()}::timestamptz`);
  // A lesson's window holds the pupil's own writing; a teacher's annotations on it (another
  // writer) belong to every replay of those pages, whenever they were written.
  // Stryker disable next-line ConditionalExpression: speed only (without a window the filter holds for every row)
  if (q.startFromMs !== undefined || q.startToMs !== undefined) {
    const from = q.startFromMs ?? Number.MIN_SAFE_INTEGER;
    const to = q.startToMs ?? Number.MAX_SAFE_INTEGER;
    filters.push(sql`(writer_id <> student_id or start_time between ${from}::bigint and ${to}::bigint)`);
  }
  if (q.section !== undefined) filters.push(sql`section = ${q.section}::int`);
  if (q.owner !== undefined) filters.push(sql`owner = ${q.owner}::int`);
  if (q.book !== undefined) filters.push(sql`book = ${q.book}::int`);
  if (q.pages && q.pages.length > 0) filters.push(sql`page = any(${[...q.pages]}::int[])`);
  // The page is the prefix of strokes that start before the dot budget is spent; the first
  // stroke after it comes too, to tell that there is more.
  return sql<RawStrokeRow>`
    with x as (
      select * from ink_strokes
      where ${sql.join(filters, sql` and `)}
      order by id
      limit ${q.maxStrokes + 1}::int
    ),
    s as (
      select x.*, row_number() over w as rn, sum(dot_count) over w - dot_count as dots_before
      from x
      window w as (order by id rows unbounded preceding)
    ),
    k as (
      -- the page's length as a window over all the rows: an aggregate joined to them instead was
      -- planned as a nested loop and evaluated again for every row (searchPlan.test.ts)
      select s.*, least(count(*) filter (where rn = 1 or dots_before < ${q.maxDots}::int) over (),
                        ${q.maxStrokes}::int) as n
      from s
    )
    select concat_ws(',', id, upload_id, section, owner, book, page, color, pen_tip_type, stroke_type,
             thickness, updated, delete_flag, dot_count, start_time,
             ${epochMs(sql.ref('uploaded_at'))}, ${epochMs(sql.ref('created_at'))}) as m,
           writer_id as w, mac, category as c, encode(dots, 'base64') as d, rn <= n as inc
    from k
    where rn <= n + 1
    order by id`;
}

/**
 * Deletes the strokes of `studentId` the upload would refuse at `nowMs` (`uploadDecode.ts`): an
 * instant outside 2000-01-01 … `nowMs` + 1 day (start, `updated`, end before its start), a negative
 * dot count, or a length that is not a finite number ≥ 0 (PostgreSQL orders NaN above Infinity).
 * Answers how many were deleted; the pupil's ink version moves (triggers of migration 0035).
 */
export async function removeDamagedStrokes(
  db: Kysely<Database>,
  studentId: string,
  nowMs: number,
): Promise<number> {
  const latest = nowMs + STROKE_FUTURE_MS;
  const result = await sql`
    delete from ink_strokes
    where student_id = ${studentId} and (
      start_time < ${MIN_STROKE_MS}::bigint or start_time > ${latest}::bigint
      or updated < ${MIN_STROKE_MS}::bigint or updated > ${latest}::bigint
      or end_time < start_time or end_time > ${latest}::bigint
      or dot_count < 0
      or not (distance_nu >= 0 and distance_nu < 'Infinity'::float8))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
