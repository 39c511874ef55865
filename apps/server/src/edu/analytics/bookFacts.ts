/**
 * Packed stroke facts per pupil and book (`ink_book_facts`, migration 0042): what a class summary
 * reads instead of the stroke rows (issue 15). A pack holds, for every stroke of the pupil on the
 * book that is not deleted, in start-time order, {@link RECORD_BYTES} bytes (little-endian):
 * page u32, start f64 (ms), end f64 (ms; 0 = no dot times), dot count u32, distance f32 (nu).
 *
 * A pack is valid for the ink version (migration 0035) it was built at; reading answers the valid
 * packs as they are and rebuilds the others from `ink_strokes` (one query per pupil), then
 * stores them. Correct under concurrent writes: the version is read before the strokes, so a pack
 * is never stored under a version newer than what it holds.
 */
import type { AnalyticsStroke } from '@dotink/ink';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { MAX_INSTANT_MS, MIN_STROKE_MS } from '../../http/fields';

/** Bytes of one stroke's record in a pack. */
export const RECORD_BYTES = 28;

/** A book of a pupil's packs. */
export interface BookAddress {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
}

/** Packs the facts of `strokes` (in the order given). */
export function packFacts(strokes: readonly AnalyticsStroke[]): Uint8Array {
  const bytes = new Uint8Array(strokes.length * RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  strokes.forEach((s, i) => {
    const o = i * RECORD_BYTES;
    view.setUint32(o, s.page, true);
    view.setFloat64(o + 4, s.startTimeMs, true);
    view.setFloat64(o + 12, s.endTimeMs ?? 0, true);
    view.setUint32(o + 20, s.dotCount, true);
    view.setFloat32(o + 24, s.distanceNu, true);
  });
  return bytes;
}

/** The last unpacking of each pack held in memory (see {@link unpackFactsOnce}). */
const unpacked = new WeakMap<
  Uint8Array,
  { first: number; last: number; strokes: readonly AnalyticsStroke[] }
>();

/**
 * {@link unpackFacts}, remembered per pack object: a pack {@link bookFacts} keeps in memory
 * unpacks once for a page range, not on every summary (250,000 records cost ~40 ms). The answer
 * is shared: callers must not change it.
 */
export function unpackFactsOnce(
  bytes: Uint8Array,
  firstPage: number,
  lastPage: number,
): readonly AnalyticsStroke[] {
  const seen = unpacked.get(bytes);
  if (seen && seen.first === firstPage && seen.last === lastPage) return seen.strokes;
  const strokes = unpackFacts(bytes, firstPage, lastPage);
  unpacked.set(bytes, { first: firstPage, last: lastPage, strokes });
  return strokes;
}

/**
 * The facts of a stored stroke as the summaries may read them, or undefined for a stroke that
 * cannot be placed in time. The tables hold whatever was stored before the upload's instant rule
 * (`uploadDecode.ts`) and whatever anyone wrote into them, so every read is total: a start outside
 * 2000 … 2999 (or not a number) leaves the stroke out; an end before its start or past 2999 counts
 * as no dot times; a dot count or length that is negative or not finite counts as 0.
 */
export function saneFacts(
  page: number,
  startTimeMs: number,
  endTimeMs: number | undefined,
  dotCount: number,
  distanceNu: number,
): AnalyticsStroke | undefined {
  if (!(startTimeMs >= MIN_STROKE_MS && startTimeMs <= MAX_INSTANT_MS)) return undefined;
  return {
    page,
    startTimeMs,
    endTimeMs:
      endTimeMs !== undefined && endTimeMs >= startTimeMs && endTimeMs <= MAX_INSTANT_MS
        ? endTimeMs
        : undefined,
    dotCount: dotCount >= 0 && dotCount <= 0x7fffffff ? dotCount : 0,
    distanceNu: distanceNu >= 0 && distanceNu < Number.POSITIVE_INFINITY ? distanceNu : 0,
  };
}

/** The strokes of a pack on pages `[firstPage, lastPage]` ({@link saneFacts}: the others left out). */
export function unpackFacts(bytes: Uint8Array, firstPage: number, lastPage: number): AnalyticsStroke[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Math.floor(bytes.length / RECORD_BYTES);
  const strokes: AnalyticsStroke[] = [];
  for (let i = 0, o = 0; i < n; i++, o += RECORD_BYTES) {
    const page = view.getUint32(o, true);
    if (page < firstPage || page > lastPage) continue;
    const end = view.getFloat64(o + 12, true);
    const stroke = saneFacts(
      page,
      view.getFloat64(o + 4, true),
      end > 0 ? end : undefined,
      view.getUint32(o + 20, true),
      view.getFloat32(o + 24, true),
    );
    if (stroke) strokes.push(stroke);
  }
  return strokes;
}

/**
 * The facts of one pupil's own strokes on the book (not another writer's: a teacher's annotation
 * on the pupil's page is no writing of the pupil's, classroom.md §2), from `ink_strokes`, as one text (few values to
 * parse). One query per pupil: an equality on the pupil uses the stroke table's key
 * (student_id, id), where an array of pupils made the embedded database scan the whole table.
 */
async function readStrokeFacts(
  db: Kysely<Database>,
  studentId: string,
  b: BookAddress,
): Promise<AnalyticsStroke[]> {
  const result = await sql<{ s: string | null }>`
    select string_agg(concat_ws(',', page, start_time, coalesce(end_time, 0), dot_count, distance_nu),
                      ';' order by start_time) as s
    from ink_strokes
    where student_id = ${studentId} and section = ${b.section}::int
      and owner = ${b.owner}::int and book = ${b.book}::int and delete_flag <> 1
      and writer_id = student_id`.execute(db);
  const text = result.rows[0]?.s;
  if (!text) return [];
  const strokes: AnalyticsStroke[] = [];
  for (const record of text.split(';')) {
    const f = record.split(',');
    const end = Number(f[2]);
    const stroke = saneFacts(
      Number(f[0]),
      Number(f[1]),
      end > 0 ? end : undefined,
      Number(f[3]),
      Number(f[4]),
    );
    if (stroke) strokes.push(stroke);
  }
  return strokes;
}

/** Bytes of packs kept in memory per database (about 9,000 strokes a MB). */
export const PACK_MEMORY_BYTES = 64 * 1024 * 1024;

/**
 * The packs this process has read lately, per database, by pupil and book, with the ink version
 * they hold: a summary after one pupil's new ink reads that pupil's pack only, not the class's
 * 7 MB again. Always checked against the database's version, so another process's writes are
 * seen; least recently used dropped beyond {@link PACK_MEMORY_BYTES}.
 */
class PackMemory {
  readonly #packs = new Map<string, { version: string; bytes: Uint8Array }>();
  #bytes = 0;
  get(key: string): { version: string; bytes: Uint8Array } | undefined {
    const hit = this.#packs.get(key);
    if (hit) {
      this.#packs.delete(key);
      this.#packs.set(key, hit);
    }
    return hit;
  }
  set(key: string, version: string, bytes: Uint8Array): void {
    const old = this.#packs.get(key);
    if (old) {
      this.#bytes -= old.bytes.byteLength;
      this.#packs.delete(key);
    }
    this.#packs.set(key, { version, bytes });
    this.#bytes += bytes.byteLength;
    for (const [k, v] of this.#packs) {
      if (this.#bytes <= PACK_MEMORY_BYTES) break;
      this.#packs.delete(k);
      this.#bytes -= v.bytes.byteLength;
    }
  }
}
const memories = new WeakMap<Kysely<Database>, PackMemory>();
const memoryOf = (db: Kysely<Database>): PackMemory => {
  const held = memories.get(db);
  if (held) return held;
  const fresh = new PackMemory();
  memories.set(db, fresh);
  return fresh;
};

/** Each pupil's packed facts on the book, current (stale packs rebuilt and stored). */
export async function bookFacts(
  db: Kysely<Database>,
  studentIds: readonly string[],
  b: BookAddress,
): Promise<Map<string, Uint8Array>> {
  const packs = new Map<string, Uint8Array>();
  if (studentIds.length === 0) return packs;
  const memory = memoryOf(db);
  const keyOf = (sid: string) => `${sid}\n${b.section}.${b.owner}.${b.book}`;
  const known = studentIds.map((sid) => memory.get(keyOf(sid))?.version ?? '');
  // The packs as the database's base64 text: the embedded database hands bytea over as hex text
  // parsed in JavaScript (most of a second for a class's 7 MB); base64 is decoded natively. A pack
  // this process holds at the current version is not sent again.
  const rows = await sql<{ sid: string; version: string | null; facts: string | null }>`
    select p.sid, v.version::text as version,
           case when f.version = v.version and v.version::text <> p.known
                then encode(f.facts, 'base64') end as facts
    from unnest(${[...studentIds]}::text[], ${known}::text[]) as p(sid, known)
    left join ink_versions v on v.student_id = p.sid
    left join ink_book_facts f on f.student_id = p.sid and f.section = ${b.section}::int
      and f.owner = ${b.owner}::int and f.book = ${b.book}::int`.execute(db);
  const stale: { sid: string; version: string }[] = [];
  for (const r of rows.rows) {
    if (r.version === null) {
      packs.set(r.sid, new Uint8Array(0)); // never wrote
      continue;
    }
    const held = memory.get(keyOf(r.sid));
    if (held && held.version === r.version) packs.set(r.sid, held.bytes);
    else if (r.facts !== null) {
      const bytes = Buffer.from(r.facts, 'base64'); // the text's line breaks are skipped
      const pack = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      packs.set(r.sid, pack);
      memory.set(keyOf(r.sid), r.version, pack);
    } else stale.push({ sid: r.sid, version: r.version });
  }
  if (stale.length === 0) return packs;
  const rebuilt: { sid: string; version: string; facts: Uint8Array }[] = [];
  for (const s of stale) rebuilt.push({ ...s, facts: packFacts(await readStrokeFacts(db, s.sid, b)) });
  for (const r of rebuilt) {
    packs.set(r.sid, r.facts);
    memory.set(keyOf(r.sid), r.version, r.facts);
  }
  await db
    .insertInto('ink_book_facts')
    .values(
      rebuilt.map((r) => ({
        student_id: r.sid,
        section: b.section,
        owner: b.owner,
        book: b.book,
        version: r.version,
        facts: r.facts,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['student_id', 'section', 'owner', 'book'])
        .doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), facts: eb.ref('excluded.facts') })),
    )
    .execute();
  return packs;
}
