/**
 * What a replay shows at a time: which strokes are complete and how many dots of the strokes
 * still being written. A dot shows once replay time reaches its own time; a stroke is complete
 * once its last dot plus the dot duration tail has passed.
 */
import type { DotColumns, Stroke } from '../types';
import { type ReplayModel, strokeReplayEndMs } from './replayModel';

/** A stroke partly (or, behind an overlapping one, fully) shown. */
export interface ReplayPartial {
  /** Index in {@link ReplayModel.strokes}. */
  readonly index: number;
  /** Dots shown, 1 … the stroke's dot count. */
  readonly dotCount: number;
}

export interface ReplayFrame {
  /** Replay time of the frame (ms since the replay start). */
  readonly timeMs: number;
  /** Strokes `0 … completeCount − 1` are shown whole. */
  readonly completeCount: number;
  /** Later strokes that have started, in order, with their shown dot counts (usually 0 or 1 entry). */
  readonly partials: readonly ReplayPartial[];
}

/** The frame at replay time `tMs` (ms since the replay start). */
export function replayFrameAt(model: ReplayModel, tMs: number): ReplayFrame {
  const { strokes, runningEndMs } = model;
  const absolute = model.startTimeMs + tMs;
  // Strokes started by now: the first index whose start is later.
  const started = upperBound(strokes.length, (i) => strokes[i]!.startTimeMs <= absolute);
  // Complete prefix: running latest end ≤ t.
  const completeCount = upperBound(started, (i) => runningEndMs[i]! <= tMs);
  const partials: ReplayPartial[] = [];
  for (let i = completeCount; i < started; i++) {
    const s = strokes[i]!;
    const n = strokeReplayEndMs(s, model.startTimeMs) <= tMs ? s.dots.count : dotsShownBy(s.dots, absolute);
    if (n > 0) partials.push({ index: i, dotCount: n });
  }
  return { timeMs: tMs, completeCount, partials };
}

/** How many dots of a stroke show at epoch time `timeMs` (dots are in time order). */
export function dotsShownBy(dots: DotColumns, timeMs: number): number {
  return upperBound(dots.count, (i) => dots.timeMs[i]! <= timeMs);
}

/** The dots shown for each stroke of a frame, `[stroke, dotCount]` (whole strokes first). */
export function frameStrokes(model: ReplayModel, frame: ReplayFrame): [Stroke, number][] {
  const out: [Stroke, number][] = [];
  for (let i = 0; i < frame.completeCount; i++) {
    const s = model.strokes[i]!;
    out.push([s, s.dots.count]);
  }
  for (const p of frame.partials) out.push([model.strokes[p.index]!, p.dotCount]);
  return out;
}

/** The number of leading indices `0 … n−1` for which `ok` holds (`ok` true then false). */
function upperBound(n: number, ok: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ok(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
