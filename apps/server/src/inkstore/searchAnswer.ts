/**
 * The answer of GET /admin/v1/inkstore/search/{studentId} (engine.md §3 "Ink store response
 * element", classroom.md §7): `resultElements`, `hasMore`, `nextDataPointer`.
 *
 * One element holds the strokes of one page record of one upload, in upload order. Its `data` is
 * base64 of the UTF-8 JSON `{version: 3, page: {section, owner, bookCode, pageNumber, category,
 * strokes}}` — the page object as it was uploaded (the ink codec's `parseInkStoreElement` reads
 * it), each stroke a server stroke record with its dots as base64 of the 17-byte form.
 */
import { type ServerStroke, STROKE_UPLOAD_MIME_TYPE, STROKE_UPLOAD_VERSION } from '@dotink/ink';
import type { StrokeRow } from './inkStrokeStore';

/** One element of the answer. */
export interface InkStoreResultElement {
  readonly mimeType: string;
  /** The student (the surface owner the strokes were uploaded for). */
  readonly writer: string;
  /** ISO time of the upload record's createDate. */
  readonly createDate: string;
  /** ISO time the server stored the strokes. */
  readonly uploadDate: string;
  /** Base64 of the page JSON (module doc). */
  readonly data: string;
}

/** The answer's data. */
export interface InkStoreSearchAnswer {
  readonly resultElements: InkStoreResultElement[];
  readonly hasMore: boolean;
  /** Pass as `dataPointer` for the next page; null when there is none. */
  readonly nextDataPointer: string | null;
}

const base64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

function serverStroke(row: StrokeRow): ServerStroke {
  return {
    color: row.color,
    mac: row.mac,
    dotCount: row.dot_count,
    penTipType: row.pen_tip_type === 1 ? 1 : 0,
    startTime: row.start_time,
    strokeType: row.stroke_type,
    thickness: row.thickness,
    updated: row.updated,
    deleteFlag: row.delete_flag === 1 ? 1 : 0,
    writeId: row.writer_id,
    dots: row.dots,
  };
}

function parseCategory(text: string): number | string {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'number' || typeof v === 'string' ? v : 0;
  } catch {
    return 0;
  }
}

/**
 * Groups rows (in id order) into elements. `rows` may hold one row more than a page: `pageSize`
 * says how many belong to this page; an extra row means there is more.
 */
export function searchAnswer(
  studentId: string,
  rows: readonly StrokeRow[],
  pageSize: number,
): InkStoreSearchAnswer {
  const hasMore = rows.length > pageSize;
  const page = hasMore ? rows.slice(0, pageSize) : rows;
  const elements: InkStoreResultElement[] = [];
  let i = 0;
  while (i < page.length) {
    const first = page[i]!;
    let j = i + 1;
    while (j < page.length && page[j]!.upload_id === first.upload_id && samePage(page[j]!, first)) j++;
    const data = {
      version: STROKE_UPLOAD_VERSION,
      page: {
        section: first.section,
        owner: first.owner,
        bookCode: first.book,
        pageNumber: first.page,
        category: parseCategory(first.category),
        strokes: page.slice(i, j).map(serverStroke),
      },
    };
    elements.push({
      mimeType: STROKE_UPLOAD_MIME_TYPE,
      writer: studentId,
      createDate: new Date(first.created_at).toISOString(),
      uploadDate: new Date(first.uploaded_at).toISOString(),
      data: Buffer.from(JSON.stringify(data), 'utf8').toString('base64'),
    });
    i = j;
  }
  return {
    resultElements: elements,
    hasMore,
    nextDataPointer: hasMore ? page[page.length - 1]!.id : null,
  };
}

function samePage(a: StrokeRow, b: StrokeRow): boolean {
  return a.section === b.section && a.owner === b.owner && a.book === b.book && a.page === b.page;
}
