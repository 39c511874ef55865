/**
 * Erasing while the eraser moves: follows live eraser strokes from the stroke builder, erases
 * along each new segment at once (whole-stroke or partial), and hands the eraser stroke's
 * combined edit to `record` (e.g. the history) when it completes, so one undo undoes one eraser
 * stroke.
 */
import { type PageId, pageId } from '@dotink/ncode';
import { type EraseEvent, type EraseOptions, type EraserSegment, planWholeErase } from './eraser';
import { composeEdits, type InkEdit, isEmptyEdit } from './inkEdit';
import type { InkStore, StrokeFilter } from './inkStore';
import { type LiveStroke, strokeRole } from './liveStroke';
import { planPartialErase } from './partialEraser';
import type { KeySource } from './strokeKeys';
import type { DotColumns, Stroke } from './types';

/** Default eraser reach either side of its path, nu (≈ 2.4 mm). */
export const DEFAULT_ERASER_RADIUS_NU = 1;

export interface LiveEraserOptions {
  readonly store: InkStore;
  /** `'whole'` marks crossed strokes erased; `'partial'` cuts them (needs `keys`). */
  readonly mode: 'whole' | 'partial';
  readonly radiusNu?: number;
  /** New keys for the pieces of partially erased strokes. */
  readonly keys?: KeySource;
  /** Which strokes may be erased. */
  readonly filter?: Pick<StrokeFilter, 'writers' | 'owners'>;
  /** Applies each segment's edit; default `store.applyEdit`. */
  readonly apply?: (edit: InkEdit) => void;
  /** Receives the eraser stroke's combined (already applied) edit when it completes. */
  readonly record?: (edit: InkEdit, byWriter: string) => void;
  /** Every erase, for broadcast to remote parties. */
  readonly onErase?: (event: EraseEvent) => void;
}

/** Follows eraser strokes; feed it the builder's `strokeDots` and `strokeCompleted`. */
export class LiveEraser {
  private readonly pending = new Map<string, InkEdit[]>();
  private readonly radiusNu: number;

  constructor(private readonly options: LiveEraserOptions) {
    this.radiusNu = options.radiusNu ?? DEFAULT_ERASER_RADIUS_NU;
    if (options.mode === 'partial' && !options.keys) throw new Error('the partial eraser needs a key source');
  }

  /** New dots of a live stroke; strokes that are not eraser strokes are ignored. */
  dots(live: LiveStroke, fromIndex: number): void {
    if (live.role !== 'eraser') return;
    const d = live.dots;
    for (let j = Math.max(1, fromIndex); j < d.count; j++)
      this.segment(live.key, live.pageId, live.writerId, d, j - 1, j);
  }

  /**
   * An eraser stroke completed: a single-dot stroke (a tap) erases at its dot. Returns the
   * stroke's combined edit, also given to `record`; `undefined` if it erased nothing.
   */
  completed(stroke: Stroke): InkEdit | undefined {
    if (strokeRole(stroke) !== 'eraser') return undefined;
    if (stroke.dots.count === 1 && !this.pending.has(stroke.key)) {
      this.segment(stroke.key, pageId(stroke.page), stroke.writerId, stroke.dots, 0, 0);
    }
    const edits = this.pending.get(stroke.key);
    this.pending.delete(stroke.key);
    if (!edits) return undefined;
    const edit = composeEdits(edits);
    if (isEmptyEdit(edit)) return undefined;
    this.options.record?.(edit, stroke.writerId);
    return edit;
  }

  private segment(key: string, page: PageId, byWriter: string, d: DotColumns, i: number, j: number): void {
    const seg: EraserSegment = {
      x0Nu: d.xNu[i]!,
      y0Nu: d.yNu[i]!,
      x1Nu: d.xNu[j]!,
      y1Nu: d.yNu[j]!,
      radiusNu: this.radiusNu,
    };
    const o = this.options;
    const erase: EraseOptions = { byWriter, timeMs: d.timeMs[j]!, filter: o.filter };
    const plan =
      o.mode === 'whole'
        ? planWholeErase(o.store, page, seg, erase)
        : planPartialErase(o.store, page, seg, { ...erase, keys: o.keys! });
    if (!plan) return;
    (o.apply ?? ((e) => o.store.applyEdit(e)))(plan.edit);
    const list = this.pending.get(key);
    if (list) list.push(plan.edit);
    else this.pending.set(key, [plan.edit]);
    o.onErase?.(plan.event);
  }
}
