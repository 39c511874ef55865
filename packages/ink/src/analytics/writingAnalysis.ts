/**
 * A writer's analysis (classroom.md §3 "Analysis result"): pages written and touched, study time,
 * real writing time, distance and speed, and the progress rates over a textbook's pages.
 *
 * - real writing time: the sum of stroke durations (pen on paper), ms;
 * - real writing distance: the sum of stroke distances, nu × 2.370667 → mm;
 * - real writing speed: distance / writing time, mm/s, one decimal (0 without writing time);
 * - study time: the total of the study blocks, minutes with one decimal.
 */
import { NU_TO_MM, type PageAddress, pageId } from '@dotink/ncode';
import { contentRatePct, msToMinutes, roundOneDecimal, writingRatePct } from './rounding';
import { STUDY_GAP_MS, strokeEndTimeMs, studyTimeMs, type TimedStroke } from './studyBlocks';

/** mm per nu (56/600 in = 2.370667 mm; ncode-paper.md §1.2). */
export const REAL_MM_PER_NU = NU_TO_MM;

/** A stroke as the analysis needs it: timing, distance and page. */
export interface AnalysedStroke extends TimedStroke {
  readonly page: PageAddress;
}

export interface WritingAnalysis {
  readonly numWrittenPages: number;
  readonly numTouchedPages: number;
  /** Study blocks' total, minutes, one decimal. */
  readonly studyTimeMin: number;
  readonly realWritingTimeMs: number;
  /** One decimal. */
  readonly realWritingDistanceMm: number;
  /** One decimal. */
  readonly realWritingSpeedMmPerS: number;
}

export interface WritingProgress {
  /** Pages written / total pages × 100, one decimal. */
  readonly writtenRatePct: number;
  /** Pages with a tapped link / total pages × 100, one decimal. */
  readonly touchedRatePct: number;
  readonly studyTimeMin: number;
}

/** Sum of stroke durations, ms. */
export function realWritingTimeMs(strokes: readonly TimedStroke[]): number {
  let sum = 0;
  for (const s of strokes) sum += strokeEndTimeMs(s) - s.startTimeMs;
  return sum;
}

/** Sum of stroke distances in mm (not rounded). */
export function realWritingDistanceMm(strokes: readonly TimedStroke[]): number {
  let nu = 0;
  for (const s of strokes) nu += s.totalDistanceNu ?? 0;
  return nu * REAL_MM_PER_NU;
}

/** mm/s, one decimal; 0 when there is no writing time. */
export function writingSpeedMmPerS(distanceMm: number, writingTimeMs: number): number {
  return writingTimeMs > 0 ? roundOneDecimal(distanceMm / (writingTimeMs / 1000)) : 0;
}

/**
 * The analysis of one writer's strokes. `touchedPageIds` are the pages (`"s.o.b.p"`) on which the
 * writer tapped a content link.
 */
export function analyseWriting(
  strokes: readonly AnalysedStroke[],
  touchedPageIds: Iterable<string> = [],
  gapMs = STUDY_GAP_MS,
): WritingAnalysis {
  const written = new Set<string>();
  for (const s of strokes) written.add(pageId(s.page));
  const timeMs = realWritingTimeMs(strokes);
  const distanceMm = realWritingDistanceMm(strokes);
  return {
    numWrittenPages: written.size,
    numTouchedPages: new Set(touchedPageIds).size,
    studyTimeMin: msToMinutes(studyTimeMs(strokes, gapMs)),
    realWritingTimeMs: timeMs,
    realWritingDistanceMm: roundOneDecimal(distanceMm),
    realWritingSpeedMmPerS: writingSpeedMmPerS(distanceMm, timeMs),
  };
}

/** Progress over a textbook of `totalPages` pages. */
export function writingProgress(a: WritingAnalysis, totalPages: number): WritingProgress {
  return {
    writtenRatePct: writingRatePct(a.numWrittenPages, totalPages),
    touchedRatePct: contentRatePct(a.numTouchedPages, totalPages),
    studyTimeMin: a.studyTimeMin,
  };
}

/**
 * The field-by-field mean of several analyses (e.g. a class average), rounded once to one decimal;
 * zeros if none. Give it unrounded analyses: a mean of rounded figures can be a tenth off. The
 * writing speed is the mean of the WRITERS' speeds only (analyses with writing time): a pupil who
 * never wrote has no speed, not 0 mm/s.
 */
export function averageAnalysis(list: readonly WritingAnalysis[]): WritingAnalysis {
  const mean = (of: readonly WritingAnalysis[], f: (a: WritingAnalysis) => number) =>
    of.length === 0 ? 0 : roundOneDecimal(of.reduce((sum, a) => sum + f(a), 0) / of.length);
  const writers = list.filter((a) => a.realWritingTimeMs > 0);
  return {
    numWrittenPages: mean(list, (a) => a.numWrittenPages),
    numTouchedPages: mean(list, (a) => a.numTouchedPages),
    studyTimeMin: mean(list, (a) => a.studyTimeMin),
    realWritingTimeMs: mean(list, (a) => a.realWritingTimeMs),
    realWritingDistanceMm: mean(list, (a) => a.realWritingDistanceMm),
    realWritingSpeedMmPerS: mean(writers, (a) => a.realWritingSpeedMmPerS),
  };
}

/** One page's activity (classroom.md §3 "Per-page activity"). */
export interface PageActivity<T extends AnalysedStroke = AnalysedStroke> {
  readonly page: PageAddress;
  readonly strokes: readonly T[];
  /** Content-link taps on the page. */
  readonly touchCount: number;
  /** Study blocks' total on this page, ms. */
  readonly studyTimeMs: number;
}

/**
 * Per-page activity, in the order pages first appear; `touchCounts` maps page ids to taps (pages
 * only tapped, never written, are not listed: their address is not known here).
 */
export function pageActivities<T extends AnalysedStroke>(
  strokes: readonly T[],
  touchCounts: ReadonlyMap<string, number> = new Map(),
  gapMs = STUDY_GAP_MS,
): PageActivity<T>[] {
  const byPage = new Map<string, T[]>();
  for (const s of strokes) {
    const id = pageId(s.page);
    const list = byPage.get(id);
    if (list) list.push(s);
    else byPage.set(id, [s]);
  }
  return [...byPage].map(([id, list]) => ({
    page: list[0]!.page,
    strokes: list,
    touchCount: touchCounts.get(id) ?? 0,
    studyTimeMs: studyTimeMs(list, gapMs),
  }));
}
