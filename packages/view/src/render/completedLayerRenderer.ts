/**
 * The completed-strokes layer as a cached bitmap. Strokes are filled into an off-screen canvas
 * (the view plus a margin, at one viewport); the visible layer shows that bitmap:
 *
 * - strokes appended to the page (the list only grew) are filled on top, into the bitmap and
 *   the layer, nothing else redrawn;
 * - a pan or zoom draws the bitmap transformed (one `drawImage`), and the paths are filled
 *   again, crisp, at the new viewport once it has not changed for {@link COMPLETED_SETTLE_MS};
 * - anything else (a stroke removed or replaced, new colours, size, page transform) fills the
 *   whole list again (after an erase or an insertion the old bitmap stays shown until that fill
 *   is complete);
 * - a long fill (a 10,000-stroke page whose paths are not built yet) is spread over animation
 *   frames ({@link COMPLETED_CHUNK_BUDGET_MS} of work at first, then
 *   {@link COMPLETED_LATER_CHUNK_BUDGET_MS} per frame), the layer showing what is done so far
 *   (a re-fill after a gesture keeps showing the old bitmap until the new one is complete).
 */
import type { Stroke } from '@dotink/ink';
import type { Homography } from '@dotink/ncode';
import type { LayerDrawInfo } from '../components/viewStats';
import type { StrokePathCache } from '../pipeline/strokePathCache';
import type { WriterColoring } from '../pipeline/strokeStyle';
import type { Viewport } from '../pipeline/viewTransform';
import type { ViewScheduler } from '../timing/viewScheduler';
import type { Size } from '../viewport/fit';
import { type CompletedLayerParams, fillStrokes, type ViewRegion } from './drawCompleted';
import { clearLayer } from './layerSize';

/** Pause after the last viewport change before the paths are filled again at it, ms. */
export const COMPLETED_SETTLE_MS = 150;
/** Work in the first part of a big page's fill (it shows in the frame being made), ms. */
export const COMPLETED_CHUNK_BUDGET_MS = 8;
/** Work per later frame of that fill (about 30 frames/s while it lasts), ms. */
export const COMPLETED_LATER_CHUNK_BUDGET_MS = 24;
/** At most this many strokes filled per frame (the canvas rasterizes them later, unmeasured). */
export const COMPLETED_CHUNK_STROKES = 2500;
/** The bitmap reaches this fraction of the view past each edge (what a pan shows at once). */
export const COMPLETED_MARGIN = 0.25;

/** What the layer shows. */
export interface CompletedLayerState {
  readonly strokes: readonly Stroke[];
  readonly viewport: Viewport;
  readonly viewPx: Size;
  /** The page size in pt (the bitmap covers no more than the page). */
  readonly pagePt: Size;
  readonly devicePixelRatio: number;
  readonly nuToPt: Homography;
  readonly cache: StrokePathCache;
  readonly coloring: WriterColoring;
  readonly colorOf?: (s: Stroke) => number;
  /**
   * A change fills the layer afresh even for the same strokes (e.g. a replay that ended draws
   * its last frame whole, as a still page is drawn, not as the appends it was built from).
   */
  readonly fillKey?: string | number;
}

interface Bitmap {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  readonly state: CompletedLayerState;
  readonly region: ViewRegion;
  /** Strokes filled into it so far (the list is `state.strokes`, possibly grown since). */
  strokes: readonly Stroke[];
  next: number;
}

/** True when `now` is `before` with strokes added at the end (same records, same order). */
export function isAppend(before: readonly Stroke[], now: readonly Stroke[]): boolean {
  if (now.length < before.length) return false;
  for (let i = before.length - 1; i >= 0; i--) if (before[i] !== now[i]) return false;
  return true;
}

function sameLook(a: CompletedLayerState, b: CompletedLayerState): boolean {
  return (
    a.nuToPt === b.nuToPt &&
    a.cache === b.cache &&
    a.devicePixelRatio === b.devicePixelRatio &&
    a.viewPx.width === b.viewPx.width &&
    a.viewPx.height === b.viewPx.height &&
    a.pagePt.width === b.pagePt.width &&
    a.pagePt.height === b.pagePt.height &&
    a.coloring.selfWriterId === b.coloring.selfWriterId &&
    a.coloring.otherWriterArgb === b.coloring.otherWriterArgb &&
    a.colorOf === b.colorOf &&
    a.fillKey === b.fillKey
  );
}

