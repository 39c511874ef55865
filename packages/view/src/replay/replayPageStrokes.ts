/**
 * What a replay shows on one page at a frame: the page's complete strokes (a prefix of its
 * strokes in replay order) and its partly shown ones. The selector keeps the last list per page
 * and returns the same array while no stroke of the page completes, so the completed layer is
 * redrawn only when a stroke finishes — not on every 20 ms tick.
 */
import type { ReplayFrame, ReplayModel, Stroke } from '@dotink/ink';
import { type PageId, pageId } from '@dotink/ncode';

export interface ReplayPageStrokes {
  /** Whole strokes of the page, in replay order. */
  readonly complete: readonly Stroke[];
  /** Partly shown strokes of the page with their shown dot counts. */
  readonly partials: readonly (readonly [Stroke, number])[];
}

/** Strokes of a model by page: their indices in the model's order. */
export function replayIndicesByPage(model: ReplayModel): Map<PageId, number[]> {
  const out = new Map<PageId, number[]>();
  model.strokes.forEach((s, i) => {
    const id = pageId(s.page);
    let list = out.get(id);
    if (!list) {
      list = [];
      out.set(id, list);
    }
    list.push(i);
  });
  return out;
}

const NONE: readonly Stroke[] = Object.freeze([]);
const NO_PARTIALS: readonly (readonly [Stroke, number])[] = Object.freeze([]);

/** A memoising selector of {@link ReplayPageStrokes} for one model. */
export function replayPageSelector(
  model: ReplayModel,
): (page: PageId, frame: ReplayFrame) => ReplayPageStrokes {
  const byPage = replayIndicesByPage(model);
  const lists = new Map<PageId, { count: number; strokes: readonly Stroke[] }>();
  let lastPartials: readonly (readonly [Stroke, number])[] = NO_PARTIALS;
  return (page, frame) => {
    const indices = byPage.get(page) ?? [];
    // complete strokes of the page: indices below the frame's complete count (indices ascend)
    let lo = 0;
    let hi = indices.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (indices[mid]! < frame.completeCount) lo = mid + 1;
      else hi = mid;
    }
    let cached = lists.get(page);
    if (!cached || cached.count !== lo) {
      cached = { count: lo, strokes: lo === 0 ? NONE : indices.slice(0, lo).map((i) => model.strokes[i]!) };
      lists.set(page, cached);
    }
    const partials: (readonly [Stroke, number])[] = [];
    for (const p of frame.partials) {
      const s = model.strokes[p.index]!;
      if (pageId(s.page) === page) partials.push([s, p.dotCount]);
    }
    if (!samePartials(partials, lastPartials)) lastPartials = partials.length ? partials : NO_PARTIALS;
    return { complete: cached.strokes, partials: lastPartials };
  };
}

function samePartials(a: readonly (readonly [Stroke, number])[], b: readonly (readonly [Stroke, number])[]) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]![0] !== b[i]![0] || a[i]![1] !== b[i]![1]) return false;
  return true;
}

/** `m:ss` of a duration in ms (floored to whole seconds). */
export function formatReplayTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
