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
import { type AnalyticsClick, type AnalyticsStroke, clickPage, type PupilInput } from './analyticsInput';
import { contentRatePct, MS_PER_MINUTE, msToMinutes, roundOneDecimal, writingRatePct } from './rounding';
import { STUDY_GAP_MS, strokeEndTimeMs } from './studyBlocks';
import type { BookLayout } from './summaryUnits';
import { REAL_MM_PER_NU, writingSpeedMmPerS } from './writingAnalysis';
import type { ZoneClock } from './zoneClock';

/** A pupil's figures and what the class needs of them. */
export interface PupilWork {
  readonly summary: PupilSummary;
  /** Strokes per page offset. */
  readonly pageStrokes: Int32Array;
  /** Content clicks per page offset. */
  readonly pageTouches: Int32Array;
  /** Study blocks (only when asked for). */
  readonly blocks: StudyBlockSummary[];
  /**
   * The same figures unrounded (minutes, mm, mm/s and percentages with every decimal), for the
   * class averages: a mean of rounded figures can be a tenth off (issue 28 item 11).
   */
  readonly exact: {
    readonly analysis: Analysis;
    readonly progress: Progress;
    /** In the order of `summary.units`. */
    readonly units: readonly { readonly analysis: Analysis; readonly progress: Progress }[];
  };
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

/** The same analysis with every decimal (for class averages). */
function exactAnalysisOf(
  written: number,
  touched: number,
  studyMs: number,
  timeMs: number,
  nu: number,
): Analysis {
  const distanceMm = nu * REAL_MM_PER_NU;
  return {
    numWrittenPages: written,
    numTouchedPages: touched,
    studyTimeMin: studyMs / MS_PER_MINUTE,
    realWritingTimeMs: timeMs,
    realWritingDistanceMm: distanceMm,
    realWritingSpeedMmPerS: timeMs > 0 ? distanceMm / (timeMs / 1000) : 0,
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

/** The same progress with every decimal (from an exact analysis). */
function exactProgressOf(a: Analysis, numPages: number): Progress {
  return {
    writtenRatePct: numPages > 0 ? (a.numWrittenPages / numPages) * 100 : 0,
    touchedRatePct: numPages > 0 ? (a.numTouchedPages / numPages) * 100 : 0,
    studyTimeMin: a.studyTimeMin,
  };
}

/** Whether a stroke's page is inside the range. */
function inside(layout: BookLayout, s: AnalyticsStroke): boolean {
  const o = s.page - layout.startPage;
  return o >= 0 && o < layout.numPages && Number.isInteger(o);
}

/** The strokes inside the range, sorted by start (stable: equal starts keep their input order). */
function sortedInRange(layout: BookLayout, strokes: readonly AnalyticsStroke[]): AnalyticsStroke[] {
  return strokes.filter((s) => inside(layout, s)).sort((a, b) => a.startTimeMs - b.startTimeMs);
}

/** The sums of one pass over a pupil's strokes (those inside the range, in start order). */
interface StrokeSums {
  timeMs: number;
  nu: number;
  lastEndMs: number;
  /** Per page offset. */
  readonly pageStrokes: Int32Array;
  readonly pageStudyMs: Float64Array;
  /** Per unit position (`layout.flat`). */
  readonly unitTimeMs: Float64Array;
  readonly unitNu: Float64Array;
  readonly unitStudyMs: Float64Array;
  /** The pupil's study blocks: first stroke (index in the strokes scanned), start and end. */
  readonly blockFirst: number[];
  readonly blockStart: number[];
  readonly blockEnd: number[];
}

/**
 * One pass over the strokes inside the range (others skipped): totals, per-page and per-unit
 * sums, and the study blocks of all of them, of each page's strokes and of each unit's strokes
 * (a stroke in start order continues the block of its page / unit when it starts less than 5
 * minutes after that block's latest end). No closure and no allocation per stroke. Answers null
 * as soon as a stroke inside the range starts before the previous one: the caller sorts and
 * scans again (so strokes given in start order are read once and never copied).
 */
function scanStrokes(layout: BookLayout, strokes: readonly AnalyticsStroke[]): StrokeSums | null {
  const { startPage, numPages, unitStart, unitList } = layout;
  const numUnits = layout.flat.length;
  const pageStrokes = new Int32Array(numPages);
  const pageStudyMs = new Float64Array(numPages);
  const pageBlockStart = new Float64Array(numPages);
  const pageBlockEnd = new Float64Array(numPages);
  const unitTimeMs = new Float64Array(numUnits);
  const unitNu = new Float64Array(numUnits);
  const unitStudyMs = new Float64Array(numUnits);
  const unitBlockStart = new Float64Array(numUnits);
  const unitBlockEnd = new Float64Array(numUnits);
  const unitOpen = new Uint8Array(numUnits);
  const blockFirst: number[] = [];
  const blockStart: number[] = [];
  const blockEnd: number[] = [];

  let timeMs = 0;
  let nu = 0;
  let lastEndMs = Number.NEGATIVE_INFINITY;
  let previousStart = Number.NEGATIVE_INFINITY;
  let openStart = 0;
  let openEnd = 0;
  for (let i = 0; i < strokes.length; i++) {
    const s = strokes[i]!;
    const o = s.page - startPage;
    if (!(o >= 0 && o < numPages && Number.isInteger(o))) continue;
    const start = s.startTimeMs;
    if (start < previousStart) return null;
    previousStart = start;
    const end = strokeEndTimeMs(s);
    const distance = s.distanceNu;
    timeMs += end - start;
    nu += distance;
    if (end > lastEndMs) lastEndMs = end;

    if (blockFirst.length === 0 || start - openEnd >= STUDY_GAP_MS) {
      if (blockFirst.length > 0) {
        blockStart.push(openStart);
        blockEnd.push(openEnd);
      }
      blockFirst.push(i);
      openStart = start;
      openEnd = end;
    } else if (end > openEnd) openEnd = end;

    if (pageStrokes[o] === 0 || start - pageBlockEnd[o]! >= STUDY_GAP_MS) {
      if (pageStrokes[o] !== 0) pageStudyMs[o]! += pageBlockEnd[o]! - pageBlockStart[o]!;
      pageBlockStart[o] = start;
      pageBlockEnd[o] = end;
    } else if (end > pageBlockEnd[o]!) pageBlockEnd[o] = end;
    pageStrokes[o]!++;

    const last = unitStart[o + 1]!;
    for (let j = unitStart[o]!; j < last; j++) {
      const u = unitList[j]!;
      unitTimeMs[u]! += end - start;
      unitNu[u]! += distance;
      if (unitOpen[u] === 0 || start - unitBlockEnd[u]! >= STUDY_GAP_MS) {
        if (unitOpen[u] !== 0) unitStudyMs[u]! += unitBlockEnd[u]! - unitBlockStart[u]!;
        unitOpen[u] = 1;
        unitBlockStart[u] = start;
        unitBlockEnd[u] = end;
      } else if (end > unitBlockEnd[u]!) unitBlockEnd[u] = end;
    }
  }
  if (blockFirst.length > 0) {
    blockStart.push(openStart);
    blockEnd.push(openEnd);
  }
  for (let o = 0; o < numPages; o++) {
    if (pageStrokes[o] !== 0) pageStudyMs[o]! += pageBlockEnd[o]! - pageBlockStart[o]!;
  }
  for (let u = 0; u < numUnits; u++) {
    if (unitOpen[u] !== 0) unitStudyMs[u]! += unitBlockEnd[u]! - unitBlockStart[u]!;
  }
  return {
    timeMs,
    nu,
    lastEndMs,
    pageStrokes,
    pageStudyMs,
    unitTimeMs,
    unitNu,
    unitStudyMs,
    blockFirst,
    blockStart,
    blockEnd,
  };
}

/** The study blocks of `sums` with their pages, strokes and distance (for the pupil detail). */
function blockSummaries(
  layout: BookLayout,
  strokes: readonly AnalyticsStroke[],
  sums: StrokeSums,
): StudyBlockSummary[] {
  return sums.blockStart.map((startTimeMs, b) => {
    const first = sums.blockFirst[b]!;
    const next = sums.blockFirst[b + 1] ?? strokes.length;
    const pages = new Set<number>();
    let count = 0;
    let nu = 0;
    for (let i = first; i < next; i++) {
      const s = strokes[i]!;
      if (!inside(layout, s)) continue;
      pages.add(s.page);
      nu += s.distanceNu;
      count++;
    }
    const endTimeMs = sums.blockEnd[b]!;
    return {
      startTimeMs,
      endTimeMs,
      durationMs: endTimeMs - startTimeMs,
      pages: [...pages].sort((x, y) => x - y),
      strokeCount: count,
      distanceMm: roundOneDecimal(nu * REAL_MM_PER_NU),
    };
  });
}

/** Content clicks per page offset of the range (clicks naming no page, or one outside, count nowhere). */
function touchesByPage(layout: BookLayout, clicks: readonly AnalyticsClick[]): Int32Array {
  const touches = new Int32Array(layout.numPages);
  for (const click of clicks) {
    const page = clickPage(click.id);
    if (page !== null && page >= layout.startPage && page - layout.startPage < layout.numPages) {
      touches[page - layout.startPage]!++;
    }
  }
  return touches;
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
  const { startPage, numPages, flat } = layout;
  let strokes = pupil.strokes;
  let sums = scanStrokes(layout, strokes);
  if (sums === null) {
    strokes = sortedInRange(layout, strokes);
    sums = scanStrokes(layout, strokes)!;
  }
  const { pageStrokes, pageStudyMs } = sums;
  const pageTouches = touchesByPage(layout, pupil.clicks);

  let studyMs = 0;
  const weekdayMs = new Float64Array(7);
  const hourMs = new Float64Array(24);
  for (let b = 0; b < sums.blockStart.length; b++) {
    const duration = sums.blockEnd[b]! - sums.blockStart[b]!;
    const local = zone.local(sums.blockStart[b]!);
    studyMs += duration;
    weekdayMs[local.weekday]! += duration;
    hourMs[local.hour]! += duration;
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
        studyTimeMs: pageStudyMs[o]!,
      });
    }
  }
  const analysis = analysisOf(written, touched, studyMs, sums.timeMs, sums.nu);
  const exactAnalysis = exactAnalysisOf(written, touched, studyMs, sums.timeMs, sums.nu);
  const exactUnits: { analysis: Analysis; progress: Progress }[] = [];

