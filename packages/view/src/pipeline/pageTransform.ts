/**
 * Pipeline step 1: page dots (nu) → page coordinates (pt), through the page homography.
 *
 * Ink stays in nu; the page transform travels beside it and is applied only when drawing. The
 * result is one interleaved array `[x0, y0, x1, y1, …]` in pt, made once per stroke (the view
 * caches it per stroke), never per frame.
 */
import type { DotColumns } from '@dotink/ink';
import { type Homography, NU_TO_PT, scaleHomography } from '@dotink/ncode';

/** The identity paper: 6.72 pt per nu, no offset (used when a page has no mapping). */
export const IDENTITY_PAGE_TRANSFORM: Homography = scaleHomography(NU_TO_PT);

/**
 * The first `count` dots mapped nu → pt, interleaved x, y. A dot on the map's line at infinity
 * gives non-finite coordinates; later steps skip those.
 */
export function dotsToPagePt(dots: DotColumns, nuToPt: Homography, count = dots.count): Float64Array {
  const n = Math.max(0, Math.min(count, dots.count));
  const out = new Float64Array(n * 2);
  const { a, b, c, d, e, f, g, h, i } = nuToPt;
  const { xNu, yNu } = dots;
  const affine = g === 0 && h === 0;
  for (let k = 0; k < n; k++) {
    const x = xNu[k]!;
    const y = yNu[k]!;
    const w = affine ? i : g * x + h * y + i;
    out[2 * k] = (a * x + b * y + c) / w;
    out[2 * k + 1] = (d * x + e * y + f) / w;
  }
  return out;
}

/** One point nu → pt (for hover points and single dots). */
export function nuToPagePt(xNu: number, yNu: number, nuToPt: Homography): { x: number; y: number } {
  const w = nuToPt.g * xNu + nuToPt.h * yNu + nuToPt.i;
  return {
    x: (nuToPt.a * xNu + nuToPt.b * yNu + nuToPt.c) / w,
    y: (nuToPt.d * xNu + nuToPt.e * yNu + nuToPt.f) / w,
  };
}
