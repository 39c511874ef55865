/**
 * Loading a pupil's writing for a replay (classroom.md §2, §7): the cached strokes first, then
 * only what the server has newer, page by page.
 *
 * - The requested pages are grouped by book and by their last download mark; each group is
 *   searched in requests of at most 64 page numbers (`startDate` = the mark), and each request
 *   pages on with `dataPointer` while `hasMore`. A section-10 book is searched whole (its pages
 *   all count as page 1, so no page number filter would find them).
 * - After a request, every page it asked for is marked with the latest upload time the answers
 *   held plus 1 ms (the filter is "at or after"; the server's upload times are whole ms): the next
 *   search asks only for what was uploaded later. A stroke read twice replaces itself (its key).
 * - Strokes keep their writer: another writer's (a teacher's annotation) is drawn in another
 *   colour by the view. A stroke read twice keeps its latest version (`updatedMs`).
 */
import type { SearchData } from '@dotink/contracts/inkstore';
import { parseInkStoreElement, type Stroke, withStroke } from '@dotink/ink';
import { GROUPED_SECTION, groupedPage, type PageAddress, type PageId, pageId } from '@dotink/ncode';
import type { InkSearchRequest } from '../../api/ink';
import type { DownloadMark, InkCache } from './inkCache';

/** Most page numbers in one search (classroom.md §9). */
export const PAGES_PER_SEARCH = 64;

export interface ReplayInkSource {
  readonly studentId: string;
  readonly tag?: string;
  readonly pages: readonly PageAddress[];
}

export interface ReplayInkDeps {
  readonly searchInk: (r: InkSearchRequest) => Promise<SearchData>;
  /** Absent: no cache (everything from the server, nothing kept). */
  readonly cache?: InkCache;
  /**
   * The strokes known so far: after the cache is read (when it had any) and after each answer
   * page, so a screen can show the writing while the rest arrives.
   */
  readonly onStrokes?: (strokes: readonly Stroke[]) => void;
  readonly signal?: AbortSignal;
}

export interface ReplayInk {
  /** The pupil's strokes on the pages (any order). */
  readonly strokes: Stroke[];
  /** Strokes that came from the cache. */
  readonly cached: number;
  /** Strokes the server sent now. */
  readonly fetched: number;
  /** Search requests made (answer pages included). */
  readonly requests: number;
}

/** The cache scope of a pupil (and lesson). */
export function inkScope(source: Pick<ReplayInkSource, 'studentId' | 'tag'>): string {
  return `${source.studentId}|${source.tag ?? ''}`;
}

/** One planned search: a book's page numbers (empty: the whole book) and the mark to start from. */
export interface PlannedSearch {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly pageNumbers: readonly number[];
  readonly pages: readonly PageId[];
  readonly startDate?: string;
}

/** The searches for pages with their marks: by book and mark, at most 64 pages each. */
export function planSearches(
  pages: readonly PageAddress[],
  marks: ReadonlyMap<PageId, DownloadMark | string>,
): PlannedSearch[] {
  const groups = new Map<string, { a: PageAddress; mark?: string; pages: PageAddress[] }>();
  for (const p of pages) {
    const m = marks.get(pageId(p));
    const mark = typeof m === 'string' ? m : m?.lastUploadDate;
    const k = `${p.section}.${p.owner}.${p.book}|${mark ?? ''}`;
    let g = groups.get(k);
    if (!g) {
      g = { a: p, ...(mark ? { mark } : {}), pages: [] };
      groups.set(k, g);
    }
    g.pages.push(p);
  }
  const out: PlannedSearch[] = [];
  for (const g of groups.values()) {
    const base = {
      section: g.a.section,
      owner: g.a.owner,
      book: g.a.book,
      ...(g.mark ? { startDate: g.mark } : {}),
    };
    if (g.a.section === GROUPED_SECTION) {
      out.push({ ...base, pageNumbers: [], pages: g.pages.map(pageId) });
      continue;
    }
    for (let i = 0; i < g.pages.length; i += PAGES_PER_SEARCH) {
      const slice = g.pages.slice(i, i + PAGES_PER_SEARCH);
      out.push({ ...base, pageNumbers: slice.map((p) => p.page), pages: slice.map(pageId) });
    }
  }
  return out;
}

