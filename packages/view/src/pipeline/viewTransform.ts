/**
 * Pipeline step 2: page coordinates (pt) → view coordinates (px at the view's scale).
 *
 * A {@link Viewport} places the page on the view: `px = pt × scale + offset`. Scale is CSS
 * pixels per pt (scale 1 is "actual size": one pt per CSS pixel, as pdf.js renders at scale 1).
 */

/** Where the page sits on the view: `xPx = xPt × scale + offsetXPx`. */
export interface Viewport {
  /** CSS px per pt. */
  readonly scale: number;
  readonly offsetXPx: number;
  readonly offsetYPx: number;
}

/** A point in some plane (the caller knows which). */
export interface PointXY {
  readonly x: number;
  readonly y: number;
}

/** Scale 1 at the origin. */
export const IDENTITY_VIEWPORT: Viewport = Object.freeze({ scale: 1, offsetXPx: 0, offsetYPx: 0 });

/**
 * Interleaved pt → interleaved px. `out` may be the input (in place) or a new array. An offset of
 * 0 gives "page px": the page at the view's scale, before panning (what the stroke cache keeps).
 */
export function pagePtToViewPx(
  pointsPt: Float64Array,
  viewport: Viewport,
  out: Float64Array = new Float64Array(pointsPt.length),
): Float64Array {
  const { scale, offsetXPx, offsetYPx } = viewport;
  for (let k = 0; k + 1 < pointsPt.length; k += 2) {
    out[k] = pointsPt[k]! * scale + offsetXPx;
    out[k + 1] = pointsPt[k + 1]! * scale + offsetYPx;
  }
  return out;
}

/** One point pt → px. */
export function ptToPx(p: PointXY, viewport: Viewport): PointXY {
  return { x: p.x * viewport.scale + viewport.offsetXPx, y: p.y * viewport.scale + viewport.offsetYPx };
}

/** One point px → pt (the inverse of {@link ptToPx}). */
export function pxToPt(p: PointXY, viewport: Viewport): PointXY {
  return { x: (p.x - viewport.offsetXPx) / viewport.scale, y: (p.y - viewport.offsetYPx) / viewport.scale };
}

/** True when two viewports place the page identically. */
export function sameViewport(a: Viewport, b: Viewport): boolean {
  return a.scale === b.scale && a.offsetXPx === b.offsetXPx && a.offsetYPx === b.offsetYPx;
}