  const units: UnitFigures[] = flat.map((unit, u) => {
    let unitWritten = 0;
    let unitTouched = 0;
    for (const p of unit.pages) {
      if (pageStrokes[p - startPage]! > 0) unitWritten++;
      if (pageTouches[p - startPage]! > 0) unitTouched++;
    }
    const unitSums = [
      unitWritten,
      unitTouched,
      sums.unitStudyMs[u]!,
      sums.unitTimeMs[u]!,
      sums.unitNu[u]!,
    ] as const;
    const a = analysisOf(...unitSums);
    const exact = exactAnalysisOf(...unitSums);
    exactUnits.push({ analysis: exact, progress: exactProgressOf(exact, unit.numPages) });
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
    // The first block starts with the first stroke.
    firstWritingTimeMs: sums.blockStart[0] ?? null,
    lastWritingTimeMs: sums.blockStart.length > 0 ? sums.lastEndMs : null,
    lastWatchTimeMs: lastWatch,
    watchCount: pupil.watchTimesMs.length,
    weekdayStudyMin: Array.from(weekdayMs, msToMinutes),
    hourStudyMin: Array.from(hourMs, msToMinutes),
  };
  return {
    summary,
    pageStrokes,
    pageTouches,
    blocks: withBlocks ? blockSummaries(layout, strokes, sums) : [],
    exact: {
      analysis: exactAnalysis,
      progress: exactProgressOf(exactAnalysis, numPages),
      units: exactUnits,
    },
  };
}