/** Loads the writing: cache, then the newer strokes from the server (stored in the cache). */
export async function loadReplayInk(source: ReplayInkSource, deps: ReplayInkDeps): Promise<ReplayInk> {
  const scope = inkScope(source);
  const wanted = new Set(source.pages.map(pageId));
  const ids = [...wanted];
  const marks = deps.cache ? await deps.cache.downloads(scope, ids) : new Map<PageId, DownloadMark>();
  const byKey = new Map<string, Stroke>();
  const keep = (s: Stroke) => {
    const had = byKey.get(s.key);
    if (!had || had.updatedMs <= s.updatedMs) byKey.set(s.key, s);
  };
  let cachedStrokes: Stroke[] = [];
  if (deps.cache) {
    // the first page written first (what the screen shows first), then all
    let first: PageId | undefined;
    let firstMs = Number.POSITIVE_INFINITY;
    for (const [page, mark] of marks) {
      if (mark.firstStartMs !== undefined && mark.firstStartMs < firstMs) {
        firstMs = mark.firstStartMs;
        first = page;
      }
    }
    if (first) {
      const early = await deps.cache.pageStrokes(scope, first);
      if (early.length > 0) deps.onStrokes?.(early);
    }
    cachedStrokes = await deps.cache.strokes(scope, wanted);
    for (const s of cachedStrokes) keep(s);
  }
  let requests = 0;
  let fetched = 0;
  if (byKey.size > 0) deps.onStrokes?.([...byKey.values()]);
  // cache writes run beside the next requests; all are awaited before the end
  const writes: Promise<void>[] = [];
  for (const plan of planSearches(source.pages, marks)) {
    const got: Stroke[] = [];
    let latest: number | undefined;
    let pointer: string | undefined;
    for (;;) {
      deps.signal?.throwIfAborted();
      const answer = await deps.searchInk({
        studentId: source.studentId,
        section: plan.section,
        owner: plan.owner,
        book: plan.book,
        pageNumbers: plan.pageNumbers,
        ...(plan.startDate ? { startDate: plan.startDate } : {}),
        ...(source.tag ? { tag: source.tag } : {}),
        ...(pointer ? { dataPointer: pointer } : {}),
      });
      requests++;
      for (const e of answer.resultElements) {
        const uploaded = Date.parse(e.uploadDate);
        if (Number.isFinite(uploaded) && (latest === undefined || uploaded > latest)) latest = uploaded;
        const page = parseInkStoreElement(e, { surfaceOwnerId: source.studentId });
        for (const raw of page.strokes) {
          const s =
            raw.page.section === GROUPED_SECTION ? withStroke(raw, { page: groupedPage(raw.page) }) : raw;
          if (!wanted.has(pageId(s.page))) continue;
          got.push(s);
          keep(s);
        }
      }
      if (answer.resultElements.length > 0) deps.onStrokes?.([...byKey.values()]);
      if (!answer.hasMore || !answer.nextDataPointer) break;
      pointer = answer.nextDataPointer;
    }
    fetched += got.length;
    if (deps.cache && (got.length > 0 || latest !== undefined)) {
      const mark = latest === undefined ? undefined : new Date(latest + 1).toISOString();
      const firstStarts = new Map<PageId, number>();
      for (const s of got) {
        const id = pageId(s.page);
        firstStarts.set(id, Math.min(firstStarts.get(id) ?? Number.POSITIVE_INFINITY, s.startTimeMs));
      }
      const pageMarks = new Map<PageId, DownloadMark>();
      if (mark) {
        for (const p of plan.pages) {
          const had = marks.get(p)?.firstStartMs;
          const now = firstStarts.get(p);
          const firstStartMs = had === undefined ? now : now === undefined ? had : Math.min(had, now);
          pageMarks.set(p, { lastUploadDate: mark, ...(firstStartMs !== undefined ? { firstStartMs } : {}) });
        }
      }
      writes.push(deps.cache.put(scope, got, pageMarks));
    }
  }
  await Promise.all(writes);
  return { strokes: [...byKey.values()], cached: cachedStrokes.length, fetched, requests };
}
