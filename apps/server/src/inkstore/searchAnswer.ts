/**
 * The answer of GET /admin/v1/inkstore/search/{studentId} (engine.md §3 "Ink store response
 * element", classroom.md §7): `resultElements`, `hasMore`, `nextDataPointer`.
 *
 * One element holds the strokes of one page record of one upload, in upload order. Its `data` is
 * base64 of the UTF-8 JSON `{version: 3, page: {section, owner, bookCode, pageNumber, category,
 * strokes}}` — the page object as it was uploaded (the ink codec's `parseInkStoreElement` reads
 * it), each stroke a server stroke record with its dots as base64 of the 17-byte form.
 */
import type { SearchData, SearchResultElement } from '@dotink/contracts/inkstore';
import { STROKE_UPLOAD_MIME_TYPE, STROKE_UPLOAD_VERSION } from '@dotink/ink';
import type { StrokeRow } from './inkStrokeStore';

/** One element of the answer and the answer's data (the wire types of the contract). */
export type InkStoreResultElement = SearchResultElement;
export type InkStoreSearchAnswer = SearchData;

/**
 * The JSON text of a row's server stroke record (the fields of `ServerStroke`, in its order),
 * written directly: the dots are already base64, and only the two free texts need escaping. A
 * thickness that is not a finite number (a float column holds NaN) is written 0, so the JSON stays JSON.
 */
function serverStrokeJson(r: StrokeRow): string {
  return (
    `{"color":${r.color},"mac":${JSON.stringify(r.mac)},"dotCount":${r.dotCount},` +
    `"penTipType":${r.penTipType === 1 ? 1 : 0},"startTime":${r.startTime},"strokeType":${r.strokeType},` +
    `"thickness":${Number.isFinite(r.thickness) ? r.thickness : 0},"updated":${r.updated},"deleteFlag":${r.deleteFlag === 1 ? 1 : 0},` +
    `"writeId":${JSON.stringify(r.writerId)},"dots":"${r.dots}"}`
  );
}

/** The stored category (JSON text of a number or a string); 0 if it is anything else. */
function categoryJson(text: string): string {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'number' || typeof v === 'string' ? JSON.stringify(v) : '0';
  } catch {
    return '0';
  }
}

/** Groups a page of rows (in id order) into elements; `hasMore` says whether more rows follow. */
export function searchAnswer(
  studentId: string,
  page: readonly StrokeRow[],
  hasMore: boolean,
): InkStoreSearchAnswer {
  const elements: InkStoreResultElement[] = [];
  let i = 0;
  while (i < page.length) {
    const first = page[i]!;
    let j = i + 1;
    while (j < page.length && page[j]!.uploadId === first.uploadId && samePage(page[j]!, first)) j++;
    const strokes: string[] = [];
    for (let k = i; k < j; k++) strokes.push(serverStrokeJson(page[k]!));
    const json =
      `{"version":${STROKE_UPLOAD_VERSION},"page":{"section":${first.section},"owner":${first.owner},` +
      `"bookCode":${first.book},"pageNumber":${first.page},"category":${categoryJson(first.category)},` +
      `"strokes":[${strokes.join(',')}]}}`;
    elements.push({
      mimeType: STROKE_UPLOAD_MIME_TYPE,
      writer: studentId,
      createDate: new Date(first.createdMs).toISOString(),
      uploadDate: new Date(first.uploadedMs).toISOString(),
      data: Buffer.from(json, 'utf8').toString('base64'),
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
