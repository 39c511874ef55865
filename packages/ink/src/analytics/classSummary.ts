/**
 * The class-and-book summary of the pen-activity menu (classroom.md §2 math/*, issue 15): per
 * pupil, per page and per unit, from compact stroke records and content clicks. The ONLY place a
 * rate, block, time or speed of the classroom is computed; the server runs it and answers the
 * shapes of `@dotink/contracts/eduAnalytics`.
 *
 * Pure: no clock, no I/O; calendar dates and hours come from an injected {@link ZoneClock}.
 *
 * Class rules (the spec is silent on the details; these are the lead's decisions):
 * - Pupils by registration number, then name (code-unit order), then id.
 * - Averages: the field-by-field mean of the pupils' UNROUNDED figures, rounded once to one
 *   decimal; the same for the progress and for each unit; zeros for a class without pupils. The
 *   writing speed averages the writers only (pupils with writing time in the range or unit), and
 *   `writers` says how many they are (issue 28 item 11).
 * - Split (§9, boundary 0.525): mean and POPULATION standard deviation of the pupils' writing
 *   rates; above = rate > mean + 0.525 × SD (best first), below = rate < mean − 0.525 × SD
 *   (worst first), ties by registration order; nobody with fewer than 2 pupils or SD = 0 (an SD
 *   under 1e−9, float noise of equal rates, counts as 0). Mean and SD are answered with one
 *   decimal; the comparison uses the exact values.
 * - Status per page: every page of the range, its §5 label, its first top-level unit (−1 for the
 *   unclassified unit), the pupils who wrote on it / tapped a link on it, and all its strokes.
 */
import type {
  Analysis,
  ContentClick,
  MathSummaryData,
  PageStatus,
  Progress,
  PupilDetailData,
  Split,
  UnitDefinition,
  UnitFigures,
} from '@dotink/contracts/eduAnalytics';
import { clickPage, type PupilInput } from './analyticsInput';
import { calendarDays } from './calendarDays';
import { type PupilWork, pupilWork } from './pupilFigures';
import { roundOneDecimal } from './rounding';
import { type BookLayout, bookLayout } from './summaryUnits';
import { averageAnalysis } from './writingAnalysis';
import type { ZoneClock } from './zoneClock';

/** The book (page range) analysed and its units. */
export interface BookInput {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly startPage: number;
  readonly endPage: number;
  /**
   * The book's first Ncode page (its page 1, for the §5 labels) when the range starts later;
   * defaults to `startPage`.
   */
  readonly firstPage?: number | undefined;
  readonly pageNaming: 'textbook' | 'number';
  readonly units: readonly UnitDefinition[];
}

/** Standard deviation boundary of the above/below-average split (classroom.md §9). */
export const SPLIT_BOUNDARY = 0.525;

/** An SD below this is float noise of equal rates: nobody is above or below. */
const SD_EPSILON = 1e-9;

/** The figures a class summary and a pupil detail share. */
interface ClassWork {
  readonly layout: BookLayout;
  readonly works: PupilWork[];
  readonly average: MathSummaryData['average'];
}

/** Pupils by registration number, then name, then id. */
function byRegistration(a: PupilInput, b: PupilInput): number {
  if (a.num !== b.num) return a.num - b.num;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0;
}

/** Field-by-field mean of (unrounded) progresses, rounded once to one decimal; zeros if none. */
function averageProgress(list: readonly Progress[]): Progress {
  const n = list.length;
  const mean = (f: (p: Progress) => number) =>
    n === 0 ? 0 : roundOneDecimal(list.reduce((s, p) => s + f(p), 0) / n);
  return {
    writtenRatePct: mean((p) => p.writtenRatePct),
    touchedRatePct: mean((p) => p.touchedRatePct),
    studyTimeMin: mean((p) => p.studyTimeMin),
  };
}

/** The class averages: whole range and each unit (in the pupils' unit order). */
function classAverage(layout: BookLayout, works: readonly PupilWork[]): MathSummaryData['average'] {
  const units: UnitFigures[] = layout.flat.map((unit, u) => {
    const analyses: Analysis[] = [];
    const progresses: Progress[] = [];
    for (const w of works) {
      analyses.push(w.exact.units[u]!.analysis);
      progresses.push(w.exact.units[u]!.progress);
    }
    return { index: unit.index, analysis: averageAnalysis(analyses), progress: averageProgress(progresses) };
  });
  return {
    analysis: averageAnalysis(works.map((w) => w.exact.analysis)),
    progress: averageProgress(works.map((w) => w.exact.progress)),
    units,
    writers: works.filter((w) => w.exact.analysis.realWritingTimeMs > 0).length,
    pupils: works.length,
  };
}

/** The above/below-average split of the pupils' writing rates (see the module's rules). */
export function splitByWritingRate(
  rows: readonly { readonly studentId: string; readonly writtenRatePct: number }[],
): Split {
  const n = rows.length;
  const mean = n === 0 ? 0 : rows.reduce((s, r) => s + r.writtenRatePct, 0) / n;
  const sd = n === 0 ? 0 : Math.sqrt(rows.reduce((s, r) => s + (r.writtenRatePct - mean) ** 2, 0) / n);
  const split = n >= 2 && sd >= SD_EPSILON;
  const above = split ? rows.filter((r) => r.writtenRatePct > mean + SPLIT_BOUNDARY * sd) : [];
  const below = split ? rows.filter((r) => r.writtenRatePct < mean - SPLIT_BOUNDARY * sd) : [];
  // Array.prototype.sort is stable: equal rates keep the registration order of `rows`.
  above.sort((a, b) => b.writtenRatePct - a.writtenRatePct);
  below.sort((a, b) => a.writtenRatePct - b.writtenRatePct);
  return {
    boundary: SPLIT_BOUNDARY,
    meanWrittenRatePct: roundOneDecimal(mean),
    standardDeviationPct: roundOneDecimal(sd),
    above: above.map((r) => r.studentId),
    below: below.map((r) => r.studentId),
  };
}

