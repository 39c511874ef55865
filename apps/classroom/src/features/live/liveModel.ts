/**
 * The pure rules of the teacher's live-lesson screen (issue 16): a tile's state from the times
 * the room last heard of the pupil, the tile order, the lesson a lecture's 'live lesson' opens,
 * the reconnect back-off and the catch-up after a socket outage (which pages to search from
 * when, and which of the strokes found are new).
 *
 * Times are epoch ms, passed in (no clock here).
 */
import type { Course, Textbook } from '@dotink/contracts/edu';
import { ACTIVE_SESSION, lessonTimeState } from '@dotink/contracts/lessonRules';
import { type PageAddress, type PageNamingRule, pageId, parsePageId } from '@dotink/ncode';

/** Stations re-send `connected` and `page` every ~10 s: silence this long means not connected. */
export const CONNECTED_TIMEOUT_MS = 25_000;
/** A pupil whose last dot is this recent (or whose stroke is open) is writing. */
export const WRITING_MS = 3_000;
/** Catch-up searches start this long before the last time the teacher heard the room. */
export const CATCH_UP_MARGIN_MS = 60_000;

/** What the room told about one pupil's pen (client times). */
export interface PupilSignal {
  /** Last message of any kind from the pupil's pen. */
  readonly lastMessageMs?: number;
  /** Last dot drawn (or stroke completed). */
  readonly lastInkMs?: number;
  /** A live stroke is open now. */
  readonly strokeOpen?: boolean;
  /** The station said the pen disconnected (and nothing came since). */
  readonly disconnected?: boolean;
}

/** A tile's state. */
export type TileState = 'offline' | 'idle' | 'writing';

/** The state of a pupil's tile at `nowMs`. */
export function tileState(s: PupilSignal, nowMs: number): TileState {
  if (s.disconnected || s.lastMessageMs === undefined) return 'offline';
  if (nowMs - s.lastMessageMs > CONNECTED_TIMEOUT_MS) return 'offline';
  if (s.strokeOpen) return 'writing';
  if (s.lastInkMs !== undefined && nowMs - s.lastInkMs <= WRITING_MS) return 'writing';
  return 'idle';
}

/** How tiles are ordered. */
export type TileOrder = 'number' | 'activity';

/** What ordering needs of a pupil. */
export interface OrderedPupil {
  readonly studentId: string;
  /** Registration number. */
  readonly num: string;
  readonly name: string;
  /** Time of the last stroke (roster or live), undefined when none. */
  readonly lastStrokeMs?: number;
}

const byNumber = (a: OrderedPupil, b: OrderedPupil) =>
  a.num.localeCompare(b.num, undefined, { numeric: true }) ||
  a.name.localeCompare(b.name) ||
  a.studentId.localeCompare(b.studentId);

/**
 * The tiles in order: by registration number (numeric where the numbers are), or by most recent
 * activity first (pupils without any after, by number).
 */
export function orderPupils<P extends OrderedPupil>(pupils: readonly P[], order: TileOrder): P[] {
  const out = [...pupils];
  if (order === 'number') return out.sort(byNumber);
  return out.sort((a, b) => {
    const ta = a.lastStrokeMs ?? Number.NEGATIVE_INFINITY;
    const tb = b.lastStrokeMs ?? Number.NEGATIVE_INFINITY;
    return ta === tb ? byNumber(a, b) : tb - ta;
  });
}

/** The delay before reconnect attempt `attempt` (0-based): 0.5 s doubling, at most 10 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
}

/**
 * The lesson a lecture's 'live lesson' opens: the one in progress (the earliest started, if
 * several), else one within its 30 minutes after the end (the latest ended), else the next to
 * start, else the last one that started. Drafts (no active session) are never chosen.
 */
export function pickLiveLesson(courses: readonly Course[], nowMs: number): Course | undefined {
  const timed = courses
    .filter((c) => c.sessionId && c.sessionStatus === ACTIVE_SESSION)
    .map((c) => ({ c, start: Date.parse(c.startAt), end: Date.parse(c.endAt) }))
    .filter((x) => Number.isFinite(x.start) && Number.isFinite(x.end));
  const state = (x: (typeof timed)[number]) =>
    lessonTimeState(
      { status: x.c.status, sessionStatus: x.c.sessionStatus, startAtMs: x.start, endAtMs: x.end },
      nowMs,
    );
  const first = <T>(xs: T[], better: (a: T, b: T) => boolean) =>
    xs.reduce<T | undefined>((best, x) => (best === undefined || better(x, best) ? x : best), undefined);
  const now = timed.filter((x) => state(x) === 'IN_PROGRESS');
  if (now.length) return first(now, (a, b) => a.start < b.start)?.c;
  const after = timed.filter((x) => state(x) === 'AFTER_END');
  if (after.length) return first(after, (a, b) => a.end > b.end)?.c;
  const next = timed.filter((x) => x.start > nowMs);
  if (next.length) return first(next, (a, b) => a.start < b.start)?.c;
  return first(timed, (a, b) => a.start > b.start)?.c;
}

