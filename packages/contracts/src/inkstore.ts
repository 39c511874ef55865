/**
 * The ink store API (engine.md §3, classroom.md §7): a student's writing upload
 * `POST /inkstore/v1/data` and a teacher's search `GET /admin/v1/inkstore/search/{studentId}`.
 * Naming as in `edu.ts`: `xxxBody`/`xxxQuery`/`xxxParams` requests, `xxxData` the answer's data.
 */
import { z } from 'zod';
import { INT32_MAX, instantInRange, wholeNumberText } from './fields';

/** Most page records in one upload. */
export const MAX_UPLOAD_RECORDS = 5_000;
/** Most page numbers in one search (classroom.md §9). */
export const MAX_SEARCH_PAGES = 64;

/** Messages of the search query's refusals (400). */
export const InkQueryMessage = {
  tooManyPageNumbers: 'at most 64 pageNumber values per request',
  badTag: 'tag must be courseId_sessionId',
  badPointer: 'dataPointer must be a value from nextDataPointer',
  badDate: 'must be an ISO 8601 time between the years 1900 and 2999',
} as const;

// ——— Upload ———

/**
 * One page record of an upload: `data` is base64 of the UTF-8 JSON `{version: 3, page: {section,
 * owner, bookCode, pageNumber, category, strokes}}` (the ink codec's `encodeStrokeUploads`).
 */
export const uploadRecordSchema = z.object({
  mimeType: z.string(),
  createDate: z.string(),
  writer: z.string().describe('The signed-in student'),
  data: z.string(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

/** `POST /inkstore/v1/data`: one record or a list of them. */
export const uploadBody = z.union([
  uploadRecordSchema,
  z.array(uploadRecordSchema).min(1).max(MAX_UPLOAD_RECORDS),
]);
export type UploadBody = z.input<typeof uploadBody>;

/** Its answer's data. */
export const uploadData = z.object({
  /** Strokes in the request. */
  received: z.number().int(),
  /** Strokes stored now. */
  stored: z.number().int(),
  /** Strokes stored before and replaced now by a newer version (later `updated`). */
  updated: z.number().int(),
  /** Strokes already stored as they are (a retry), or given twice: skipped. */
  duplicates: z.number().int(),
  uploadDate: z.string(),
});
export type UploadData = z.infer<typeof uploadData>;

// ——— Search ———

const isoTime = z
  .string()
  .refine((s) => instantInRange(Date.parse(s)), InkQueryMessage.badDate)
  .transform((s) => new Date(s));
const code = wholeNumberText(0, INT32_MAX);

/** `{studentId}` of the search path. */
export const searchParams = z.object({ studentId: z.string().min(1).max(64) });
export type SearchParams = z.input<typeof searchParams>;

/** The search's filters; page on with `dataPointer` = the last answer's `nextDataPointer`. */
export const searchQuery = z.object({
  startDate: isoTime.optional().describe('Uploaded at or after (ISO)'),
  endDate: isoTime.optional().describe('Uploaded before (ISO)'),
  section: code.optional(),
  owner: code.optional(),
  bookCode: code.optional(),
  pageNumber: z
    .preprocess(
      (v) => (v === undefined || Array.isArray(v) ? v : [v]),
      z.array(code).max(MAX_SEARCH_PAGES, InkQueryMessage.tooManyPageNumbers),
    )
    .optional(),
  tag: z
    .string()
    .regex(/^\d{1,9}_.+$/, InkQueryMessage.badTag)
    .optional()
    .describe('courseId_sessionId: strokes written during that lesson'),
  dataPointer: z
    .string()
    .regex(/^\d{0,18}$/, InkQueryMessage.badPointer)
    .optional(),
});
export type SearchQuery = z.input<typeof searchQuery>;

/**
 * One element of the answer: the strokes of one page record of one upload. `data` is base64 of
 * the page JSON (as uploaded; the ink codec's `parseInkStoreElement` reads it).
 */
export const searchResultElementSchema = z.object({
  mimeType: z.string(),
  /** The student (the surface owner the strokes were uploaded for). */
  writer: z.string(),
  /** ISO time of the upload record's createDate. */
  createDate: z.string(),
  /** ISO time the server stored the strokes. */
  uploadDate: z.string(),
  data: z.string(),
});
export type SearchResultElement = z.infer<typeof searchResultElementSchema>;

/** The search answer's data. */
export const searchData = z.object({
  resultElements: z.array(searchResultElementSchema),
  hasMore: z.boolean(),
  /** Pass as `dataPointer` for the next page; null when there is none. */
  nextDataPointer: z.string().nullable(),
});
export type SearchData = z.infer<typeof searchData>;

// ——— Damaged strokes ———

/**
 * `DELETE /admin/v1/inkstore/damaged/{studentId}` (a teacher of the pupil's class or the school's
 * administrator, `edu.write`): removes the pupil's strokes the upload would refuse today — an
 * instant (start, `updated`, last dot) outside 2000-01-01 … the server's clock + 1 day, or a
 * negative dot count or a length that is not a finite number ≥ 0 — stored before that rule or
 * written into the table by other means. Audited in the server's log.
 */
export const damagedParams = searchParams;
export type DamagedParams = z.input<typeof damagedParams>;
/** Its answer's data: how many strokes were removed. */
export const damagedData = z.object({ removed: z.number().int() });
export type DamagedData = z.infer<typeof damagedData>;
