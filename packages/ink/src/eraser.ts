/**
 * The whole-stroke eraser (engine.md §4): a normal stroke becomes erased (status 'erased') when
 * an eraser segment crosses it, i.e. when some segment of the stroke's polyline comes within the
 * eraser's radius of the eraser segment. Strokes with fewer than 2 dots are not erased against
 * (engine.md §5). Candidates come from the store's spatial index, never from a page scan.
 *
 * Erasing is planned as an {@link InkEdit} (so it can be applied, recorded for undo, or sent) and
 * described by an {@link EraseEvent} for broadcast to remote parties.
 */
import type { PageId } from '@dotink/ncode';
import type { InkEdit, StrokeReplacement } from './inkEdit';
import type { InkStore, StrokeFilter } from './inkStore';
import { isVisibleInk, withStroke } from './stroke';
import type { BoxNu, Stroke, StrokeKey } from './types';

/** One step of an eraser: from (x0, y0) to (x1, y1), reaching `radiusNu` either side. */
export interface EraserSegment {
  readonly x0Nu: number;
  readonly y0Nu: number;
  readonly x1Nu: number;
  readonly y1Nu: number;
  readonly radiusNu: number;
}

/** What an eraser did, for broadcast and for remote parties. */
export interface EraseEvent {
  readonly pageId: PageId;
  /** Whole: the strokes marked erased. Partial: the strokes removed (split or wiped out). */
  readonly keys: readonly StrokeKey[];
  readonly byWriter: string;
  readonly timeMs: number;
  readonly mode: 'whole' | 'partial';
  /** Partial only: the strokes left over, with new keys. */
  readonly pieces?: readonly Stroke[];
  /** Partial only: the key each piece follows in the page order (`pieces[i]` follows `anchors[i]`). */
  readonly anchors?: readonly StrokeKey[];
}

/** Who erases, when, and which strokes they may erase. */
export interface EraseOptions {
  readonly byWriter: string;
  readonly timeMs: number;
  /** Only strokes of these writers / owners are erased (status is always 'normal'). */
  readonly filter?: Pick<StrokeFilter, 'writers' | 'owners'>;
}

/** An eraser segment and its result. */
export interface ErasePlan {
  readonly edit: InkEdit;
  readonly event: EraseEvent;
}

