/**
 * The learning analytics of the pen-activity menu (classroom.md §2 math/*, §3 "Analysis result",
 * "Calendar event", "Content click", "Category", §4 study blocks, §5 page labels and the
 * unclassified unit, §9 number rules), answered by the server from the ink store so a teacher's
 * browser downloads summaries, not every stroke of a class (issue 15).
 *
 * - `GET /edu/v1/math/summary` — one class and one book (page range): per pupil, per page and per
 *   unit, class averages and the above/below-average split.
 * - `GET /edu/v1/math/summary/student/{studentId}` — one pupil of that class and book: the same
 *   row plus study blocks, calendar days, content clicks and the class averages per unit.
 * - `GET|PUT /edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/categories` — the units of a
 *   teacher's own material (POD); first taken from the PDF's outline, editable.
 *
 * Every figure is computed by `@dotink/ink/analytics` (the only place a rate, block, time or
 * speed is computed); these schemas only carry them. Times are epoch ms; calendar dates and hours
 * are in the IANA time zone the caller names (`timeZone`, default UTC).
 */
import { z } from 'zod';
import { idParam, ncodeText, text } from './eduFields';

// ——— Units (categories) ———

/** Most units (with sub-units) of one book. */
export const MAX_UNITS = 500;

/**
 * A unit of a book as stored and edited: title, first and last page (inclusive, Ncode page
 * numbers of the book), optional page names (one per page from `startPage`), sub-units.
 */
export interface UnitDefinition {
  readonly title: string;
  readonly startPage: number;
  readonly endPage: number;
  readonly pageNames?: readonly string[] | undefined;
  readonly subCategories: readonly UnitDefinition[];
}

export const unitDefinitionSchema: z.ZodType<UnitDefinition> = z.lazy(() =>
  z
    .object({
      title: text(200).refine((s) => s.trim().length > 0, 'must not be blank'),
      startPage: z.number().int().min(0).max(100_000),
      endPage: z.number().int().min(0).max(100_000),
      pageNames: z.array(text(100)).max(2000).optional(),
      subCategories: z.array(unitDefinitionSchema).max(MAX_UNITS),
    })
    .refine((u) => u.endPage >= u.startPage, 'endPage must not be before startPage'),
);

/**
 * A book's category file in the vendor data directory (`categories/<section>_<owner>_<book>.json`,
 * documented in the server's README): the book it describes and its units.
 */
export const categoryFileSchema = z.object({
  section: z.number().int().min(0),
  owner: z.number().int().min(0),
  book: z.number().int().min(0),
  /** A label shown nowhere but in logs and the vendor report, e.g. 'demo units'. */
  note: text(200).optional(),
  categories: z.array(unitDefinitionSchema).max(MAX_UNITS),
});
export type CategoryFile = z.infer<typeof categoryFileSchema>;

/** `GET|PUT /edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/categories` body and data. */
export const unitsBody = z.object({ categories: z.array(unitDefinitionSchema).max(MAX_UNITS) });
export type UnitsBody = z.input<typeof unitsBody>;
export const unitsData = z.object({
  categories: z.array(unitDefinitionSchema),
  /** Where the units came from: the vendor category file, the PDF's outline, a teacher's edit, or none. */
  source: z.enum(['file', 'outline', 'edited', 'none']),
});
export type UnitsData = z.infer<typeof unitsData>;

/**
 * A unit as the analytics see it (classroom.md §3 Category): a running `index` (depth first,
 * from 0), its pages in the book's range, their labels, and sub-units. The 'unclassified unit'
 * (pages outside every unit, §5) has `index: -1` and an empty title (the app names it).
 */
export interface SummaryUnit {
  readonly index: number;
  readonly title: string;
  readonly pages: readonly number[];
  /** One per page: the page label of §5 ('' for the first two pages of a textbook). */
  readonly pageNames: readonly string[];
  readonly numPages: number;
  readonly subCategories: readonly SummaryUnit[];
}
export const summaryUnitSchema: z.ZodType<SummaryUnit> = z.lazy(() =>
  z.object({
    index: z.number().int(),
    title: z.string(),
    pages: z.array(z.number().int()),
    pageNames: z.array(z.string()),
    numPages: z.number().int(),
    subCategories: z.array(summaryUnitSchema),
  }),
);

// ——— Figures ———

