/**
 * Reading the ink store's stroke reads (GET /admin/v1/inkstore/search/{studentId}, engine.md §3
 * "Ink store response element" and §7): each element's `data` is base64 of UTF-8 JSON in one of
 * two shapes:
 *
 * - **page object**: `{section, owner, bookCode, pageNumber, strokes}`, either as the JSON itself
 *   or under its `page` key (the upload's `{version: 3, page: {…}}` as it was stored);
 * - **flat form**: `{category, section, owner, book, pageNumber, strokes}`.
 *
 * Anything else is `Error('invalid data format from InkStore')` (engine.md §5), as is a stroke
 * inside that cannot be read.
 */
import type { Clock, PageAddress } from '@dotink/ncode';
import { decodeBase64 } from '@dotink/ncode';
import type { Stroke } from '../types';
import { decodeServerStroke, type ServerStrokeContext } from './serverStroke';
import { type ReadStrokePage, readStrokePage, type StrokeCategory } from './strokePage';
import { decodeUtf8 } from './utf8';

/** engine.md §5, exactly. */
export const INVALID_INKSTORE_DATA = 'invalid data format from InkStore';

/** The per-page time check's window (engine.md §5): a page must start after now − 1e11 ms. */
export const INKSTORE_TIME_WINDOW_MS = 1e11;

/** One element of an ink store response. Other fields are ignored. */
export interface InkStoreElement {
  readonly data: string;
}

/** Which of the two shapes the data had. */
export type InkStoreShape = 'page' | 'flat';

/** The strokes of one page read from the ink store. */
export interface InkStorePage {
  readonly shape: InkStoreShape;
  readonly page: PageAddress;
  /** The flat form's category, or the page object's when it has one; 0 otherwise. */
  readonly category: StrokeCategory;
  readonly strokes: Stroke[];
}

/**
 * Reads one element. `context` says what the data does not (whose surface, how to key strokes).
 * Throws `Error(INVALID_INKSTORE_DATA)`.
 */
export function parseInkStoreElement(
  element: unknown,
  context: Omit<ServerStrokeContext, 'page'> = {},
): InkStorePage {
  const read = readElement(element);
  try {
    const strokes = read.strokes.map((r) => decodeServerStroke(r, { ...context, page: read.page }));
    return { shape: read.shape, page: read.page, category: read.category, strokes };
  } catch {
    throw new Error(INVALID_INKSTORE_DATA);
  }
}

/** Reads every element of a response list. Throws `Error(INVALID_INKSTORE_DATA)` on the first bad one. */
export function parseInkStoreResponse(
  elements: readonly unknown[],
  context: Omit<ServerStrokeContext, 'page'> = {},
): InkStorePage[] {
  if (!Array.isArray(elements)) throw new Error(INVALID_INKSTORE_DATA);
  return elements.map((e) => parseInkStoreElement(e, context));
}

/** True when `startTimeMs` is later than now − 1e11 ms (engine.md §5). */
export function passesInkStoreTimeCheck(startTimeMs: number, clock: Clock): boolean {
  return startTimeMs > clock.nowMs() - INKSTORE_TIME_WINDOW_MS;
}

/**
 * The pages that pass the per-page time check: a page starts at its earliest stroke; a page with
 * no strokes has no start time and does not pass.
 */
export function recentInkStorePages(pages: readonly InkStorePage[], clock: Clock): InkStorePage[] {
  return pages.filter((p) => {
    if (p.strokes.length === 0) return false;
    let start = Number.POSITIVE_INFINITY;
    for (const s of p.strokes) if (s.startTimeMs < start) start = s.startTimeMs;
    return passesInkStoreTimeCheck(start, clock);
  });
}

function readElement(element: unknown): ReadStrokePage & { readonly shape: InkStoreShape } {
  const data = (element as Partial<InkStoreElement> | null)?.data;
  if (typeof data !== 'string') throw new Error(INVALID_INKSTORE_DATA);
  let json: unknown;
  try {
    json = JSON.parse(decodeUtf8(decodeBase64(data)));
  } catch {
    throw new Error(INVALID_INKSTORE_DATA);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new Error(INVALID_INKSTORE_DATA);
  const root = json as Record<string, unknown>;
  try {
    if (root.page !== null && typeof root.page === 'object' && 'bookCode' in root.page) {
      return { shape: 'page', ...readStrokePage(root.page, 'bookCode') };
    }
    if ('bookCode' in root) return { shape: 'page', ...readStrokePage(root, 'bookCode') };
    if ('book' in root) return { shape: 'flat', ...readStrokePage(root, 'book') };
  } catch {
    // falls through to the one error
  }
  throw new Error(INVALID_INKSTORE_DATA);
}
