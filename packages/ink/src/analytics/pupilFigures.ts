/**
 * One pupil's figures over one book range (classroom.md §3 Analysis result, Per-page activity,
 * §4 study blocks, §9 number rules), in ONE pass over the pupil's strokes sorted by start time.
 *
 * Rules:
 * - Only strokes whose page is within `[startPage, endPage]` count (§5: only strokes of the
 *   selected pages are kept).
 * - A stroke lasts from its start to its end; a missing end is start + dot count × 12 ms (§3).
 * - Real writing time = the sum of stroke durations; distance = Σ distanceNu × 2.370667 mm, one
 *   decimal; speed = unrounded distance / writing time in mm/s, one decimal, 0 without time.
 * - Study time = the sum of the study blocks' durations (§4: a stroke starting 5 minutes or more
 *   after the block's latest end starts a new block), minutes with one decimal. A unit's and a
 *   page's study time are the blocks of that unit's / page's own strokes.
 * - Written pages: pages with ≥ 1 stroke. Touched pages: pages with ≥ 1 content click whose id's
 *   third '_'-separated part is an integer page number inside the range.
 * - Writing rate = written / pages × 100, content rate = touched / pages × 100, one decimal; 0
 *   for a unit without pages.
 * - First / last writing time: the earliest stroke start and the latest stroke end; null without
 *   strokes. Last watch: the latest watch time, null without any; watch count: their number.
 * - Weekday (Monday first) and hour-of-day study minutes: each study block's whole duration goes
 *   to the local weekday and hour of its START (minutes, one decimal).
 *
 * Hot loop: no allocation per stroke (typed arrays per page and unit, one sort per pupil, skipped
 * when the strokes already come in start order).
 */
import type {
  Analysis,
  Progress,
  PupilPage,
  PupilSummary,
  StudyBlockSummary,
  UnitFigures,
} from '@dotink/contracts/eduAnalytics';
import { contentRatePct, msToMinutes, roundOneDecimal, writingRatePct } from './rounding';
import { STUDY_GAP_MS, strokeEndTimeMs } from './studyBlocks';
import type { BookLayout } from './summaryUnits';
import { REAL_MM_PER_NU, writingSpeedMmPerS } from './writingAnalysis';
import type { ZoneClock } from './zoneClock';

/** What the summary needs of a stroke (the server keeps these per stroke beside the dots). */
export interface AnalyticsStroke {
  /** Ncode page number in the book. */
  readonly page: number;
  readonly startTimeMs: number;
  /** Absent: start + dot count × 12 ms (classroom.md §3). */
  readonly endTimeMs?: number | undefined;
  readonly dotCount: number;
  /** Written distance, nu. */
  readonly distanceNu: number;
}

/** A content click of the watch log (classroom.md §3), with its page when the id names one. */
export interface AnalyticsClick {
  readonly click_time: string;
  readonly timeMs: number;
  readonly category: string;
  readonly id: string;
  readonly type: string;
  readonly url: string;
}

/** One pupil's input. */
export interface PupilInput {
  readonly studentId: string;
  readonly num: number;
  readonly name: string;
  /** The pupil's strokes on the book's pages (any order; start order is fastest). */
  readonly strokes: readonly AnalyticsStroke[];
  readonly clicks: readonly AnalyticsClick[];
  /** Watch times (ms) of the watch log. */
  readonly watchTimesMs: readonly number[];
}

/**
 * The page a content click names: the third '_'-separated part of its id when that part is a
 * whole number (e.g. 'youtube_12_35' → 35), else null.
 */
export function clickPage(id: string): number | null {
  const part = id.split('_')[2];
  return part !== undefined && /^\d+$/.test(part) ? Number(part) : null;
}

/** A pupil's figures and what the class needs of them. */
export interface PupilWork {
  readonly summary: PupilSummary;
  /** Strokes per page offset. */
  readonly pageStrokes: Int32Array;
  /** Content clicks per page offset. */
  readonly pageTouches: Int32Array;
  /** Study blocks (only when asked for). */
  readonly blocks: StudyBlockSummary[];
}

