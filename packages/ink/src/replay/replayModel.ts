/**
 * The replay model (engine.md §3 "Replay storage", classroom.md §3): strokes ordered by time, the
 * total duration, and page chunks — runs of consecutive strokes on one page, each with its start
 * and end as absolute epoch ms and as a delta from the replay start.
 *
 * Timing rule: a stroke lasts from its start time to its end time plus the dot duration tail
 * (10 ms, engine.md §9), so the last dot has time to show; the replay ends when the last stroke
 * does. Replay time `t` is ms since the first stroke's start.
 */
import { type PageAddress, samePage } from '@dotink/ncode';
import { DOT_DURATION_TAIL_MS } from '../stroke';
import type { Stroke } from '../types';

/** A run of consecutive strokes (in time order) on one page. */
export interface ReplayPageChunk {
  readonly page: PageAddress;
  /** Epoch ms of the chunk's first stroke start. */
  readonly startTimeMs: number;
  /** Epoch ms when the chunk's last-ending stroke ends (tail included). */
  readonly endTimeMs: number;
  /** `startTimeMs` − the replay start. */
  readonly startDeltaMs: number;
  /** `endTimeMs` − the replay start. */
  readonly endDeltaMs: number;
  /** Index of the chunk's first stroke in {@link ReplayModel.strokes}. */
  readonly firstIndex: number;
  readonly strokes: readonly Stroke[];
}

export interface ReplayModel {
  /** By start time; strokes starting together keep their given order. */
  readonly strokes: readonly Stroke[];
  /** Epoch ms of the first stroke start (0 without strokes). */
  readonly startTimeMs: number;
  /** Epoch ms when the last stroke ends (tail included). */
  readonly endTimeMs: number;
  readonly durationMs: number;
  readonly pageChunks: readonly ReplayPageChunk[];
  /** `runningEndMs[i]`: the latest end (replay ms, tail included) among strokes 0 … i. */
  readonly runningEndMs: readonly number[];
}

/** The replay time (ms since the replay start) at which a stroke has fully shown. */
export function strokeReplayEndMs(s: Stroke, replayStartMs: number): number {
  return Math.max(s.startTimeMs, s.endTimeMs) + DOT_DURATION_TAIL_MS - replayStartMs;
}

/** How a replay is timed. */
export interface ReplayTiming {
  /**
   * The writer whose strokes the replay's time spans (the pupil of a replay, classroom.md §2).
   * Other writers' strokes (a teacher's annotation, written a day later) are shown, but outside
   * that span they appear whole: at the start when written before it, at the end when after. A
   * writer with no stroke among them, or none given: every stroke's own time counts.
   */
  readonly timedWriter?: string;
}

/** `s` with every dot at `atMs`: it appears whole at that instant. */
function whollyAt(s: Stroke, atMs: number): Stroke {
  const timeMs = new Float64Array(s.dots.count).fill(atMs);
  return { ...s, startTimeMs: atMs, endTimeMs: atMs, durationMs: 0, dots: { ...s.dots, timeMs } };
}

/**
 * Other writers' strokes outside the timed writer's span, moved to its edges (see
 * {@link ReplayTiming}), each with its place among strokes of the same instant: -1 moved to the
 * start (before the writer's first), 1 moved to the end (after the writer's last), else 0.
 */
function timed(strokes: readonly Stroke[], writer: string | undefined): { s: Stroke; edge: number }[] {
  const asGiven = strokes.map((s) => ({ s, edge: 0 }));
  if (writer === undefined) return asGiven;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of strokes) {
    if (s.writerId !== writer) continue;
    first = Math.min(first, s.startTimeMs);
    last = Math.max(last, s.startTimeMs, s.endTimeMs);
  }
  if (first > last) return asGiven;
  return strokes.map((s) => {
    if (s.writerId === writer) return { s, edge: 0 };
    if (s.startTimeMs < first) return { s: whollyAt(s, first), edge: -1 };
    if (Math.max(s.startTimeMs, s.endTimeMs) > last) return { s: whollyAt(s, last), edge: 1 };
    return { s, edge: 0 };
  });
}

/** The replay model of `strokes` (any order; the caller picks which strokes to replay). */
export function buildReplayModel(strokes: readonly Stroke[], timing: ReplayTiming = {}): ReplayModel {
  const sorted = timed(strokes, timing.timedWriter)
    .map((e, i) => ({ ...e, i }))
    .sort((a, b) => a.s.startTimeMs - b.s.startTimeMs || a.edge - b.edge || a.i - b.i)
    .map((e) => e.s);
  if (sorted.length === 0) {
    return { strokes: [], startTimeMs: 0, endTimeMs: 0, durationMs: 0, pageChunks: [], runningEndMs: [] };
  }
  const start = sorted[0]!.startTimeMs;
  const runningEndMs: number[] = [];
  let latest = 0;
  for (const s of sorted) {
    latest = Math.max(latest, strokeReplayEndMs(s, start));
    runningEndMs.push(latest);
  }
  const pageChunks: ReplayPageChunk[] = [];
  let from = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && samePage(sorted[i]!.page, sorted[from]!.page)) continue;
    const list = sorted.slice(from, i);
    let endDelta = 0;
    for (const s of list) endDelta = Math.max(endDelta, strokeReplayEndMs(s, start));
    const startDelta = list[0]!.startTimeMs - start;
    pageChunks.push({
      page: list[0]!.page,
      startTimeMs: start + startDelta,
      endTimeMs: start + endDelta,
      startDeltaMs: startDelta,
      endDeltaMs: endDelta,
      firstIndex: from,
      strokes: list,
    });
    from = i;
  }
  return {
    strokes: sorted,
    startTimeMs: start,
    endTimeMs: start + latest,
    durationMs: latest,
    pageChunks,
    runningEndMs,
  };
}

/** Index of the chunk being played at replay time `tMs`: the last one started by then; -1 if none. */
export function chunkIndexAt(model: ReplayModel, tMs: number): number {
  const chunks = model.pageChunks;
  if (chunks.length === 0) return -1;
  let lo = 0;
  let hi = chunks.length - 1;
  if (tMs < chunks[0]!.startDeltaMs) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (chunks[mid]!.startDeltaMs <= tMs) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