/** Status per page: every page of the range. */
function pageStatuses(layout: BookLayout, works: readonly PupilWork[]): PageStatus[] {
  const statuses: PageStatus[] = [];
  for (let o = 0; o < layout.numPages; o++) {
    let writtenPupils = 0;
    let touchedPupils = 0;
    let strokeCount = 0;
    for (const w of works) {
      const strokes = w.pageStrokes[o]!;
      if (strokes > 0) writtenPupils++;
      if (w.pageTouches[o]! > 0) touchedPupils++;
      strokeCount += strokes;
    }
    statuses.push({
      page: layout.startPage + o,
      label: layout.labels[o]!,
      unitIndex: layout.topUnitOfPage[o]!,
      writtenPupils,
      touchedPupils,
      strokeCount,
    });
  }
  return statuses;
}

/** Every pupil's figures (in registration order) and the class averages. */
function classWork(
  book: BookInput,
  pupils: readonly PupilInput[],
  zone: ZoneClock,
  detailFor?: string | ReadonlySet<string>,
): ClassWork {
  const layout = bookLayout(book);
  const detailed = (id: string) =>
    typeof detailFor === 'string' ? id === detailFor : detailFor?.has(id) === true;
  const works = [...pupils]
    .sort(byRegistration)
    .map((p) => pupilWork(layout, p, zone, detailed(p.studentId)));
  return { layout, works, average: classAverage(layout, works) };
}

/** The class summary (`GET /edu/v1/math/summary`). */
export function summariseClassBook(
  book: BookInput,
  pupils: readonly PupilInput[],
  zone: ZoneClock,
  computedAtMs: number,
): MathSummaryData {
  const { layout, works, average } = classWork(book, pupils, zone);
  const rows = works.map((w) => w.summary);
  return {
    book: {
      section: book.section,
      owner: book.owner,
      book: book.book,
      startPage: book.startPage,
      endPage: book.endPage,
      numPages: layout.numPages,
      pageNaming: book.pageNaming,
    },
    timeZone: zone.timeZone,
    units: layout.units,
    pupils: rows,
    average,
    split: splitByWritingRate(
      rows.map((r) => ({ studentId: r.studentId, writtenRatePct: r.progress.writtenRatePct })),
    ),
    pages: pageStatuses(layout, works),
    computedAtMs,
  };
}

/**
 * One pupil's detail (`GET /edu/v1/math/summary/student/{id}`); `pupils` is the whole class (for
 * averages). Blocks in time order; calendar days by local date of the blocks' starts; ALL the
 * pupil's content clicks (not only the range's), newest first, with the page their id names.
 * Throws a RangeError for a `studentId` not among `pupils` (the server answers 404 first).
 */
export function summarisePupil(
  book: BookInput,
  pupils: readonly PupilInput[],
  studentId: string,
  zone: ZoneClock,
  computedAtMs: number,
): PupilDetailData {
  if (!pupils.some((p) => p.studentId === studentId))
    throw new RangeError(`no pupil ${studentId} in this class`);
  return pupilDetails(pupils, classWork(book, pupils, zone, studentId), [studentId], zone, computedAtMs)[0]!;
}

/**
 * Every pupil's detail at once (`GET /edu/v1/math/summary/students`, the class report of issue
 * 30): the class worked out once, each pupil's detail equal to {@link summarisePupil}'s, by
 * registration number.
 */
export function summarisePupils(
  book: BookInput,
  pupils: readonly PupilInput[],
  zone: ZoneClock,
  computedAtMs: number,
): PupilDetailData[] {
  const ids = [...pupils].sort(byRegistration).map((p) => p.studentId);
  return pupilDetails(pupils, classWork(book, pupils, zone, new Set(ids)), ids, zone, computedAtMs);
}

function pupilDetails(
  pupils: readonly PupilInput[],
  { layout, works, average }: ClassWork,
  studentIds: readonly string[],
  zone: ZoneClock,
  computedAtMs: number,
): PupilDetailData[] {
  return studentIds.map((studentId) => {
    const input = pupils.find((p) => p.studentId === studentId)!;
    const work = works.find((w) => w.summary.studentId === studentId)!;
    const clicks: ContentClick[] = input.clicks
      .map((c) => ({
        click_time: c.click_time,
        timeMs: c.timeMs,
        category: c.category,
        id: c.id,
        type: c.type,
        url: c.url,
        page: clickPage(c.id),
      }))
      .sort((a, b) => b.timeMs - a.timeMs);
    return {
      pupil: work.summary,
      units: layout.units,
      average,
      blocks: work.blocks,
      days: calendarDays(work.blocks, zone),
      clicks,
      timeZone: zone.timeZone,
      computedAtMs,
    };
  });
}