function sameViewport(a: Viewport, b: Viewport): boolean {
  return a.scale === b.scale && a.offsetXPx === b.offsetXPx && a.offsetYPx === b.offsetYPx;
}

/** The view plus its margin, cut to the page, at a viewport (CSS px, whole device pixels). */
export function bitmapRegion(s: CompletedLayerState): ViewRegion {
  const { viewport: vp, viewPx, pagePt } = s;
  const mx = viewPx.width * COMPLETED_MARGIN;
  const my = viewPx.height * COMPLETED_MARGIN;
  const x0 = Math.max(-mx, vp.offsetXPx);
  const y0 = Math.max(-my, vp.offsetYPx);
  const x1 = Math.min(viewPx.width + mx, vp.offsetXPx + pagePt.width * vp.scale);
  const y1 = Math.min(viewPx.height + my, vp.offsetYPx + pagePt.height * vp.scale);
  const dpr = s.devicePixelRatio;
  const x = Math.floor(x0 * dpr) / dpr;
  const y = Math.floor(y0 * dpr) / dpr;
  return {
    x,
    y,
    width: Math.max(0, Math.ceil((x1 - x) * dpr) / dpr),
    height: Math.max(0, Math.ceil((y1 - y) * dpr) / dpr),
  };
}

/** Draws one page's completed strokes onto a layer canvas. */
export class CompletedLayerRenderer {
  /** The complete bitmap shown (undefined before the first fill completes). */
  private front: Bitmap | undefined;
  /** The bitmap being filled. */
  private back: Bitmap | undefined;
  private latest: CompletedLayerState | undefined;
  private cancelFrame: (() => void) | undefined;
  private cancelSettle: (() => void) | undefined;
  /** What the layer canvas shows: the front bitmap untransformed (appends can go straight on). */
  private showsFrontAsIs = false;

  constructor(
    private readonly layer: CanvasRenderingContext2D,
    private readonly scheduler: ViewScheduler,
    private readonly onDraw: (info: LayerDrawInfo) => void,
    private readonly createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
  ) {}

  /** Shows `s`: appends, moves the bitmap, or fills again, as little as it can. */
  update(s: CompletedLayerState): void {
    this.latest = s;
    const front = this.front;
    const back = this.back;
    const frontOk = front !== undefined && sameLook(front.state, s) && isAppend(front.strokes, s.strokes);
    const backOk = back !== undefined && sameLook(back.state, s) && isAppend(back.strokes, s.strokes);
    if (!frontOk && !backOk) {
      // something else than an append: fill again (a stale bitmap of the same strokes, e.g.
      // before an erase, stays shown until the new one is complete)
      this.keepIfStale(s);
      this.startFill(s);
      if (this.back && this.front && !sameViewport(this.front.state.viewport, s.viewport)) {
        this.present(this.front, s.viewport, 0);
      }
      return;
    }
    if (back && backOk) back.strokes = s.strokes;
    if (!frontOk) {
      this.keepIfStale(s);
      const shown = this.front ?? back;
      if (shown && !sameViewport(shown.state.viewport, s.viewport)) this.present(shown, s.viewport, 0);
      return;
    }
    if (back && !backOk) this.dropBack();
    const f = front!;
    const from = f.next;
    f.strokes = s.strokes;
    const params = this.paramsOf(f.state, s.strokes);
    const added = fillStrokes(f.ctx, params, f.region, from, Number.POSITIVE_INFINITY, () => false);
    f.next = added.next;
    if (sameViewport(f.state.viewport, s.viewport)) {
      if (this.showsFrontAsIs) {
        if (added.next > from) {
          fillStrokes(
            this.layer,
            params,
            { x: 0, y: 0, ...s.viewPx },
            from,
            Number.POSITIVE_INFINITY,
            () => false,
          );
          this.onDraw({ layer: 'completed', count: added.filled, full: false });
        }
      } else this.present(f, s.viewport, added.filled);
      if (this.back && sameViewport(this.back.state.viewport, s.viewport)) this.dropBack();
      if (!this.back) this.cancelSettleTimer();
      return;
    }
    // a pan or zoom: the bitmap, moved; the crisp fill once the gesture settles
    this.present(f, s.viewport, added.filled);
    this.dropBack();
    this.cancelSettleTimer();
    this.cancelSettle = this.scheduler.after(COMPLETED_SETTLE_MS, () => {
      this.cancelSettle = undefined;
      if (this.latest) this.startFill(this.latest);
    });
  }

