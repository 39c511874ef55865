/**
 * The replay's stroke cache in IndexedDB (classroom.md §9 "Stroke local database: version 1,
 * stores for student strokes and a download log"), so a second replay of a pupil's pages reads
 * the strokes locally and asks the server only for newer ones (§7 "Only strokes newer than the
 * last download are fetched").
 *
 * - `strokes`: one row a stroke, key `[scope, page id, start time, mac, stroke key]` (the
 *   spec's "student id, start time, mac and an index", with the page so a page reads as one
 *   range); the value is the stroke itself (plain data and typed arrays: structured clone).
 * - `downloads`: key `[scope, page id]` → the latest upload time (ISO) the server had when the
 *   page was last fetched (the next search's `startDate`) and the page's earliest stroke start
 *   (so a replay reads the first page written before the others).
 *
 * A scope is a pupil and, for a lesson's replay, its tag (`studentId|courseId_sessionId`).
 */
import type { Stroke } from '@dotink/ink';
import type { PageId } from '@dotink/ncode';
import { pageId } from '@dotink/ncode';

export const INK_CACHE_DB = 'dotink-classroom-ink';
export const INK_CACHE_VERSION = 1;

/** Where IndexedDB comes from (the browser's by default; fake-indexeddb in tests). */
export interface InkCacheDeps {
  readonly indexedDB?: IDBFactory;
  readonly IDBKeyRange?: typeof IDBKeyRange;
  readonly name?: string;
}

/** What the cache knows of a page's download. */
export interface DownloadMark {
  /** The next search's `startDate` (ISO). */
  readonly lastUploadDate: string;
  /** The page's earliest stroke start (epoch ms), when it has strokes. */
  readonly firstStartMs?: number;
}

export interface InkCache {
  /** The stored strokes of a scope on these pages. */
  strokes(scope: string, pages: ReadonlySet<PageId>): Promise<Stroke[]>;
  /** The stored strokes of a scope on one page. */
  pageStrokes(scope: string, page: PageId): Promise<Stroke[]>;
  /** The pages' download marks; pages never fetched are absent. */
  downloads(scope: string, pages: readonly PageId[]): Promise<Map<PageId, DownloadMark>>;
  /** Stores strokes (a stroke stored again replaces its row) and download marks, in one transaction. */
  put(scope: string, strokes: readonly Stroke[], marks: ReadonlyMap<PageId, DownloadMark>): Promise<void>;
  close(): void;
}

interface StrokeRow {
  readonly stroke: Stroke;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens the cache. Rejects when IndexedDB is missing or refuses (e.g. a private window). */
export async function openInkCache(deps: InkCacheDeps = {}): Promise<InkCache> {
  const idb = deps.indexedDB ?? globalThis.indexedDB;
  const Range = deps.IDBKeyRange ?? globalThis.IDBKeyRange;
  if (!idb || !Range) throw new Error('IndexedDB is not available');
  const open = idb.open(deps.name ?? INK_CACHE_DB, INK_CACHE_VERSION);
  open.onupgradeneeded = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('strokes')) db.createObjectStore('strokes');
    if (!db.objectStoreNames.contains('downloads')) db.createObjectStore('downloads');
  };
  const db = await request(open);
  // another tab upgrading later: let it
  db.onversionchange = () => db.close();
  return {
    async strokes(scope, pages) {
      const tx = db.transaction('strokes', 'readonly');
      const rows = (await request(
        tx.objectStore('strokes').getAll(Range.bound([scope], [scope, []])),
      )) as StrokeRow[];
      return rows.map((r) => r.stroke).filter((s) => pages.has(pageId(s.page)));
    },
    async pageStrokes(scope, page) {
      const tx = db.transaction('strokes', 'readonly');
      const rows = (await request(
        tx.objectStore('strokes').getAll(Range.bound([scope, page], [scope, page, []])),
      )) as StrokeRow[];
      return rows.map((r) => r.stroke);
    },
    async downloads(scope, pages) {
      const tx = db.transaction('downloads', 'readonly');
      const store = tx.objectStore('downloads');
      const out = new Map<PageId, DownloadMark>();
      const rows = await Promise.all(
        pages.map((p) => request(store.get([scope, p]) as IDBRequest<DownloadMark | undefined>)),
      );
      rows.forEach((row, i) => {
        if (row) out.set(pages[i]!, row);
      });
      return out;
    },
    async put(scope, strokes, marks) {
      const tx = db.transaction(['strokes', 'downloads'], 'readwrite');
      const finished = done(tx);
      const s = tx.objectStore('strokes');
      for (const stroke of strokes) {
        const row: StrokeRow = { stroke };
        s.put(row, [scope, pageId(stroke.page), stroke.startTimeMs, stroke.mac, stroke.key]);
      }
      const d = tx.objectStore('downloads');
      for (const [page, mark] of marks) d.put(mark, [scope, page]);
      await finished;
    },
    close: () => db.close(),
  };
}
