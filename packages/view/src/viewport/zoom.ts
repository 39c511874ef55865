/**
 * Zoom and pan as pure functions over a {@link Viewport} (engine.md §9): zoom is clamped to
 * 0.25 … 3, a wheel step scales by 0.9985 ^ deltaY around the cursor, and a drag pans.
 */
import type { PointXY, Viewport } from '../pipeline/viewTransform';

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 3;
/** Scale factor per wheel delta unit: `scale × 0.9985 ^ deltaY`. */
export const WHEEL_ZOOM_BASE = 0.9985;

/** `scale` clamped to 0.25 … 3 (a non-finite scale gives 1). */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/**
 * The viewport at a new scale (clamped) that keeps the page point under `anchorPx` (view px)
 * where it is.
 */
export function zoomAround(viewport: Viewport, scale: number, anchorPx: PointXY): Viewport {
  const next = clampZoom(scale);
  const k = next / viewport.scale;
  return {
    scale: next,
    offsetXPx: anchorPx.x - (anchorPx.x - viewport.offsetXPx) * k,
    offsetYPx: anchorPx.y - (anchorPx.y - viewport.offsetYPx) * k,
  };
}

/** The scale after a wheel delta: `scale × 0.9985 ^ deltaY`, clamped. */
export function wheelScale(scale: number, deltaY: number): number {
  return clampZoom(scale * WHEEL_ZOOM_BASE ** deltaY);
}

/** Wheel zoom around the cursor. */
export function wheelZoom(viewport: Viewport, deltaY: number, cursorPx: PointXY): Viewport {
  return zoomAround(viewport, wheelScale(viewport.scale, deltaY), cursorPx);
}

/** The viewport moved by a drag of (dx, dy) view px. */
export function panBy(viewport: Viewport, dxPx: number, dyPx: number): Viewport {
  return { ...viewport, offsetXPx: viewport.offsetXPx + dxPx, offsetYPx: viewport.offsetYPx + dyPx };
}

/**
 * Two-finger pinch and pan: the viewport that, starting from `start` with the fingers at
 * `from`, follows them to `to`. The scale changes by the ratio of finger distances (clamped)
 * and the page point under the fingers' midpoint follows the midpoint.
 */
export function pinchViewport(
  start: Viewport,
  from: readonly [PointXY, PointXY],
  to: readonly [PointXY, PointXY],
): Viewport {
  const d0 = Math.hypot(from[1].x - from[0].x, from[1].y - from[0].y);
  const d1 = Math.hypot(to[1].x - to[0].x, to[1].y - to[0].y);
  const ratio = d0 > 0 && d1 > 0 ? d1 / d0 : 1;
  const scale = clampZoom(start.scale * ratio);
  const m0 = { x: (from[0].x + from[1].x) / 2, y: (from[0].y + from[1].y) / 2 };
  const m1 = { x: (to[0].x + to[1].x) / 2, y: (to[0].y + to[1].y) / 2 };
  // the page point under m0 at the start goes under m1
  const ptX = (m0.x - start.offsetXPx) / start.scale;
  const ptY = (m0.y - start.offsetYPx) / start.scale;
  return { scale, offsetXPx: m1.x - ptX * scale, offsetYPx: m1.y - ptY * scale };
}
