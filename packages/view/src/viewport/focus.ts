/**
 * Auto focus: when the pen writes outside what the view shows, the view pans (scale unchanged)
 * just enough to bring the point back inside, `marginPx` from the edge.
 */
import type { PointXY, Viewport } from '../pipeline/viewTransform';
import type { Size } from './fit';

/** Default distance kept between a followed point and the view's edge, px. */
export const AUTO_FOCUS_MARGIN_PX = 48;

/** The viewport panned so that `pointPx` (view px) lies inside the view less the margin. */
export function focusOn(
  viewport: Viewport,
  pointPx: PointXY,
  viewPx: Size,
  marginPx = AUTO_FOCUS_MARGIN_PX,
): Viewport {
  const mx = Math.min(marginPx, viewPx.width / 2);
  const my = Math.min(marginPx, viewPx.height / 2);
  let dx = 0;
  let dy = 0;
  if (pointPx.x < mx) dx = mx - pointPx.x;
  else if (pointPx.x > viewPx.width - mx) dx = viewPx.width - mx - pointPx.x;
  if (pointPx.y < my) dy = my - pointPx.y;
  else if (pointPx.y > viewPx.height - my) dy = viewPx.height - my - pointPx.y;
  if (dx === 0 && dy === 0) return viewport;
  return { ...viewport, offsetXPx: viewport.offsetXPx + dx, offsetYPx: viewport.offsetYPx + dy };
}