/** classroom.md §3 Analysis result, personal (and the class average of the same). */
export const analysisSchema = z.object({
  numWrittenPages: z.number(),
  numTouchedPages: z.number(),
  /** Sum of the study blocks (5-minute gap), minutes, one decimal. */
  studyTimeMin: z.number(),
  /** Sum of stroke durations (end defaulting to start + dots × 12 ms), ms. */
  realWritingTimeMs: z.number(),
  /** Written distance in real mm, one decimal. */
  realWritingDistanceMm: z.number(),
  /** mm/s, one decimal. */
  realWritingSpeedMmPerS: z.number(),
});
export type Analysis = z.infer<typeof analysisSchema>;

/** classroom.md §3 Analysis result, progress: rates in percent with one decimal. */
export const progressSchema = z.object({
  writtenRatePct: z.number(),
  touchedRatePct: z.number(),
  studyTimeMin: z.number(),
});
export type Progress = z.infer<typeof progressSchema>;

/** One unit's figures (for a pupil, or the class average). `index` as in {@link SummaryUnit}. */
export const unitFiguresSchema = z.object({
  index: z.number().int(),
  analysis: analysisSchema,
  progress: progressSchema,
});
export type UnitFigures = z.infer<typeof unitFiguresSchema>;

/** A page a pupil wrote on or tapped (classroom.md §3 Per-page activity). */
export const pupilPageSchema = z.object({
  page: z.number().int(),
  strokeCount: z.number().int(),
  /** Content clicks on the page. */
  touchCount: z.number().int(),
  /** The page's own study blocks, ms. */
  studyTimeMs: z.number(),
});
export type PupilPage = z.infer<typeof pupilPageSchema>;

/** A pupil's row of the class summary. */
export const pupilSummarySchema = z.object({
  studentId: z.string(),
  num: z.number().int(),
  name: z.string(),
  analysis: analysisSchema,
  progress: progressSchema,
  /** Every unit of the book (top level and sub-units, then the unclassified unit if it has pages). */
  units: z.array(unitFiguresSchema),
  /** Only pages with writing or content clicks, in page order. */
  pages: z.array(pupilPageSchema),
  firstWritingTimeMs: z.number().nullable(),
  lastWritingTimeMs: z.number().nullable(),
  /** From the watch log (math/view). */
  lastWatchTimeMs: z.number().nullable(),
  watchCount: z.number().int(),
  /** Study time by weekday, Monday first (7 values), minutes, one decimal. */
  weekdayStudyMin: z.array(z.number()).length(7),
  /** Study time by hour of day 0–23 (24 values), minutes, one decimal. */
  hourStudyMin: z.array(z.number()).length(24),
});
export type PupilSummary = z.infer<typeof pupilSummarySchema>;

/**
 * The class average (issue 28 item 11): the mean of the pupils' unrounded figures, rounded once;
 * the writing speed averages the `writers` only (pupils with writing time in the range).
 */
export const classAverageSchema = z.object({
  analysis: analysisSchema,
  progress: progressSchema,
  units: z.array(unitFiguresSchema),
  /** Pupils who wrote in the range (the speed's average is theirs), of `pupils`. */
  writers: z.number().int(),
  pupils: z.number().int(),
});
export type ClassAverage = z.infer<typeof classAverageSchema>;

/** One page of 'Status per page'. */
export const pageStatusSchema = z.object({
  page: z.number().int(),
  /** The §5 page label ('' for the first two pages of a textbook). */
  label: z.string(),
  /** Index of the top-level unit holding the page, −1 for the unclassified unit. */
  unitIndex: z.number().int(),
  /** Pupils who wrote on the page, and who tapped a link on it. */
  writtenPupils: z.number().int(),
  touchedPupils: z.number().int(),
  strokeCount: z.number().int(),
});
export type PageStatus = z.infer<typeof pageStatusSchema>;

/** The above/below-average split (classroom.md §9: standard deviation boundary 0.525). */
export const splitSchema = z.object({
  /** 0.525 */
  boundary: z.number(),
  /** Of the pupils' writing rates, percent, one decimal. */
  meanWrittenRatePct: z.number(),
  standardDeviationPct: z.number(),
  /** Pupils whose writing rate is more than boundary × SD above / below the mean, best/worst first. */
  above: z.array(z.string()),
  below: z.array(z.string()),
});
export type Split = z.infer<typeof splitSchema>;