/** The analysis of a set of pages from its sums. */
function analysisOf(written: number, touched: number, studyMs: number, timeMs: number, nu: number): Analysis {
  const distanceMm = nu * REAL_MM_PER_NU;
  return {
    numWrittenPages: written,
    numTouchedPages: touched,
    studyTimeMin: msToMinutes(studyMs),
    realWritingTimeMs: timeMs,
    realWritingDistanceMm: roundOneDecimal(distanceMm),
    realWritingSpeedMmPerS: writingSpeedMmPerS(distanceMm, timeMs),
  };
}

/** Progress over `numPages` pages. */
function progressOf(a: Analysis, numPages: number): Progress {
  return {
    writtenRatePct: writingRatePct(a.numWrittenPages, numPages),
    touchedRatePct: contentRatePct(a.numTouchedPages, numPages),
    studyTimeMin: a.studyTimeMin,
  };
}

/** The pupil's strokes inside the range, in start order (sorted only when they are not already). */
function strokesInRange(layout: BookLayout, strokes: readonly AnalyticsStroke[]): AnalyticsStroke[] {
  const { startPage, numPages } = layout;
  const list: AnalyticsStroke[] = [];
  let sorted = true;
  let previous = Number.NEGATIVE_INFINITY;
  for (const s of strokes) {
    const o = s.page - startPage;
    if (o >= 0 && o < numPages && Number.isInteger(o)) {
      if (s.startTimeMs < previous) sorted = false;
      previous = s.startTimeMs;
      list.push(s);
    }
  }
  if (!sorted) list.sort((a, b) => a.startTimeMs - b.startTimeMs);
  return list;
}

/**
 * The figures of one pupil over `layout`'s range. `withBlocks` also lists the study blocks (for
 * the pupil detail).
 */