/** The `startDate` (ISO) of a catch-up search: the server time last heard, minus the margin. */
export function catchUpStartDate(lastHeardServerMs: number, marginMs = CATCH_UP_MARGIN_MS): string {
  return new Date(Math.max(0, lastHeardServerMs - marginMs)).toISOString();
}

/** What the merge needs of a stroke. */
export interface KeyedStroke {
  readonly page: PageAddress;
  readonly writerId: string;
  readonly mac: string;
  readonly startTimeMs: number;
  readonly updatedMs: number;
}

/**
 * The identity of a stroke across the room and the ink store: the store keys what it reads back
 * as `"s.o.b.p/writer/mac/startTime"` (ink's `serverStrokeKey`), not with the station's own key,
 * so a stroke seen live and the same stroke searched later are matched by these four.
 */
export function strokeIdentity(s: Omit<KeyedStroke, 'updatedMs'>): string {
  return `${pageId(s.page)}/${s.writerId}/${s.mac}/${Math.round(s.startTimeMs)}`;
}

/**
 * The strokes of a catch-up answer the screen must add: those it does not show yet (by
 * {@link strokeIdentity}), or a newer version (`updatedMs`) of one it shows; each stroke once
 * (its newest version).
 */
export function newStrokes<S extends KeyedStroke>(
  shown: (identity: string) => KeyedStroke | undefined,
  found: readonly S[],
): S[] {
  const best = new Map<string, S>();
  for (const s of found) {
    const id = strokeIdentity(s);
    const had = best.get(id);
    if (!had || had.updatedMs < s.updatedMs) best.set(id, s);
  }
  const out: S[] = [];
  for (const [id, s] of best) {
    const old = shown(id);
    if (!old || old.updatedMs < s.updatedMs) out.push(s);
  }
  return out;
}

/** The material covering a page, if any. */
export function textbookOf(page: PageAddress, textbooks: readonly Textbook[]): Textbook | undefined {
  return textbooks.find(
    (b) =>
      b.section === page.section &&
      b.owner === page.owner &&
      b.book === page.book &&
      page.page >= b.ncodeStartPage &&
      page.page <= b.ncodeEndPage,
  );
}

/**
 * The book and page of a tile: the material's title, the Ncode page and the material's naming
 * rule (classroom.md §5, `components/pageLabel.ts` shows it); else the code page's book, named by
 * number.
 */
export function pageLabelParts(
  page: string | undefined,
  textbooks: readonly Textbook[],
): { readonly book: string; readonly page: number; readonly rule: PageNamingRule } | undefined {
  const a = page ? parsePageId(page) : undefined;
  if (!a) return undefined;
  const b = textbookOf(a, textbooks);
  if (b) return { book: b.title, page: a.page, rule: { pageNaming: b.pageNaming, firstPage: b.firstPage } };
  return {
    book: `${a.section}.${a.owner}.${a.book}`,
    page: a.page,
    rule: { pageNaming: 'number', firstPage: 1 },
  };
}

/** The next pupil index for an arrow key in a list of `count` tiles (wrapping). */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return -1;
  return (((index + delta) % count) + count) % count;
}

/**
 * A subscription to the room that calls its listener at most once a frame: when a class starts
 * writing, 40 tiles turn to their pages within a few hundred milliseconds, each a message of its
 * own; the grid renders once a frame for all of them instead of once for each.
 */
export function frameCoalesced(
  subscribe: (listener: () => void) => () => void,
  requestFrame: (fn: () => void) => unknown,
): (listener: () => void) => () => void {
  return (listener) => {
    let asked = false;
    let live = true;
    const stop = subscribe(() => {
      if (asked) return;
      asked = true;
      requestFrame(() => {
        asked = false;
        if (live) listener();
      });
    });
    return () => {
      live = false;
      stop();
    };
  };
}
