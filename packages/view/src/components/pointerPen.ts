/**
 * The mouse/touch/stylus pen of a page view: a `PointerPen` (from `@dotink/pen`) whose positions
 * map through the view (client px → page pt → nu) and whose page is the page the view shows.
 * Pass it as the view's `pointerInput` and add it to the pen manager like any pen.
 */
import { createPointerPen, type PointerPen } from '@dotink/pen';
import type { PageViewHandle } from './PageView';

export interface PageViewPointerPenOptions {
  /** The pen's virtual id (default 'mouse-pen'). */
  readonly penId?: string;
  /** Epoch ms of event timeStamp 0; default `performance.timeOrigin` in a browser. */
  readonly timeOriginMs?: number;
}

/** A pointer pen over the view behind `view()` (e.g. `() => ref.current`). */
export function createPageViewPointerPen(
  view: () => PageViewHandle | null | undefined,
  options: PageViewPointerPenOptions = {},
): PointerPen {
  return createPointerPen({
    penId: options.penId,
    timeOriginMs:
      options.timeOriginMs ?? (typeof performance === 'undefined' ? 0 : (performance.timeOrigin ?? 0)),
    toNu: (x, y) => view()?.clientToNu(x, y),
    page: () => view()?.page(),
  });
}
