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
  const { viewport: vp, devicePixelRatio: dpr } = p;
  const outlineScale = outlineScaleFor(vp.scale);
  const k = (vp.scale / outlineScale) * dpr;
  ctx.setTransform(k, 0, 0, k, vp.offsetXPx * dpr, vp.offsetYPx * dpr);
  const visible = visiblePagePt(vp, ctx.canvas.width / dpr, ctx.canvas.height / dpr);
  let drawn = 0;
  let lastAlpha = -1;
  for (const s of p.strokes) {
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
    drawn++;
  }
  ctx.globalAlpha = 1;
  return drawn;
}
