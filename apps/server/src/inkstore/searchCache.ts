/**
 * Encoded search answers, kept per (student, query) under the student's ink version
 * (`ink_versions`, migration 0035: raised by triggers in the same transaction as any change to
 * the student's strokes, from any server process). A teacher's page view asks for the same page
 * again and again while the pupil writes little: the answer's body is built once per version and
 * sent as bytes, so a repeated search costs one key lookup instead of reading and encoding every
 * stroke again (on PGlite's one session the stroke query was most of a request's time).
 *
 * The search route reads the version in its access query (access.ts `InkReadAccess`).
 * Correct under concurrent writes: the version is read before the strokes, so an answer is
 * never stored under a version older than what it holds — at worst it holds newer strokes than
 * its version says and is rebuilt once more.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { StrokeSearch } from './inkStrokeStore';

/** Most bytes of answers kept (least recently used ones go first). */
export const SEARCH_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** The student's ink version now ('0' before any stroke), in a query of its own. */
export async function inkVersion(db: Kysely<Database>, studentId: string): Promise<string> {
  const row = await db
    .selectFrom('ink_versions')
    .select('version')
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row ? String(row.version) : '0';
}

/** The cache key of a search: every filter that shapes its answer, in a fixed order. */
export function searchCacheKey(q: StrokeSearch): string {
  return JSON.stringify([
    q.studentId,
    q.afterId ?? null,
    q.uploadedFrom?.toISOString() ?? null,
    q.uploadedTo?.toISOString() ?? null,
    q.startFromMs ?? null,
    q.startToMs ?? null,
    q.section ?? null,
    q.owner ?? null,
    q.book ?? null,
    q.pages ?? null,
    q.maxStrokes,
    q.maxDots,
  ]);
}

interface Entry {
  readonly version: string;
  readonly body: Buffer;
}

/** A bounded least-recently-used map of encoded answers by key and version. */
export class SearchAnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers being built, by key and version: concurrent requests wait for the same one. */
  private readonly building = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes = SEARCH_CACHE_MAX_BYTES) {}

  /**
   * The body for `key` at `version`: stored, being built by an earlier request (awaited, not
   * built again — 50 teachers asking right after the pupil's upload cost one query), or built
   * now by `build` and stored. A failed build is not stored; each waiter gets its error.
   */
  async getOrBuild(key: string, version: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const stored = this.get(key, version);
    if (stored) return stored;
    const flight = `${version} ${key}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = build().then(
        (body) => {
          this.building.delete(flight);
          this.set(key, version, body);
          return body;
        },
        (error: unknown) => {
          this.building.delete(flight);
          throw error;
        },
      );
      this.building.set(flight, pending);
    }
    return pending;
  }

  /** The body stored for `key` at `version`, or undefined (an older version is dropped). */
  get(key: string, version: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used now
    return entry.body;
  }

  /** Keeps `body` for `key` at `version`, dropping the least recently used beyond the bound. */
  set(key: string, version: string, body: Buffer): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    if (body.length > this.maxBytes / 4) return;
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.body.length;
    }
  }

  /** Bytes held now. */
  get size(): number {
    return this.bytes;
  }
}