/** `data` of `GET /edu/v1/math/summary`. */
export const mathSummaryData = z.object({
  book: z.object({
    section: z.number().int(),
    owner: z.number().int(),
    book: z.number().int(),
    startPage: z.number().int(),
    endPage: z.number().int(),
    numPages: z.number().int(),
    pageNaming: z.enum(['textbook', 'number']),
  }),
  timeZone: z.string(),
  /** Units of the book; the unclassified unit last when some page is outside every unit. */
  units: z.array(summaryUnitSchema),
  /** Non-deleted pupils of the class, by registration number. */
  pupils: z.array(pupilSummarySchema),
  average: classAverageSchema,
  split: splitSchema,
  pages: z.array(pageStatusSchema),
  /** When the figures were computed (server clock), ms. */
  computedAtMs: z.number(),
});
export type MathSummaryData = z.infer<typeof mathSummaryData>;

// ——— One pupil ———

/** A study block (classroom.md §4): strokes with gaps under 5 minutes. */
export const studyBlockSchema = z.object({
  startTimeMs: z.number(),
  endTimeMs: z.number(),
  durationMs: z.number(),
  pages: z.array(z.number().int()),
  strokeCount: z.number().int(),
  distanceMm: z.number(),
});
export type StudyBlockSummary = z.infer<typeof studyBlockSchema>;

/** classroom.md §3 Calendar event: one per day with study, in the caller's time zone. */
export const calendarDaySchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  durationMs: z.number(),
  numPages: z.number().int(),
  pages: z.array(z.number().int()),
  /** Study blocks that day. */
  studies: z.number().int(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** classroom.md §3 Content click, with its page (the third part of the id) and time in ms. */
export const contentClickSchema = z.object({
  click_time: z.string(),
  timeMs: z.number(),
  category: z.string(),
  id: z.string(),
  /** youtube, remedial ('e-learning centre'), estimate ('edus'), others shown raw. */
  type: z.string(),
  url: z.string(),
  page: z.number().int().nullable(),
});
export type ContentClick = z.infer<typeof contentClickSchema>;

/** `data` of `GET /edu/v1/math/summary/student/{studentId}`. */
export const pupilDetailData = z.object({
  pupil: pupilSummarySchema,
  units: z.array(summaryUnitSchema),
  average: classAverageSchema,
  blocks: z.array(studyBlockSchema),
  days: z.array(calendarDaySchema),
  clicks: z.array(contentClickSchema),
  timeZone: z.string(),
  computedAtMs: z.number(),
});
export type PupilDetailData = z.infer<typeof pupilDetailData>;

/**
 * `data` of `GET /edu/v1/math/summary/students` (same query): every pupil's detail at once, by
 * registration number, each equal to the pupil's own answer (the class report, issue 30 item 2).
 */
export const pupilDetailsData = z.object({ pupils: z.array(pupilDetailData) });
export type PupilDetailsData = z.infer<typeof pupilDetailsData>;

// ——— Requests ———

/** An IANA time zone name the runtime knows (e.g. 'Asia/Seoul'). */
export const timeZoneName = text(64).refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'is not a known time zone');

/** `GET /edu/v1/math/summary?eduClassId&section&owner&book&ncodeStartPage&ncodeEndPage[&curriculumId][&timeZone]` */
export const mathSummaryQuery = z
  .object({
    eduClassId: idParam,
    curriculumId: idParam.optional(),
    section: ncodeText,
    owner: ncodeText,
    book: ncodeText,
    ncodeStartPage: ncodeText,
    ncodeEndPage: ncodeText,
    timeZone: timeZoneName.optional(),
  })
  .refine((q) => Number(q.ncodeEndPage) >= Number(q.ncodeStartPage), 'ncodeEndPage is before ncodeStartPage')
  .refine((q) => Number(q.ncodeEndPage) - Number(q.ncodeStartPage) < 2000, 'more than 2000 pages');
export type MathSummaryQuery = z.input<typeof mathSummaryQuery>;

/** `GET /edu/v1/math/summary/student/{studentId}` (same query). */
export const pupilDetailParams = z.object({ studentId: text(64).refine((s) => s.length > 0, 'is empty') });
export type PupilDetailParams = z.input<typeof pupilDetailParams>;
