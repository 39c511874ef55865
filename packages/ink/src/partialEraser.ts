/**
 * The partial eraser: removes only the part of a stroke within the eraser's reach and leaves the
 * remaining runs of dots as new strokes (new keys, the original's `originalKey` and brush kept).
 *
 * A dot within `radiusNu` of the eraser segment is removed. A link between two kept dots that
 * the eraser crosses (sparse dots, a thin eraser) is cut without removing either dot. Runs
 * shorter than `minRunDots` (default 2: a lone dot draws nothing and cannot be erased again) are
 * dropped. The split stroke is removed (tombstoned); its pieces take its place in the drawing
 * order. Strokes with fewer than 2 dots are not erased against. The pieces' dots are views of
 * the split stroke's (stroke records are never written to), so a split copies no dots.
 */
import type { PageId } from '@dotink/ncode';
import { viewDots } from './dots';
import {
  type EraseEvent,
  type EraseOptions,
  type ErasePlan,
  type EraserSegment,
  eraseCandidates,
  eraserReach,
  pointSegmentDistanceSq,
  segmentDistanceSq,
} from './eraser';
import type { InkEdit } from './inkEdit';
import type { InkStore } from './inkStore';
import { inflateBox } from './spatialIndex';
import { createStroke } from './stroke';
import type { KeySource } from './strokeKeys';
import type { BoxNu, DotColumns, Stroke, StrokeKey } from './types';

/** Default shortest run kept as a stroke. */
export const DEFAULT_MIN_RUN_DOTS = 2;

export interface SplitOptions {
  readonly keys: KeySource;
  /** The pieces' `updatedMs`. */
  readonly timeMs: number;
  readonly minRunDots?: number;
}

/**
 * How far past the eraser's reach a dot or link must lie to be taken as out of reach without
 * measuring its distance: a hair (≈ 2 nm), far above the rounding of those distances, so the
 * shortcut never answers otherwise than the measure would.
 */
export const REACH_MARGIN_NU = 1e-6;

/**
 * Where a point lies against a box, as the bits of the sides it is beyond: 1 left, 2 right,
 * 4 above, 8 below (0 = inside or on the edge). Two points with a bit in common lie beyond
 * the same side, and so does every point between them.
 */
export function outcode(x: number, y: number, box: BoxNu): number {
  return (x < box.left ? 1 : 0) | (x > box.right ? 2 : 0) | (y < box.top ? 4 : 0) | (y > box.bottom ? 8 : 0);
}

/**
 * The runs of dots the eraser segment leaves, as [start, end) index pairs in one flat array, or
 * `undefined` if it touches none of them. A dot within the radius is erased; a link between two
 * kept dots that comes within the radius is cut. Dots and links beyond the reach (by
 * {@link REACH_MARGIN_NU}) are passed over without measuring.
 */
export function keptRuns(dots: DotColumns, seg: EraserSegment): number[] | undefined {
  const { count, xNu, yNu } = dots;
  const r2 = seg.radiusNu * seg.radiusNu;
  const { x0Nu, y0Nu, x1Nu, y1Nu } = seg;
  const near = inflateBox(eraserReach(seg), REACH_MARGIN_NU);
  const runs: number[] = [];
  let start = -1;
  let touched = false;
  let prevCode = 0;
  for (let i = 0; i < count; i++) {
    const x = xNu[i]!;
    const y = yNu[i]!;
    const code = outcode(x, y, near);
    const linkCode = prevCode;
    prevCode = code;
    const kept = code !== 0 || pointSegmentDistanceSq(x, y, x0Nu, y0Nu, x1Nu, y1Nu) > r2;
    if (!kept) {
      touched = true;
      if (start >= 0) runs.push(start, i);
      start = -1;
      continue;
    }
    if (
      start >= 0 &&
      (code & linkCode) === 0 &&
      segmentDistanceSq(xNu[i - 1]!, yNu[i - 1]!, x, y, x0Nu, y0Nu, x1Nu, y1Nu) <= r2
    ) {
      touched = true;
      runs.push(start, i);
      start = i;
      continue;
    }
    if (start < 0) start = i;
  }
  if (!touched) return undefined;
  if (start >= 0) runs.push(start, count);
  return runs;
}

