/**
 * Pipeline step 3: view points and pressures → the pressure outline (a closed polygon), with
 * perfect-freehand on real pressure (`simulatePressure: false`).
 *
 * Strokes with fewer than 3 dots draw nothing (engine.md §5), so they have an empty outline.
 * Non-finite points (a dot the page transform sent to infinity) are skipped.
 */
import { MIN_DRAWN_DOTS } from '@dotink/ink';
import { getStroke, type StrokeOptions } from 'perfect-freehand';

/** How pressure thins the line: diameter = size × (1 − t + 2·t·pressure), t = 0.5. */
export const OUTLINE_THINNING = 0.5;

/** The outline options of a stroke of base diameter `sizePx` (the diameter at pressure 0.5). */
export function outlineOptions(sizePx: number): StrokeOptions {
  return {
    size: sizePx,
    thinning: OUTLINE_THINNING,
    smoothing: 0.5,
    streamline: 0.3,
    simulatePressure: false,
    last: true,
    start: { cap: true, taper: false },
    end: { cap: true, taper: false },
  };
}

/**
 * The outline polygon `[[x, y], …]` of interleaved points `[x0, y0, …]` with one pressure per
 * point, or `[]` for fewer than 3 (finite) points.
 */
export function strokeOutline(
  pointsPx: Float64Array,
  pressures: ArrayLike<number>,
  sizePx: number,
): number[][] {
  const n = Math.min(pointsPx.length >> 1, pressures.length);
  if (n < MIN_DRAWN_DOTS || !(sizePx > 0)) return [];
  const input: number[][] = [];
  for (let k = 0; k < n; k++) {
    const x = pointsPx[2 * k]!;
    const y = pointsPx[2 * k + 1]!;
    if (Number.isFinite(x) && Number.isFinite(y)) input.push([x, y, pressures[k]!]);
  }
  if (input.length < MIN_DRAWN_DOTS) return [];
  return getStroke(input, outlineOptions(sizePx));
}

/** The diameter drawn at a pressure, for a base size (matches perfect-freehand's radius rule). */
export function diameterAt(sizePx: number, pressure: number): number {
  const p = Math.min(1, Math.max(0, pressure));
  return Math.max(0.01, sizePx * (1 - OUTLINE_THINNING + 2 * OUTLINE_THINNING * p));
}
