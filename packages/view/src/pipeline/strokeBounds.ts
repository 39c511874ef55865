/**
 * Culling: whether a stroke's bounding box (nu) can touch the visible part of the page (pt).
 * The box's four corners go through the page transform (a homography maps a box to a
 * quadrilateral, whose bounding box is tested). No allocation: it runs per stroke per redraw.
 */
import type { BoxNu } from '@dotink/ink';
import type { Homography } from '@dotink/ncode';

/** A rectangle in page pt by its edges. */
export interface EdgesPt {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Margin added around a box, pt: covers the widest line (a 0.2 marker at full pressure ≈ 9.4 pt). */
export const CULL_MARGIN_PT = 12;

/**
 * True unless the box, mapped to pt and grown by `marginPt`, lies wholly outside `visible`.
 * An empty box is not visible; a box that maps to non-finite points counts as visible.
 */
export function boxMayShow(box: BoxNu, m: Homography, visible: EdgesPt, marginPt = CULL_MARGIN_PT): boolean {
  if (!(box.left <= box.right) || !(box.top <= box.bottom)) return false;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < 4; k++) {
    const x = k & 1 ? box.right : box.left;
    const y = k & 2 ? box.bottom : box.top;
    const w = m.g * x + m.h * y + m.i;
    const px = (m.a * x + m.b * y + m.c) / w;
    const py = (m.d * x + m.e * y + m.f) / w;
    if (!Number.isFinite(px) || !Number.isFinite(py)) return true;
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  }
  return (
    maxX + marginPt >= visible.left &&
    minX - marginPt <= visible.right &&
    maxY + marginPt >= visible.top &&
    minY - marginPt <= visible.bottom
  );
}

/** The part of the page (pt) a `widthPx × heightPx` view shows at a viewport. */
export function visiblePagePt(
  viewport: { readonly scale: number; readonly offsetXPx: number; readonly offsetYPx: number },
  widthPx: number,
  heightPx: number,
): EdgesPt {
  return {
    left: -viewport.offsetXPx / viewport.scale,
    top: -viewport.offsetYPx / viewport.scale,
    right: (widthPx - viewport.offsetXPx) / viewport.scale,
    bottom: (heightPx - viewport.offsetYPx) / viewport.scale,
  };
}