/**
 * The pieces left of `stroke` after the eraser segment, or `undefined` if the eraser does not
 * touch it. An empty array means the whole stroke is erased.
 */
export function splitStroke(stroke: Stroke, seg: EraserSegment, options: SplitOptions): Stroke[] | undefined {
  if (stroke.dots.count < 2) return undefined;
  const reach = eraserReach(seg);
  const b = stroke.bbox;
  if (b.left > reach.right || b.right < reach.left || b.top > reach.bottom || b.bottom < reach.top) {
    return undefined;
  }
  const runs = keptRuns(stroke.dots, seg);
  if (!runs) return undefined;
  const minRun = options.minRunDots ?? DEFAULT_MIN_RUN_DOTS;
  const pieces: Stroke[] = [];
  for (let r = 0; r < runs.length; r += 2) {
    const from = runs[r]!;
    const to = runs[r + 1]!;
    if (to - from < minRun) continue;
    pieces.push(
      createStroke(
        {
          key: options.keys.nextKey(),
          originalKey: stroke.originalKey,
          page: stroke.page,
          mac: stroke.mac,
          inputType: stroke.inputType,
          brushType: stroke.brushType,
          thickness: stroke.thickness,
          colorArgb: stroke.colorArgb,
          status: stroke.status,
          penTipMode: stroke.penTipMode,
          strokeType: stroke.strokeType,
          updatedMs: options.timeMs,
          surfaceOwnerId: stroke.surfaceOwnerId,
          writerId: stroke.writerId,
          multiPage: stroke.multiPage,
        },
        viewDots(stroke.dots, from, to),
      ),
    );
  }
  return pieces;
}

/** Plans a partial erase of a page; `undefined` when the segment touches nothing. */
export function planPartialErase(
  store: InkStore,
  page: PageId,
  seg: EraserSegment,
  options: EraseOptions & Omit<SplitOptions, 'timeMs'>,
): ErasePlan | undefined {
  const removed: Stroke[] = [];
  const added: Stroke[] = [];
  const placeAfter = new Map<string, StrokeKey>();
  const anchors: StrokeKey[] = [];
  const split = { keys: options.keys, timeMs: options.timeMs, minRunDots: options.minRunDots };
  for (const s of eraseCandidates(store, page, seg, options.filter)) {
    const pieces = splitStroke(s, seg, split);
    if (!pieces) continue;
    removed.push(s);
    let anchor = s.key;
    for (const p of pieces) {
      added.push(p);
      placeAfter.set(p.key, anchor);
      anchors.push(anchor);
      anchor = p.key;
    }
  }
  if (removed.length === 0) return undefined;
  const edit: InkEdit = { added, removed, replaced: [], placeAfter };
  return {
    edit,
    event: {
      pageId: page,
      keys: removed.map((s) => s.key),
      byWriter: options.byWriter,
      timeMs: options.timeMs,
      mode: 'partial',
      pieces: added,
      anchors,
    },
  };
}

/**
 * Partially erases the page along the segment and returns the erase event (or `undefined`).
 * `apply` defaults to applying the edit to the store; pass the history's `apply` for undo.
 */
export function erasePartial(
  store: InkStore,
  page: PageId,
  seg: EraserSegment,
  options: EraseOptions & Omit<SplitOptions, 'timeMs'> & { readonly apply?: (edit: InkEdit) => void },
): EraseEvent | undefined {
  const plan = planPartialErase(store, page, seg, options);
  if (!plan) return undefined;
  (options.apply ?? ((e) => store.applyEdit(e)))(plan.edit);
  return plan.event;
}
