/**
 * The stroke upload payload (engine.md §3 "Stroke upload payload", sent by POST /inkstore/v1/data):
 *
 * ```
 * { mimeType, createDate: ISO time, writer,
 *   data: base64(UTF-8(JSON {version: 3, page: {section, owner, bookCode, pageNumber, category,
 *                                                strokes: [server stroke records]}})) }
 * ```
 *
 * One payload holds the strokes of one page; {@link encodeStrokeUploads} splits by page.
 */
import { type Clock, decodeBase64, encodeBase64, type PageAddress, pageId, samePage } from '@dotink/ncode';
import type { Stroke } from '../types';
import { decodeServerStroke, encodeServerStroke, type ServerStroke } from './serverStroke';
import { type ReadStrokePage, readStrokePage, type StrokeCategory } from './strokePage';
import { decodeUtf8, encodeUtf8 } from './utf8';

/**
 * Our MIME type for version-3 stroke JSON: a vendor type of our own (`vnd.dotink`), naming the
 * content (strokes), its version (v3) and its syntax (+json).
 */
export const STROKE_UPLOAD_MIME_TYPE = 'application/vnd.dotink.strokes.v3+json';

/** The version number inside the data JSON. */
export const STROKE_UPLOAD_VERSION = 3;

/** The error for a payload whose data cannot be read. */
export const INVALID_STROKE_UPLOAD = 'invalid stroke upload payload';

/** The error for a payload with neither strokes nor a page. */
export const NO_PAGE_UPLOAD = 'an upload without strokes needs a page';

/** The error for strokes of more than one page given to one payload. */
export const MIXED_PAGES_UPLOAD = 'the strokes of one upload must all be on one page';

/** The request body of a stroke upload. */
export interface StrokeUploadPayload {
  readonly mimeType: string;
  /** ISO 8601 time the payload was made. */
  readonly createDate: string;
  /** The writer's id. */
  readonly writer: string;
  /** Base64 of the UTF-8 JSON {@link StrokeUploadData}. */
  readonly data: string;
}

/** The page object of the data JSON (the page's wire names: bookCode, pageNumber). */
export interface StrokeUploadPage {
  readonly section: number;
  readonly owner: number;
  readonly bookCode: number;
  readonly pageNumber: number;
  readonly category: StrokeCategory;
  readonly strokes: readonly ServerStroke[];
}

/** The data JSON. */
export interface StrokeUploadData {
  readonly version: 3;
  readonly page: StrokeUploadPage;
}

export interface StrokeUploadOptions {
  readonly writer: string;
  /** Gives the createDate. */
  readonly clock: Clock;
  /** Defaults to 0 (ordinary strokes). */
  readonly category?: StrokeCategory;
  /** The page, needed when there are no strokes; otherwise it must match theirs. */
  readonly page?: PageAddress;
}

/**
 * The payload for the strokes of one page (all strokes as given: the caller picks which, erased
 * ones travel with deleteFlag 1). Throws `Error(MIXED_PAGES_UPLOAD)` for several pages.
 */
export function encodeStrokeUpload(
  strokes: readonly Stroke[],
  options: StrokeUploadOptions,
): StrokeUploadPayload {
  const page = options.page ?? strokes[0]?.page;
  if (!page) throw new Error(NO_PAGE_UPLOAD);
  if (strokes.some((s) => !samePage(s.page, page))) throw new Error(MIXED_PAGES_UPLOAD);
  const data: StrokeUploadData = {
    version: STROKE_UPLOAD_VERSION,
    page: {
      section: page.section,
      owner: page.owner,
      bookCode: page.book,
      pageNumber: page.page,
      category: options.category ?? 0,
      strokes: strokes.map(encodeServerStroke),
    },
  };
  return {
    mimeType: STROKE_UPLOAD_MIME_TYPE,
    createDate: new Date(options.clock.nowMs()).toISOString(),
    writer: options.writer,
    data: encodeBase64(encodeUtf8(JSON.stringify(data))),
  };
}

/** One payload per page, in the order each page first appears among the strokes. */
export function encodeStrokeUploads(
  strokes: readonly Stroke[],
  options: Omit<StrokeUploadOptions, 'page'>,
): StrokeUploadPayload[] {
  const byPage = new Map<string, Stroke[]>();
  for (const s of strokes) {
    const id = pageId(s.page);
    const list = byPage.get(id);
    if (list) list.push(s);
    else byPage.set(id, [s]);
  }
  return [...byPage.values()].map((list) => encodeStrokeUpload(list, options));
}

/** A payload read back. */
export interface DecodedStrokeUpload {
  readonly mimeType: string;
  readonly createDate: string;
  /** createDate as epoch ms (NaN when it is not a valid date). */
  readonly createdMs: number;
  readonly writer: string;
  readonly page: PageAddress;
  readonly category: StrokeCategory;
  readonly strokes: Stroke[];
}

/** Reads a payload back into strokes. Throws `Error(INVALID_STROKE_UPLOAD)` if it cannot. */
export function decodeStrokeUpload(payload: StrokeUploadPayload): DecodedStrokeUpload {
  let json: unknown;
  try {
    json = JSON.parse(decodeUtf8(decodeBase64(payload.data)));
  } catch {
    throw new Error(INVALID_STROKE_UPLOAD);
  }
  const root = json as Partial<StrokeUploadData> | null;
  if (root === null || typeof root !== 'object' || root.version !== STROKE_UPLOAD_VERSION) {
    throw new Error(INVALID_STROKE_UPLOAD);
  }
  let page: ReadStrokePage;
  try {
    page = readStrokePage(root.page, 'bookCode');
  } catch {
    throw new Error(INVALID_STROKE_UPLOAD);
  }
  return {
    mimeType: payload.mimeType,
    createDate: payload.createDate,
    createdMs: Date.parse(payload.createDate),
    writer: payload.writer,
    page: page.page,
    category: page.category,
    strokes: page.strokes.map((r) => decodeServerStroke(r, { page: page.page })),
  };
}
