/**
 * The replay route's query (classroom.md §2 replay, §5, §8): who and which pages to replay.
 *
 * - `studentId` is required; `eduClassId`, `curriculumId`, `courseId` are whole numbers when
 *   given; `sessionId` any text. With both `courseId` and `sessionId` the ink search is limited
 *   to that lesson (`tag` = `courseId_sessionId`, classroom.md §7).
 * - The pages: `pages` (base64 of the compressed page runs, ncode's `decodePageArray`) when
 *   given, else `section`, `owner`, `book` with `ncodeStartPage` … `ncodeEndPage` (the end
 *   defaults to the start).
 * - Every page's section must be 0–15 or 2048–2063; in section 10 every page is page 1
 *   (grouped), so its pages collapse into one.
 */
import {
  decodePageArray,
  GROUPED_SECTION,
  groupedPage,
  isReplaySection,
  type PageAddress,
  pageAddress,
  pageId,
} from '@dotink/ncode';

/** The decoder's error for a run without its length (classroom.md §8), exactly. */
export const PAGE_ARRAY_ERROR = 'Page array encoder has not worked';

/** Most pages one replay asks for (a range or a page list longer than this is refused). */
export const MAX_REPLAY_PAGES = 5_000;

export interface ReplayQuery {
  readonly studentId: string;
  readonly eduClassId?: number;
  readonly curriculumId?: number;
  readonly courseId?: number;
  readonly sessionId?: string;
  /** `courseId_sessionId` when both are given. */
  readonly tag?: string;
  /** The pages to replay, in the order given, without repeats. */
  readonly pages: readonly PageAddress[];
}

/** Why a query cannot be replayed. */
export type ReplayQueryProblem =
  | { readonly kind: 'noStudent' }
  | { readonly kind: 'noPages' }
  | { readonly kind: 'tooManyPages'; readonly count: number }
  | { readonly kind: 'badNumber'; readonly name: string }
  | { readonly kind: 'badSection'; readonly section: number }
  | { readonly kind: 'pageArray' }
  | { readonly kind: 'pagesUnreadable'; readonly message: string };

export type ReplayQueryResult =
  | { readonly ok: true; readonly query: ReplayQuery }
  | { readonly ok: false; readonly problem: ReplayQueryProblem };

const WHOLE = /^\d{1,9}$/;

class Refused extends Error {
  constructor(readonly problem: ReplayQueryProblem) {
    super(problem.kind);
  }
}

function whole(params: URLSearchParams, name: string): number | undefined {
  const v = params.get(name)?.trim();
  if (v === undefined || v === '') return undefined;
  if (!WHOLE.test(v)) throw new Refused({ kind: 'badNumber', name });
  return Number(v);
}

/** Reads the replay route's query. */
export function parseReplayQuery(params: URLSearchParams): ReplayQueryResult {
  try {
    return { ok: true, query: read(params) };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, problem: e.problem };
    throw e;
  }
}

function read(params: URLSearchParams): ReplayQuery {
  const studentId = params.get('studentId')?.trim();
  if (!studentId) throw new Refused({ kind: 'noStudent' });
  const eduClassId = whole(params, 'eduClassId');
  const curriculumId = whole(params, 'curriculumId');
  const courseId = whole(params, 'courseId');
  const sessionId = params.get('sessionId')?.trim() || undefined;
  const pages = replayPages(readPages(params));
  return {
    studentId,
    ...(eduClassId !== undefined ? { eduClassId } : {}),
    ...(curriculumId !== undefined ? { curriculumId } : {}),
    ...(courseId !== undefined ? { courseId } : {}),
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(courseId !== undefined && sessionId !== undefined ? { tag: `${courseId}_${sessionId}` } : {}),
    pages,
  };
}

function readPages(params: URLSearchParams): PageAddress[] {
  const packed = params.get('pages')?.trim();
  if (packed) {
    try {
      return decodePageArray(packed);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (message === PAGE_ARRAY_ERROR) throw new Refused({ kind: 'pageArray' });
      throw new Refused({ kind: 'pagesUnreadable', message });
    }
  }
  const section = whole(params, 'section');
  const owner = whole(params, 'owner');
  const book = whole(params, 'book');
  const start = whole(params, 'ncodeStartPage');
  const end = whole(params, 'ncodeEndPage') ?? start;
  if (
    section === undefined ||
    owner === undefined ||
    book === undefined ||
    start === undefined ||
    end === undefined
  )
    throw new Refused({ kind: 'noPages' });
  if (end < start) throw new Refused({ kind: 'noPages' });
  if (!isReplaySection(section)) throw new Refused({ kind: 'badSection', section });
  if (section === GROUPED_SECTION) return [pageAddress(section, owner, book, 1)];
  const count = end - start + 1;
  if (count > MAX_REPLAY_PAGES) throw new Refused({ kind: 'tooManyPages', count });
  return Array.from({ length: count }, (_, i) => pageAddress(section, owner, book, start + i));
}

/**
 * The pages a replay asks for: sections checked, section 10 grouped to page 1, repeats dropped
 * (first kept). Throws {@link Refused} through {@link parseReplayQuery}.
 */
function replayPages(pages: readonly PageAddress[]): PageAddress[] {
  if (pages.length === 0) throw new Refused({ kind: 'noPages' });
  const seen = new Set<string>();
  const out: PageAddress[] = [];
  for (const p of pages) {
    if (!isReplaySection(p.section)) throw new Refused({ kind: 'badSection', section: p.section });
    const g = groupedPage(p);
    const id = pageId(g);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(g);
    if (out.length > MAX_REPLAY_PAGES) throw new Refused({ kind: 'tooManyPages', count: pages.length });
  }
  return out;
}
