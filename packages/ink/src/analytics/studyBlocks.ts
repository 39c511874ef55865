/**
 * Study blocks (classroom.md §4, §9): strokes sorted by start time form one continuous block while
 * each stroke starts less than 5 minutes (300,000 ms) after the block's latest stroke end; a gap
 * of 5 minutes or more starts a new block. A block lasts from its first start to its latest end.
 */

/** Continuous-activity gap (classroom.md §9). */
export const STUDY_GAP_MS = 300_000;

/** Default time per dot when a stroke has no end time (classroom.md §3, §9: "about 12 ms"). */
export const DEFAULT_MS_PER_DOT = 12;

/** What the analytics need of a stroke: our {@link Stroke} fits, and so do lighter records. */
export interface TimedStroke {
  readonly startTimeMs: number;
  /** When absent, start + dot count × 12 ms. */
  readonly endTimeMs?: number | undefined;
  /** Used only when the end time is absent. */
  readonly dotCount?: number | undefined;
  /** Written distance in nu (0 when absent). */
  readonly totalDistanceNu?: number | undefined;
}

/** A stroke's end time: its own, or start + dot count × about 12 ms (classroom.md §3). */
export function strokeEndTimeMs(s: TimedStroke): number {
  if (s.endTimeMs !== undefined && Number.isFinite(s.endTimeMs)) return Math.max(s.startTimeMs, s.endTimeMs);
  return s.startTimeMs + (s.dotCount ?? 0) * DEFAULT_MS_PER_DOT;
}

export interface StudyBlock<T extends TimedStroke = TimedStroke> {
  readonly startTimeMs: number;
  readonly endTimeMs: number;
  readonly durationMs: number;
  /** Sum of the strokes' distances, nu (the classroom's sum_dist_nu). */
  readonly distanceNu: number;
  /** In start-time order. */
  readonly strokes: readonly T[];
}

/** The study blocks of `strokes` (any order), in time order. */
export function studyBlocks<T extends TimedStroke>(
  strokes: readonly T[],
  gapMs = STUDY_GAP_MS,
): StudyBlock<T>[] {
  const sorted = [...strokes].sort((a, b) => a.startTimeMs - b.startTimeMs);
  const blocks: StudyBlock<T>[] = [];
  let current: T[] = [];
  let start = 0;
  let end = 0;
  let distance = 0;
  const close = () => {
    if (current.length > 0) {
      blocks.push({
        startTimeMs: start,
        endTimeMs: end,
        durationMs: end - start,
        distanceNu: distance,
        strokes: current,
      });
    }
  };
  for (const s of sorted) {
    const sEnd = strokeEndTimeMs(s);
    if (current.length === 0 || s.startTimeMs - end >= gapMs) {
      close();
      current = [s];
      start = s.startTimeMs;
      end = sEnd;
      distance = s.totalDistanceNu ?? 0;
    } else {
      current.push(s);
      if (sEnd > end) end = sEnd;
      distance += s.totalDistanceNu ?? 0;
    }
  }
  close();
  return blocks;
}

/** Total time of the study blocks, ms (the classroom's studyTime before conversion to minutes). */
export function studyTimeMs(strokes: readonly TimedStroke[], gapMs = STUDY_GAP_MS): number {
  return studyBlocks(strokes, gapMs).reduce((sum, b) => sum + b.durationMs, 0);
}
