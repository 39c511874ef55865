import type { SearchData, SearchResultElement } from '@dotink/contracts/inkstore';
import { BrushType, createStroke, dotsFrom, encodeStrokeUploads, type Stroke } from '@dotink/ink';
import { manualClock, type PageAddress, pageAddress, pageId } from '@dotink/ncode';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { InkSearchRequest } from '../../api/ink';
import { openInkCache } from './inkCache';
import { loadReplayInk, PAGES_PER_SEARCH, planSearches } from './replayInk';

const PUPIL = 'pupil-1';
let seq = 0;
function stroke(page: PageAddress, startMs: number, writerId = PUPIL): Stroke {
  const dots = dotsFrom(
    Array.from({ length: 4 }, (_, i) => ({ xNu: 10 + i, yNu: 10 + i, force: 400, timeMs: startMs + i * 12 })),
  );
  return createStroke(
    {
      key: `k${seq++}`,
      page,
      brushType: BrushType.pen,
      writerId,
      surfaceOwnerId: PUPIL,
      mac: `mac-${writerId}`,
    },
    dots,
  );
}

/** A stand-in of the search: stored elements in upload order, answered two at a time. */
function fakeServer() {
  const stored: (SearchResultElement & { page: PageAddress; uploadedMs: number })[] = [];
  const requests: InkSearchRequest[] = [];
  let nowMs = Date.parse('2026-11-20T09:00:00Z');
  return {
    requests,
    upload(strokes: Stroke[], writer = PUPIL) {
      nowMs += 60_000;
      for (const p of encodeStrokeUploads(strokes, { writer, clock: manualClock(nowMs) })) {
        const page = strokes.find((s) => pageId(s.page) === pageIdOf(p.data))!.page;
        stored.push({
          ...p,
          writer: PUPIL,
          uploadDate: new Date(nowMs).toISOString(),
          page,
          uploadedMs: nowMs,
        });
      }
    },
    async search(r: InkSearchRequest): Promise<SearchData> {
      requests.push(r);
      expect(r.pageNumbers.length).toBeLessThanOrEqual(64);
      const from = r.startDate ? Date.parse(r.startDate) : 0;
      const hits = stored.filter(
        (e) =>
          e.uploadedMs >= from &&
          e.page.section === r.section &&
          e.page.owner === r.owner &&
          e.page.book === r.book &&
          (r.pageNumbers.length === 0 || r.pageNumbers.includes(e.page.page)),
      );
      const at = Number(r.dataPointer ?? 0);
      const slice = hits.slice(at, at + 2);
      const more = at + 2 < hits.length;
      return {
        resultElements: slice.map(({ page: _p, uploadedMs: _u, ...e }) => e),
        hasMore: more,
        nextDataPointer: more ? String(at + 2) : null,
      };
    },
  };
}

function pageIdOf(data: string): string {
  const json = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0))));
  const p = json.page;
  return `${p.section}.${p.owner}.${p.bookCode}.${p.pageNumber}`;
}

const book = (p: number) => pageAddress(3, 1012, 1191, p);
const cacheDeps = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

