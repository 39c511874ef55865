/**
 * Crop mode: a rectangle on the page, in pt, always clamped to the page bounds (engine.md §5).
 */
import type { PointXY } from '../pipeline/viewTransform';
import type { Size } from '../viewport/fit';

/** A rectangle in page pt (x, y of the top-left corner). */
export interface RectPt {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const clamp = (v: number, lo: number, hi: number) =>
  Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo;

/**
 * `rect` normalised (a negative width or height flips it) and clamped to the page
 * `0 … width × 0 … height`; what lies outside the page is cut off.
 */
export function clampCropRect(rect: RectPt, pagePt: Size): RectPt {
  const x0 = rect.width < 0 ? rect.x + rect.width : rect.x;
  const y0 = rect.height < 0 ? rect.y + rect.height : rect.y;
  const x1 = x0 + Math.abs(rect.width);
  const y1 = y0 + Math.abs(rect.height);
  const w = Math.max(0, pagePt.width);
  const h = Math.max(0, pagePt.height);
  const left = clamp(x0, 0, w);
  const top = clamp(y0, 0, h);
  const right = clamp(x1, 0, w);
  const bottom = clamp(y1, 0, h);
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** The crop rectangle spanned by a drag from `a` to `b` (pt), clamped to the page. */
export function cropFromDrag(a: PointXY, b: PointXY, pagePt: Size): RectPt {
  return clampCropRect({ x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y }, pagePt);
}