  /**
   * Keeps the front bitmap (shown until the fill under way completes) only if it has the same
   * look and shares strokes with `s` (an erase, an insertion: not another page's strokes).
   */
  private keepIfStale(s: CompletedLayerState): void {
    const f = this.front;
    if (!f) return;
    const a = f.strokes;
    const b = s.strokes;
    const shares = a.length > 0 && b.length > 0 && (b.includes(a[0]!) || b.includes(a[a.length - 1]!));
    if (!shares || !sameLook(f.state, s)) this.front = undefined;
    else this.showsFrontAsIs = false;
  }

  /** Stops pending frames and timers. */
  dispose(): void {
    this.dropBack();
    this.cancelSettleTimer();
    this.front = undefined;
  }

  private cancelSettleTimer(): void {
    this.cancelSettle?.();
    this.cancelSettle = undefined;
  }

  private dropBack(): void {
    this.cancelFrame?.();
    this.cancelFrame = undefined;
    this.back = undefined;
  }

  private paramsOf(s: CompletedLayerState, strokes: readonly Stroke[]): CompletedLayerParams {
    return {
      strokes,
      viewport: s.viewport,
      devicePixelRatio: s.devicePixelRatio,
      nuToPt: s.nuToPt,
      cache: s.cache,
      coloring: s.coloring,
      colorOf: s.colorOf,
    };
  }

  /** Starts filling a new bitmap at `s`'s viewport; the first chunk now, the rest in frames. */
  private startFill(s: CompletedLayerState): void {
    this.dropBack();
    this.cancelSettleTimer();
    const region = bitmapRegion(s);
    const dpr = s.devicePixelRatio;
    const canvas = this.createCanvas();
    canvas.width = Math.round(region.width * dpr);
    canvas.height = Math.round(region.height * dpr);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    this.back = { canvas, ctx, state: s, region, strokes: s.strokes, next: 0 };
    this.fillChunk();
  }

  private fillChunk(): void {
    this.cancelFrame = undefined;
    const b = this.back;
    if (!b) return;
    const t0 = this.scheduler.nowMs();
    const budgetMs = b.next === 0 ? COMPLETED_CHUNK_BUDGET_MS : COMPLETED_LATER_CHUNK_BUDGET_MS;
    const done = fillStrokes(
      b.ctx,
      this.paramsOf(b.state, b.strokes),
      b.region,
      b.next,
      COMPLETED_CHUNK_STROKES,
      () => this.scheduler.nowMs() - t0 >= budgetMs,
    );
    b.next = done.next;
    const vp = this.latest?.viewport ?? b.state.viewport;
    if (b.next < b.strokes.length) {
      // not done: show the part filled while nothing complete is shown, go on next frame
      if (!this.front) this.present(b, vp, done.filled);
      this.cancelFrame = this.scheduler.frame(() => this.fillChunk());
      return;
    }
    this.back = undefined;
    this.front = b;
    this.present(b, vp, done.filled);
    if (!sameViewport(b.state.viewport, vp) && !this.cancelSettle && this.latest) {
      const latest = this.latest;
      this.cancelSettle = this.scheduler.after(COMPLETED_SETTLE_MS, () => {
        this.cancelSettle = undefined;
        this.startFill(this.latest ?? latest);
      });
    }
  }

  /** Clears the layer and draws bitmap `b` as the viewport `vp` shows it. */
  private present(b: Bitmap, vp: Viewport, filled: number): void {
    const ctx = this.layer;
    clearLayer(ctx);
    const at = b.state.viewport;
    const dpr = b.state.devicePixelRatio;
    const r = vp.scale / at.scale;
    const asIs = sameViewport(at, vp);
    ctx.imageSmoothingEnabled = !asIs;
    ctx.setTransform(
      r,
      0,
      0,
      r,
      ((b.region.x - at.offsetXPx) * r + vp.offsetXPx) * dpr,
      ((b.region.y - at.offsetYPx) * r + vp.offsetYPx) * dpr,
    );
    if (b.canvas.width > 0 && b.canvas.height > 0) ctx.drawImage(b.canvas, 0, 0);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.showsFrontAsIs = asIs && b === this.front;
    this.onDraw({ layer: 'completed', count: filled, full: true, bitmap: b.next });
  }
}
