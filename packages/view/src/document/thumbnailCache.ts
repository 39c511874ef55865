/**
 * Page thumbnails (engine.md §9): rendered 200 ms after they are asked for (a list scrolled past
 * renders nothing), at 1.5 × the shown size for sharpness, and kept for at most 3 sizes: asking
 * for a fourth size drops every thumbnail of the size used longest ago. Thumbnails under 250 px
 * wide are "small".
 */
import type { ViewScheduler } from '../timing/viewScheduler';
import type { PageImageSource } from './pageImageSource';
import { ptSize, renderPixelSize } from './renderScale';

export const THUMBNAIL_DELAY_MS = 200;
export const THUMBNAIL_SCALE = 1.5;
export const THUMBNAIL_MAX_SIZES = 3;
/** Thumbnails narrower than this are small. */
export const SMALL_THUMBNAIL_WIDTH_PX = 250;

/** True for a small thumbnail width. */
export function isSmallThumbnail(widthPx: number): boolean {
  return widthPx < SMALL_THUMBNAIL_WIDTH_PX;
}

/** The render scale (image px per pt) of a thumbnail shown `widthPx` wide. */
export function thumbnailScale(pageWidthPt: number, widthPx: number): number {
  return pageWidthPt > 0 ? (widthPx / pageWidthPt) * THUMBNAIL_SCALE : THUMBNAIL_SCALE;
}

export interface ThumbnailCacheOptions {
  readonly scheduler: ViewScheduler;
  /** Makes the canvases thumbnails are rendered into. */
  readonly createCanvas: () => HTMLCanvasElement;
  readonly delayMs?: number;
  readonly maxSizes?: number;
}

interface Pending {
  readonly waiters: Set<(c: HTMLCanvasElement) => void>;
  cancelTimer: (() => void) | undefined;
  readonly abort: AbortController;
}

/** Rendered thumbnails by size (shown width, px) and page image key. */
export class ThumbnailCache {
  private readonly bySize = new Map<number, Map<string, HTMLCanvasElement>>();
  private readonly pending = new Map<string, Pending>();
  private readonly delayMs: number;
  private readonly maxSizes: number;

  constructor(private readonly options: ThumbnailCacheOptions) {
    this.delayMs = options.delayMs ?? THUMBNAIL_DELAY_MS;
    this.maxSizes = options.maxSizes ?? THUMBNAIL_MAX_SIZES;
  }

  /** The cached thumbnail, if rendered. */
  get(key: string, widthPx: number): HTMLCanvasElement | undefined {
    return this.bySize.get(Math.round(widthPx))?.get(key);
  }

  /** The sizes kept, least recently used first. */
  sizes(): number[] {
    return [...this.bySize.keys()];
  }

  /**
   * Asks for a thumbnail. A cached one is handed over at once; otherwise it renders after the
   * delay. Returns a cancel function (the render is dropped when nobody waits for it any more).
   */
  request(
    source: PageImageSource,
    widthPx: number,
    onReady: (canvas: HTMLCanvasElement) => void,
  ): () => void {
    const size = Math.round(widthPx);
    const cached = this.bySize.get(size)?.get(source.key);
    if (cached) {
      this.touch(size);
      onReady(cached);
      return () => {};
    }
    const id = `${size}\u0000${source.key}`;
    let p = this.pending.get(id);
    if (!p) {
      const created: Pending = { waiters: new Set(), cancelTimer: undefined, abort: new AbortController() };
      created.cancelTimer = this.options.scheduler.after(this.delayMs, () => {
        created.cancelTimer = undefined;
        void this.render(id, created, source, size);
      });
      this.pending.set(id, created);
      p = created;
    }
    const pending = p;
    pending.waiters.add(onReady);
    return () => {
      pending.waiters.delete(onReady);
      if (pending.waiters.size === 0 && this.pending.get(id) === pending) {
        pending.cancelTimer?.();
        pending.abort.abort();
        this.pending.delete(id);
      }
    };
  }

  private async render(id: string, p: Pending, source: PageImageSource, size: number): Promise<void> {
    const scale = thumbnailScale(source.sizePt.widthPt, size);
    const canvas = this.options.createCanvas();
    const px = renderPixelSize(ptSize(source.sizePt), scale);
    canvas.width = px.width;
    canvas.height = px.height;
    try {
      await source.render(canvas, scale, p.abort.signal);
    } catch {
      if (this.pending.get(id) === p) this.pending.delete(id);
      return;
    }
    if (this.pending.get(id) !== p || p.abort.signal.aborted) return;
    this.pending.delete(id);
    this.store(size, source.key, canvas);
    for (const w of [...p.waiters]) w(canvas);
  }

  private store(size: number, key: string, canvas: HTMLCanvasElement): void {
    let m = this.bySize.get(size);
    if (!m) {
      m = new Map();
      this.bySize.set(size, m);
      while (this.bySize.size > this.maxSizes) {
        const oldest = this.bySize.keys().next().value as number;
        this.bySize.delete(oldest);
      }
    } else {
      this.touch(size);
    }
    m.set(key, canvas);
  }

  /** Marks a size as used now (moves it to the end of the LRU order). */
  private touch(size: number): void {
    const m = this.bySize.get(size);
    if (!m) return;
    this.bySize.delete(size);
    this.bySize.set(size, m);
  }
}
