/**
 * The whole pure pipeline for one stroke, in Node: dots (nu) → pt → page px (the view's scale,
 * no pan offset) → pressure outline. Only {@link ./path2d} and the cache add the DOM.
 */
import type { Stroke } from '@dotink/ink';
import type { Homography } from '@dotink/ncode';
import { diameterAt, strokeOutline } from './outline';
import { dotsToPagePt } from './pageTransform';
import { dotPressures, maxPressureFor } from './pressure';
import { strokeSizePt } from './strokeStyle';
import { pagePtToViewPx } from './viewTransform';

/** What a stroke outline needs of a stroke (a completed or a live stroke). */
export type OutlinedStroke = Pick<Stroke, 'dots' | 'inputType' | 'brushType' | 'thickness'>;

/**
 * The outline of the first `count` dots (all by default) at `pxPerPt` page px per pt, origin at
 * the page's top-left. Empty for fewer than 3 dots.
 */
export function strokeOutlinePx(
  stroke: OutlinedStroke,
  nuToPt: Homography,
  pxPerPt: number,
  count = stroke.dots.count,
): number[][] {
  const pt = dotsToPagePt(stroke.dots, nuToPt, count);
  const px = pagePtToViewPx(pt, { scale: pxPerPt, offsetXPx: 0, offsetYPx: 0 }, pt);
  const pressures = dotPressures(stroke.dots, maxPressureFor(stroke.inputType), count);
  return strokeOutline(px, pressures, strokeSizePt(stroke) * pxPerPt);
}

/**
 * The scale outlines are cached at for a view scale: the nearest power of two. Drawing at the
 * view scale applies the small rest (× 0.71 … 1.41) as a canvas transform, so zooming rebuilds a
 * page's outlines only when it crosses a power of two (at most 5 times over 0.25 … 3).
 */
export function outlineScaleFor(viewScale: number): number {
  if (!(viewScale > 0) || !Number.isFinite(viewScale)) return 1;
  return 2 ** Math.round(Math.log2(viewScale));
}

/** The line width (px) of a live segment at a pressure, for a stroke drawn at `pxPerPt`. */
export function liveSegmentWidthPx(
  stroke: Pick<Stroke, 'brushType' | 'thickness'>,
  pressure: number,
  pxPerPt: number,
): number {
  return diameterAt(strokeSizePt(stroke) * pxPerPt, pressure);
}
