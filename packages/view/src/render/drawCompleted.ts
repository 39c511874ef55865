/**
 * The completed-strokes layer renderer: a plain function over (strokes, viewport, cache, canvas).
 * It owns nothing: paths come from the per-stroke cache passed in, so a redraw after a pan or a
 * new stroke builds at most the new stroke's path.
 */
import type { Stroke } from '@dotink/ink';
import type { Homography } from '@dotink/ncode';
import { boxMayShow, visiblePagePt } from '../pipeline/strokeBounds';
import { outlineScaleFor } from '../pipeline/strokeOutline';
import type { StrokePathCache } from '../pipeline/strokePathCache';
import { drawsStroke, strokeColorArgb, viewOpacity, type WriterColoring } from '../pipeline/strokeStyle';
import type { Viewport } from '../pipeline/viewTransform';
import { clearLayer } from './layerSize';
import { cssColorCached } from './strokeColors';

export interface CompletedLayerParams {
  readonly strokes: readonly Stroke[];
  readonly viewport: Viewport;
  readonly devicePixelRatio: number;
  readonly nuToPt: Homography;
  readonly cache: StrokePathCache;
  readonly coloring?: WriterColoring;
  /** Overrides the colour (ARGB) of each stroke (e.g. a replay colour mode). */
  readonly colorOf?: (s: Stroke) => number;
}

/**
 * Clears the layer and draws the strokes in order, skipping those wholly off the view (their
 * paths are not even built). Returns how many were filled.
 */
export function drawCompletedLayer(ctx: CanvasRenderingContext2D, p: CompletedLayerParams): number {
  clearLayer(ctx);
  const dpr = p.devicePixelRatio;
  const region = { x: 0, y: 0, width: ctx.canvas.width / dpr, height: ctx.canvas.height / dpr };
  return fillStrokes(ctx, p, region, 0, Number.POSITIVE_INFINITY, () => false).filled;
}

/** A rectangle of the view, CSS px (may reach past the view's edges). */
export interface ViewRegion {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** How far {@link fillStrokes} got. */
export interface FillProgress {
  /** Index of the first stroke not yet looked at. */
  readonly next: number;
  /** Strokes filled. */
  readonly filled: number;
}

/**
 * Fills `p.strokes[from …]` onto a canvas whose pixel (0, 0) is the view point (`region.x`,
 * `region.y`) and which covers `region`, nothing cleared. Stops early (after at least one stroke)
 * when `stop(filled)` says so, for drawing a big page over several frames.
 */
export function fillStrokes(
  ctx: CanvasRenderingContext2D,
  p: CompletedLayerParams,
  region: ViewRegion,
  from: number,
  maxStrokes: number,
  stop: (looked: number) => boolean,
): FillProgress {
  const { viewport: vp, devicePixelRatio: dpr } = p;
  const outlineScale = outlineScaleFor(vp.scale);
  const k = (vp.scale / outlineScale) * dpr;
  ctx.setTransform(k, 0, 0, k, (vp.offsetXPx - region.x) * dpr, (vp.offsetYPx - region.y) * dpr);
  const visible = visiblePagePt(
    { scale: vp.scale, offsetXPx: vp.offsetXPx - region.x, offsetYPx: vp.offsetYPx - region.y },
    region.width,
    region.height,
  );
  let filled = 0;
  let lastAlpha = -1;
  let i = from;
  const end = p.strokes.length;
  let looked = 0;
  for (; i < end; i++) {
    if (looked > 0 && (looked >= maxStrokes || (looked % 16 === 0 && stop(looked)))) break;
    const s = p.strokes[i]!;
    looked++;
    if (!drawsStroke(s) || !boxMayShow(s.bbox, p.nuToPt, visible)) continue;
    const path = p.cache.path(s, p.nuToPt, outlineScale);
    if (!path) continue;
    const alpha = viewOpacity(s);
    if (alpha !== lastAlpha) {
      ctx.globalAlpha = alpha;
      lastAlpha = alpha;
    }
    const argb = p.colorOf ? p.colorOf(s) : strokeColorArgb(s, p.coloring);
    ctx.fillStyle = cssColorCached(argb);
    ctx.fill(path);
    filled++;
  }
  ctx.globalAlpha = 1;
  return { next: i, filled };
}
