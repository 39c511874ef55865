/**
 * The live ink feed: a stroke builder listener that fans live strokes and hover points out to
 * the page views showing their page. A view subscribes per page and hears only that page's
 * strokes; the dots event says which dots are new, so the view draws only those segments.
 *
 * Wiring (the board app): the builder's listener is `fanOutBuilderListener(feed, storeWriter)`,
 * where the store writer adds completed strokes to the ink store. The feed forgets a live stroke
 * when it completes (`ended`); the completed layer shows it from the store.
 */
import type {
  HoverPoint,
  LiveStroke,
  Stroke,
  StrokeBuilderListener,
  StrokeKey,
  StrokeRole,
} from '@dotink/ink';
import { type PageId, pageId } from '@dotink/ncode';

/** What a page view hears about its page. */
export interface LivePageListener {
  /** Dots `fromIndex` … `live.dots.count − 1` of a live stroke on the page are new. */
  dots?(live: LiveStroke, fromIndex: number): void;
  /** A live stroke on the page ended (completed, or abandoned). */
  ended?(key: StrokeKey): void;
  /** A pen hovers over the page. */
  hover?(point: HoverPoint): void;
}

/** What a view hears about every page (to follow the pen to another page). */
export interface LiveAnyListener {
  started?(live: LiveStroke): void;
  hover?(point: HoverPoint): void;
}

/** The feed. Its builder callbacks are bound: pass the feed itself as a builder listener. */
export class LiveInkFeed implements StrokeBuilderListener {
  private readonly pages = new Map<PageId, Set<LivePageListener>>();
  private readonly any = new Set<LiveAnyListener>();
  private readonly live = new Map<StrokeKey, LiveStroke>();

  /** Subscribes to one page. Returns the unsubscribe function. */
  subscribePage(page: PageId, listener: LivePageListener): () => void {
    let set = this.pages.get(page);
    if (!set) {
      set = new Set();
      this.pages.set(page, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.pages.get(page) === set) this.pages.delete(page);
    };
  }

  /** Subscribes to every page's stroke starts and hover points. */
  subscribeAll(listener: LiveAnyListener): () => void {
    this.any.add(listener);
    return () => {
      this.any.delete(listener);
    };
  }

  /** The live strokes on a page now (for a view that mounts mid-stroke). */
  liveOnPage(page: PageId): LiveStroke[] {
    const out: LiveStroke[] = [];
    for (const l of this.live.values()) if (l.pageId === page) out.push(l);
    return out;
  }

  readonly strokeStarted = (live: LiveStroke): void => {
    this.live.set(live.key, live);
    for (const l of [...this.any]) l.started?.(live);
  };

  readonly strokeDots = (live: LiveStroke, fromIndex: number): void => {
    if (!this.live.has(live.key)) this.live.set(live.key, live);
    const set = this.pages.get(live.pageId);
    if (set) for (const l of [...set]) l.dots?.(live, fromIndex);
  };

  readonly strokeCompleted = (stroke: Stroke, _role: StrokeRole): void => {
    this.end(stroke.key, pageId(stroke.page));
  };

  /** A cancelled stroke (a touch that became a pinch): its live ink goes away. */
  readonly strokeCancelled = (live: LiveStroke): void => {
    this.abandon(live.key);
  };

  readonly hover = (point: HoverPoint): void => {
    for (const l of [...this.any]) l.hover?.(point);
    if (!point.page) return;
    const set = this.pages.get(pageId(point.page));
    if (set) for (const l of [...set]) l.hover?.(point);
  };

  /** A live stroke ended without completing (e.g. the remote pen went away). */
  abandon(key: StrokeKey): void {
    const l = this.live.get(key);
    if (l) this.end(key, l.pageId);
  }

  private end(key: StrokeKey, page: PageId): void {
    const l = this.live.get(key);
    this.live.delete(key);
    const set = this.pages.get(l?.pageId ?? page);
    if (set) for (const x of [...set]) x.ended?.(key);
  }
}

/** A new live ink feed. */
export function createLiveInkFeed(): LiveInkFeed {
  return new LiveInkFeed();
}

/** One builder listener that calls each of `listeners` in order. */
export function fanOutBuilderListener(...listeners: readonly StrokeBuilderListener[]): StrokeBuilderListener {
  return {
    strokeStarted: (live) => {
      for (const l of listeners) l.strokeStarted?.(live);
    },
    strokeDots: (live, from) => {
      for (const l of listeners) l.strokeDots?.(live, from);
    },
    strokeCompleted: (stroke, role) => {
      for (const l of listeners) l.strokeCompleted?.(stroke, role);
    },
    strokeCancelled: (live) => {
      for (const l of listeners) l.strokeCancelled?.(live);
    },
    hover: (p) => {
      for (const l of listeners) l.hover?.(p);
    },
    hoverPage: (pen, page, t) => {
      for (const l of listeners) l.hoverPage?.(pen, page, t);
    },
    pageFault: (f) => {
      for (const l of listeners) l.pageFault?.(f);
    },
  };
}
