/**
 * Making stroke records: every derived field (timing, force and speed statistics, distance,
 * bounding box) is computed here, once, from the dots.
 */
import type { PageAddress } from '@dotink/ncode';
import { tightDots } from './dots';
import {
  type BoxNu,
  BrushType,
  type DotColumns,
  EMPTY_BOX,
  type InputType,
  type PenTipMode,
  type Stroke,
  type StrokeKey,
  type StrokeStatus,
} from './types';

/** Dot duration tail (engine.md §9): the last dot is taken to last this long. */
export const DOT_DURATION_TAIL_MS = 10;

/** Default pen colour: black, opaque (ARGB). */
export const DEFAULT_COLOR_ARGB = 0xff000000;

/** Default thickness: level 2 of the board, divided by 10 (engine.md §9). */
export const DEFAULT_THICKNESS = 0.2;

/** What a caller says about a stroke; everything else is derived from its dots. */
export interface StrokeInit {
  readonly key: StrokeKey | string;
  readonly originalKey?: string;
  readonly page: PageAddress;
  readonly mac?: string;
  readonly inputType?: InputType;
  readonly brushType?: BrushType;
  readonly thickness?: number;
  readonly colorArgb?: number;
  readonly status?: StrokeStatus;
  readonly penTipMode?: PenTipMode;
  readonly strokeType?: number;
  readonly updatedMs?: number;
  /** Defaults to the first dot's time. */
  readonly startTimeMs?: number;
  /** Defaults to the last dot's time. */
  readonly endTimeMs?: number;
  readonly surfaceOwnerId?: string;
  readonly writerId?: string;
  readonly uploaded?: boolean;
  readonly multiPage?: boolean;
}

/** Statistics of a run of dots. */
export interface DotStats {
  readonly forceMin: number;
  readonly forceMax: number;
  readonly forceSum: number;
  readonly speedMinNuPerS: number;
  readonly speedMaxNuPerS: number;
  readonly totalDistanceNu: number;
  readonly bbox: BoxNu;
}

/** Force, speed, distance and bounds of a run of dots, in one pass. */
export function dotStats(d: DotColumns): DotStats {
  const n = d.count;
  if (n === 0) {
    return {
      forceMin: 0,
      forceMax: 0,
      forceSum: 0,
      speedMinNuPerS: 0,
      speedMaxNuPerS: 0,
      totalDistanceNu: 0,
      bbox: EMPTY_BOX,
    };
  }
  let fMin = Number.POSITIVE_INFINITY;
  let fMax = Number.NEGATIVE_INFINITY;
  let fSum = 0;
  let vMin = Number.POSITIVE_INFINITY;
  let vMax = 0;
  let dist = 0;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  const { xNu, yNu, force, timeMs } = d;
  for (let i = 0; i < n; i++) {
    const x = xNu[i]!;
    const y = yNu[i]!;
    const f = force[i]!;
    if (f < fMin) fMin = f;
    if (f > fMax) fMax = f;
    fSum += f;
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    if (y > bottom) bottom = y;
    if (i > 0) {
      const dx = x - xNu[i - 1]!;
      const dy = y - yNu[i - 1]!;
      const step = Math.sqrt(dx * dx + dy * dy);
      dist += step;
      const dt = timeMs[i]! - timeMs[i - 1]!;
      if (dt > 0) {
        const v = (step / dt) * 1000;
        if (v < vMin) vMin = v;
        if (v > vMax) vMax = v;
      }
    }
  }
  return {
    forceMin: fMin,
    forceMax: fMax,
    forceSum: fSum,
    speedMinNuPerS: vMin === Number.POSITIVE_INFINITY ? 0 : vMin,
    speedMaxNuPerS: vMax,
    totalDistanceNu: dist,
    bbox: { left, top, right, bottom },
  };
}

/** A complete stroke record from what the caller knows and its dots (copied tight). */
export function createStroke(init: StrokeInit, dots: DotColumns): Stroke {
  const d = tightDots(dots);
  const first = d.count > 0 ? d.timeMs[0]! : (init.startTimeMs ?? 0);
  const last = d.count > 0 ? d.timeMs[d.count - 1]! : first;
  const startTimeMs = init.startTimeMs ?? first;
  const endTimeMs = init.endTimeMs ?? last;
  const stats = dotStats(d);
  return {
    key: init.key as StrokeKey,
    originalKey: init.originalKey ?? init.key,
    page: init.page,
    mac: init.mac ?? '',
    inputType: init.inputType ?? 'pen',
    brushType: init.brushType ?? BrushType.pen,
    thickness: init.thickness ?? DEFAULT_THICKNESS,
    colorArgb: (init.colorArgb ?? DEFAULT_COLOR_ARGB) >>> 0,
    status: init.status ?? 'normal',
    penTipMode: init.penTipMode ?? 0,
    strokeType: init.strokeType ?? 0,
    updatedMs: init.updatedMs ?? endTimeMs,
    startTimeMs,
    endTimeMs,
    durationMs: endTimeMs - startTimeMs,
    dots: d,
    // Named one by one, not spread: a spread of the statistics costs more than computing them.
    forceMin: stats.forceMin,
    forceMax: stats.forceMax,
    forceSum: stats.forceSum,
    speedMinNuPerS: stats.speedMinNuPerS,
    speedMaxNuPerS: stats.speedMaxNuPerS,
    totalDistanceNu: stats.totalDistanceNu,
    bbox: stats.bbox,
    surfaceOwnerId: init.surfaceOwnerId ?? '',
    writerId: init.writerId ?? '',
    uploaded: init.uploaded ?? false,
    multiPage: init.multiPage ?? false,
  };
}

/** A copy of a stroke with some fields changed (dots and derived fields stay). */
export function withStroke(s: Stroke, change: Partial<Omit<Stroke, 'dots' | keyof DotStats>>): Stroke {
  return { ...s, ...change };
}

/** True when the stroke is visible ink: normal status and a drawing brush. */
export function isVisibleInk(s: Stroke): boolean {
  return (
    s.status === 'normal' &&
    s.brushType !== BrushType.eraser &&
    s.brushType !== BrushType.pui &&
    s.brushType !== BrushType.erased
  );
}