/** Squared distance from point p to segment ab. */
export function pointSegmentDistanceSq(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** Squared distance between segments ab and cd (0 when they cross). */
export function segmentDistanceSq(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): number {
  const o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  const o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  if (o1 * o2 < 0 && o3 * o4 < 0) return 0;
  // Otherwise the closest pair involves an endpoint (touching and collinear cases included).
  return Math.min(
    pointSegmentDistanceSq(ax, ay, cx, cy, dx, dy),
    pointSegmentDistanceSq(bx, by, cx, cy, dx, dy),
    pointSegmentDistanceSq(cx, cy, ax, ay, bx, by),
    pointSegmentDistanceSq(dx, dy, ax, ay, bx, by),
  );
}

/** The box the eraser segment reaches (its ends' box grown by the radius). */
export function eraserReach(seg: EraserSegment): BoxNu {
  const r = seg.radiusNu;
  return {
    left: Math.min(seg.x0Nu, seg.x1Nu) - r,
    top: Math.min(seg.y0Nu, seg.y1Nu) - r,
    right: Math.max(seg.x0Nu, seg.x1Nu) + r,
    bottom: Math.max(seg.y0Nu, seg.y1Nu) + r,
  };
}

/** True when the eraser segment crosses (comes within its radius of) the stroke's polyline. */
export function eraserCrossesStroke(seg: EraserSegment, stroke: Stroke): boolean {
  const { count, xNu, yNu } = stroke.dots;
  if (count < 2) return false;
  const reach = eraserReach(seg);
  const b = stroke.bbox;
  if (b.left > reach.right || b.right < reach.left || b.top > reach.bottom || b.bottom < reach.top)
    return false;
  const r2 = seg.radiusNu * seg.radiusNu;
  const { x0Nu, y0Nu, x1Nu, y1Nu } = seg;
  let px = xNu[0]!;
  let py = yNu[0]!;
  for (let i = 1; i < count; i++) {
    const qx = xNu[i]!;
    const qy = yNu[i]!;
    // Skip polyline segments wholly outside the reach.
    if (
      !(
        (px < reach.left && qx < reach.left) ||
        (px > reach.right && qx > reach.right) ||
        (py < reach.top && qy < reach.top) ||
        (py > reach.bottom && qy > reach.bottom)
      ) &&
      segmentDistanceSq(px, py, qx, qy, x0Nu, y0Nu, x1Nu, y1Nu) <= r2
    ) {
      return true;
    }
    px = qx;
    py = qy;
  }
  return false;
}

/** Strokes the eraser may act on: visible ink of the allowed writers and owners, ≥ 2 dots. */
export function eraseCandidates(
  store: InkStore,
  page: PageId,
  seg: EraserSegment,
  filter?: Pick<StrokeFilter, 'writers' | 'owners'>,
): Stroke[] {
  const out: Stroke[] = [];
  for (const s of store.strokesInBox(page, eraserReach(seg))) {
    if (!isVisibleInk(s) || s.dots.count < 2) continue;
    if (filter?.writers && !filter.writers.includes(s.writerId)) continue;
    if (filter?.owners && !filter.owners.includes(s.surfaceOwnerId)) continue;
    out.push(s);
  }
  return out;
}

/** Plans a whole-stroke erase; `undefined` when the segment crosses nothing. */
export function planWholeErase(
  store: InkStore,
  page: PageId,
  seg: EraserSegment,
  options: EraseOptions,
): ErasePlan | undefined {
  const replaced: StrokeReplacement[] = [];
  for (const s of eraseCandidates(store, page, seg, options.filter)) {
    if (eraserCrossesStroke(seg, s)) {
      replaced.push({ before: s, after: withStroke(s, { status: 'erased', updatedMs: options.timeMs }) });
    }
  }
  if (replaced.length === 0) return undefined;
  return {
    edit: { added: [], removed: [], replaced },
    event: {
      pageId: page,
      keys: replaced.map((r) => r.before.key),
      byWriter: options.byWriter,
      timeMs: options.timeMs,
      mode: 'whole',
    },
  };
}

/**
 * Erases whole strokes crossed by the segment and returns the erase event (or `undefined`).
 * `apply` defaults to applying the edit to the store; pass the history's `apply` to make it
 * undoable.
 */
export function eraseWhole(
  store: InkStore,
  page: PageId,
  seg: EraserSegment,
  options: EraseOptions & { readonly apply?: (edit: InkEdit) => void },
): EraseEvent | undefined {
  const plan = planWholeErase(store, page, seg, options);
  if (!plan) return undefined;
  (options.apply ?? ((e) => store.applyEdit(e)))(plan.edit);
  return plan.event;
}

/**
 * The edit that reproduces a (remote) erase event on this store: matched by key, so it works
 * on records that are equal but not identical. Keys this store lacks are skipped.
 */
export function editForEraseEvent(store: InkStore, event: EraseEvent): InkEdit {
  if (event.mode === 'whole') {
    const replaced: StrokeReplacement[] = [];
    for (const key of event.keys) {
      const s = store.get(key);
      if (s && s.status === 'normal') {
        replaced.push({ before: s, after: withStroke(s, { status: 'erased', updatedMs: event.timeMs }) });
      }
    }
    return { added: [], removed: [], replaced };
  }
  const removed = event.keys.map((k) => store.get(k)).filter((s): s is Stroke => s !== undefined);
  const pieces = event.pieces ?? [];
  const added = pieces.filter((s) => !store.has(s.key));
  const anchors = event.anchors;
  if (!anchors) return { added, removed, replaced: [] };
  const placeAfter = new Map<string, StrokeKey>();
  pieces.forEach((s, i) => {
    const anchor = anchors[i];
    if (anchor !== undefined) placeAfter.set(s.key, anchor);
  });
  return { added, removed, replaced: [], placeAfter };
}