export function pupilWork(
  layout: BookLayout,
  pupil: PupilInput,
  zone: ZoneClock,
  withBlocks = false,
): PupilWork {
  const { startPage, numPages, flat, unitStart, unitList } = layout;
  const numUnits = flat.length;
  const strokes = strokesInRange(layout, pupil.strokes);

  const pageStrokes = new Int32Array(numPages);
  const pageTouches = new Int32Array(numPages);
  const pageStudy = new Float64Array(numPages);
  const pageBlockStart = new Float64Array(numPages);
  const pageBlockEnd = new Float64Array(numPages);
  const unitTime = new Float64Array(numUnits);
  const unitNu = new Float64Array(numUnits);
  const unitStudy = new Float64Array(numUnits);
  const unitBlockStart = new Float64Array(numUnits);
  const unitBlockEnd = new Float64Array(numUnits);
  const unitOpen = new Uint8Array(numUnits);
  const weekdayMs = new Float64Array(7);
  const hourMs = new Float64Array(24);
  const blocks: StudyBlockSummary[] = [];

  let timeMs = 0;
  let nu = 0;
  let studyMs = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  // The open study block of all the pupil's strokes.
  let blockStart = 0;
  let blockEnd = 0;
  let blockStrokes = 0;
  let blockNu = 0;
  let blockPages: Set<number> | undefined;
  const closeBlock = () => {
    const duration = blockEnd - blockStart;
    studyMs += duration;
    const local = zone.local(blockStart);
    weekdayMs[local.weekday]! += duration;
    hourMs[local.hour]! += duration;
    if (blockPages) {
      blocks.push({
        startTimeMs: blockStart,
        endTimeMs: blockEnd,
        durationMs: duration,
        pages: [...blockPages].sort((a, b) => a - b),
        strokeCount: blockStrokes,
        distanceMm: roundOneDecimal(blockNu * REAL_MM_PER_NU),
      });
    }
  };

  for (let i = 0; i < strokes.length; i++) {
    const s = strokes[i]!;
    const start = s.startTimeMs;
    const end = strokeEndTimeMs(s);
    const o = s.page - startPage;
    timeMs += end - start;
    nu += s.distanceNu;
    if (end > lastEnd) lastEnd = end;

    if (i === 0 || start - blockEnd >= STUDY_GAP_MS) {
      if (i > 0) closeBlock();
      blockStart = start;
      blockEnd = end;
      blockStrokes = 0;
      blockNu = 0;
      if (withBlocks) blockPages = new Set();
    } else if (end > blockEnd) blockEnd = end;
    blockStrokes++;
    blockNu += s.distanceNu;
    blockPages?.add(s.page);

    if (pageStrokes[o] === 0 || start - pageBlockEnd[o]! >= STUDY_GAP_MS) {
      if (pageStrokes[o]! > 0) pageStudy[o]! += pageBlockEnd[o]! - pageBlockStart[o]!;
      pageBlockStart[o] = start;
      pageBlockEnd[o] = end;
    } else if (end > pageBlockEnd[o]!) pageBlockEnd[o] = end;
    pageStrokes[o]!++;

    for (let j = unitStart[o]!; j < unitStart[o + 1]!; j++) {
      const u = unitList[j]!;
      unitTime[u]! += end - start;
      unitNu[u]! += s.distanceNu;
      if (unitOpen[u] === 0 || start - unitBlockEnd[u]! >= STUDY_GAP_MS) {
        if (unitOpen[u] === 1) unitStudy[u]! += unitBlockEnd[u]! - unitBlockStart[u]!;
        unitOpen[u] = 1;
        unitBlockStart[u] = start;
        unitBlockEnd[u] = end;
      } else if (end > unitBlockEnd[u]!) unitBlockEnd[u] = end;
    }
  }
  if (strokes.length > 0) closeBlock();
  for (let o = 0; o < numPages; o++) {
    if (pageStrokes[o]! > 0) pageStudy[o]! += pageBlockEnd[o]! - pageBlockStart[o]!;
  }
  for (let u = 0; u < numUnits; u++) {
    if (unitOpen[u] === 1) unitStudy[u]! += unitBlockEnd[u]! - unitBlockStart[u]!;
  }

  for (const click of pupil.clicks) {
    const page = clickPage(click.id);
    if (page !== null && page >= startPage && page - startPage < numPages) pageTouches[page - startPage]!++;
  }

  let written = 0;
  let touched = 0;
  const pages: PupilPage[] = [];
  for (let o = 0; o < numPages; o++) {
    if (pageStrokes[o]! > 0) written++;
    if (pageTouches[o]! > 0) touched++;
    if (pageStrokes[o]! > 0 || pageTouches[o]! > 0) {
      pages.push({
        page: startPage + o,
        strokeCount: pageStrokes[o]!,
        touchCount: pageTouches[o]!,
        studyTimeMs: pageStudy[o]!,
      });
    }
  }
  const analysis = analysisOf(written, touched, studyMs, timeMs, nu);

  const units: UnitFigures[] = flat.map((unit, u) => {
    let unitWritten = 0;
    let unitTouched = 0;
    for (const p of unit.pages) {
      if (pageStrokes[p - startPage]! > 0) unitWritten++;
      if (pageTouches[p - startPage]! > 0) unitTouched++;
    }
    const a = analysisOf(unitWritten, unitTouched, unitStudy[u]!, unitTime[u]!, unitNu[u]!);
    return { index: unit.index, analysis: a, progress: progressOf(a, unit.numPages) };
  });

  let lastWatch: number | null = null;
  for (const t of pupil.watchTimesMs) if (lastWatch === null || t > lastWatch) lastWatch = t;

  const summary: PupilSummary = {
    studentId: pupil.studentId,
    num: pupil.num,
    name: pupil.name,
    analysis,
    progress: progressOf(analysis, numPages),
    units,
    pages,
    firstWritingTimeMs: strokes.length > 0 ? strokes[0]!.startTimeMs : null,
    lastWritingTimeMs: strokes.length > 0 ? lastEnd : null,
    lastWatchTimeMs: lastWatch,
    watchCount: pupil.watchTimesMs.length,
    weekdayStudyMin: Array.from(weekdayMs, msToMinutes),
    hourStudyMin: Array.from(hourMs, msToMinutes),
  };
  return { summary, pageStrokes, pageTouches, blocks };
}
