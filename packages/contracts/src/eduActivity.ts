/**
 * The education API's pupil activity and book data: the watch log (classroom.md §3 "Content
 * click", §7 "GET watch log") and the math category info (§3 "Built-in regular textbook list
 * entry"). Both stand for files and are answered as plain JSON. Naming as in `edu.ts`.
 */
import { z } from 'zod';
import { isoInstant, text } from './eduFields';

// ——— Watch log ———

/** A watch-log file name: letters, digits, `_`, `-` and `.`, up to 100 characters. */
export const watchLogFileName = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'is not a watch-log file name');

/** A pupil id in a path. */
export const studentIdParam = text(64);

/** `GET /edu/v1/watchlog/{studentId}?fileName=` */
export const watchLogParams = z.object({ studentId: studentIdParam });
export type WatchLogParams = z.input<typeof watchLogParams>;
export const watchLogQuery = z.object({ fileName: watchLogFileName });
export type WatchLogQuery = z.input<typeof watchLogQuery>;
export const watchLogUriData = z.object({ requestUri: z.string() });
export type WatchLogUriData = z.infer<typeof watchLogUriData>;

/** `GET` and `POST /edu/v1/watchlog/{studentId}/{fileName}` */
export const watchLogFileParams = z.object({ studentId: studentIdParam, fileName: watchLogFileName });
export type WatchLogFileParams = z.input<typeof watchLogFileParams>;

export const watchEventSchema = z.object({
  watch_time: isoInstant,
  category: text(200).optional(),
  id: text(200),
  url: text(2000).optional(),
  duration: z.number().int().min(0).max(86_400_000).optional().describe('Watched for, ms'),
});
export const clickEventSchema = z.object({
  click_time: isoInstant,
  category: text(200).optional(),
  id: text(200).describe('Three parts joined by "_", the third the page number'),
  type: text(50).optional().describe('youtube, remedial, estimate, …'),
  url: text(2000).optional(),
});
/** Most events of each kind in one append. */
export const MAX_WATCH_EVENTS = 1000;

/** `POST /edu/v1/watchlog/{studentId}/{fileName}`: events to append. */
export const watchEventsBody = z.object({
  watches: z.array(watchEventSchema).max(MAX_WATCH_EVENTS).optional(),
  clicks: z.array(clickEventSchema).max(MAX_WATCH_EVENTS).optional(),
});
export type WatchEventsBody = z.input<typeof watchEventsBody>;
/** Its answer's data: how many were stored. */
export const watchEventsData = z.object({ watches: z.number().int(), clicks: z.number().int() });
export type WatchEventsData = z.infer<typeof watchEventsData>;

/** `GET /edu/v1/watchlog/{studentId}/{fileName}`: the file (plain JSON, not an answer envelope). */
export const watchLogFileSchema = z.object({
  studentId: z.string(),
  fileName: z.string(),
  watches: z.array(
    z.object({
      watch_time: z.string(),
      category: z.string(),
      id: z.string(),
      url: z.string(),
      duration: z.number().int().nullable(),
    }),
  ),
  clicks: z.array(
    z.object({
      click_time: z.string(),
      category: z.string(),
      id: z.string(),
      type: z.string(),
      url: z.string(),
    }),
  ),
});
export type WatchLogFile = z.infer<typeof watchLogFileSchema>;

// ——— Category info ———

/** A unit of a built-in textbook, with its sub-units. */
export interface TextbookCategory {
  readonly title: string;
  readonly startPage: number;
  readonly endPage: number;
  readonly subCategories: readonly TextbookCategory[];
}

export const textbookCategorySchema: z.ZodType<TextbookCategory> = z.lazy(() =>
  z.object({
    title: z.string(),
    startPage: z.number().int(),
    endPage: z.number().int(),
    subCategories: z.array(textbookCategorySchema),
  }),
);

/** One built-in textbook of the category info. */
export const categoryInfoEntrySchema = z.object({
  curriculumDescription: z.object({
    id: z.number().int().describe('1–9'),
    title: z.string(),
    year: z.number().int(),
    semester: z.number().int().nullable(),
    grade: z.number().int().nullable(),
    subject: z.string(),
    type: z.string(),
  }),
  pageInfo: z.object({
    section: z.number().int(),
    owner: z.number().int(),
    book: z.number().int(),
    firstPage: z.number().int(),
  }),
  numPages: z.number().int(),
  nprojUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  hasBackground: z.boolean(),
  pageMarginLeft: z.number(),
  pageNaming: z
    .enum(['textbook', 'number'])
    .describe('textbook: page − 2, blank for the first two; number: as is'),
  categories: z.array(textbookCategorySchema),
});
export type CategoryInfoEntry = z.infer<typeof categoryInfoEntrySchema>;

/** `GET /edu/v1/math/category-info` (plain JSON, not an answer envelope). */
export const categoryInfoSchema = z.object({ textbooks: z.array(categoryInfoEntrySchema) });
export type CategoryInfo = z.infer<typeof categoryInfoSchema>;