describe('loading a replay’s writing', () => {
  it('plans at most 64 page numbers a search, by book and by download mark', () => {
    const pages = Array.from({ length: 124 }, (_, i) => book(i + 1));
    const plans = planSearches([...pages, pageAddress(2050, 1, 1, 3)], new Map([[pageId(book(5)), 'T']]));
    expect(plans.map((p) => [p.book, p.pageNumbers.length, p.startDate])).toEqual([
      [1191, 64, undefined],
      [1191, 59, undefined],
      [1191, 1, 'T'],
      [1, 1, undefined],
    ]);
    expect(Math.max(...plans.map((p) => p.pageNumbers.length))).toBe(PAGES_PER_SEARCH);
    // section 10: the whole book (its pages are all page 1)
    expect(planSearches([pageAddress(10, 2, 3, 1)], new Map())[0]!.pageNumbers).toEqual([]);
  });

  it('pages through the answers, then reads the cache and fetches only newer strokes', async () => {
    const server = fakeServer();
    const first = [
      stroke(book(10), 1000),
      stroke(book(10), 2000),
      stroke(book(11), 3000),
      stroke(book(12), 4000),
    ];
    server.upload(first.slice(0, 2));
    server.upload(first.slice(2));
    server.upload([stroke(book(40), 5000)]); // a page not asked for
    const cache = await openInkCache(cacheDeps());
    const source = { studentId: PUPIL, pages: [book(10), book(11), book(12), book(13)] };
    const seen: number[] = [];
    const a = await loadReplayInk(source, {
      searchInk: server.search,
      cache,
      onStrokes: (s) => seen.push(s.length),
    });
    // shown as they come: after each answer page
    expect(seen).toEqual([3, 4]);
    expect(a.strokes.map((s) => s.startTimeMs).sort()).toEqual([1000, 2000, 3000, 4000]);
    expect(a).toMatchObject({ cached: 0, fetched: 4 });
    expect(a.requests).toBeGreaterThan(1); // answer pages of two elements
    expect(server.requests[0]).toMatchObject({ pageNumbers: [10, 11, 12, 13] });
    expect(server.requests[0]!.startDate).toBeUndefined();

    // a teacher's annotation arrives after the first replay
    server.upload([stroke(book(11), 6000, 'teacher-1')], 'teacher-1');
    server.requests.length = 0;
    const early: string[][] = [];
    const b = await loadReplayInk(source, {
      searchInk: server.search,
      cache,
      onStrokes: (s) => early.push(s.map((x) => pageId(x.page))),
    });
    // the first page written comes from the cache first, then every cached stroke, then the new one
    expect(early[0]).toEqual(['3.1012.1191.10', '3.1012.1191.10']);
    expect(early.map((e) => e.length)).toEqual([2, 4, 5]);
    expect(b).toMatchObject({ cached: 4, fetched: 1, requests: 1 });
    expect(server.requests[0]!.startDate).toBeDefined();
    expect(b.strokes.find((s) => s.writerId === 'teacher-1')?.surfaceOwnerId).toBe(PUPIL);
    expect(b.strokes).toHaveLength(5);

    // nothing new: one request answering nothing, everything from the cache
    server.requests.length = 0;
    const c = await loadReplayInk(source, { searchInk: server.search, cache });
    expect(c).toMatchObject({ cached: 5, fetched: 0, requests: 1 });
    cache.close();
  });

  it('keeps lessons apart (the tag is part of the cache scope) and works without a cache', async () => {
    const server = fakeServer();
    server.upload([stroke(book(10), 1000)]);
    const cache = await openInkCache(cacheDeps());
    await loadReplayInk(
      { studentId: PUPIL, pages: [book(10)], tag: '7_s' },
      { searchInk: server.search, cache },
    );
    const other = await loadReplayInk(
      { studentId: PUPIL, pages: [book(10)] },
      { searchInk: server.search, cache },
    );
    expect(other).toMatchObject({ cached: 0, fetched: 1 });
    expect(server.requests[0]!.tag).toBe('7_s');
    const none = await loadReplayInk({ studentId: PUPIL, pages: [book(10)] }, { searchInk: server.search });
    expect(none).toMatchObject({ cached: 0, fetched: 1 });
    cache.close();
  });

  it('groups section 10 strokes on page 1', async () => {
    const server = fakeServer();
    server.upload([stroke(pageAddress(10, 2, 3, 7), 1000), stroke(pageAddress(10, 2, 3, 9), 2000)]);
    const r = await loadReplayInk(
      { studentId: PUPIL, pages: [pageAddress(10, 2, 3, 1)] },
      { searchInk: server.search },
    );
    expect(r.strokes.map((s) => pageId(s.page))).toEqual(['10.2.3.1', '10.2.3.1']);
  });
});
