/**
 * The overlay above the layers, in SVG: the grid (4 divisions), the crop rectangle and the laser
 * pointer with its trail. It takes no input.
 */
import type { Homography, PageId } from '@dotink/ncode';
import type { LiveInkFeed } from '../live/liveInkFeed';
import type { RectPt } from '../overlay/crop';
import { gridLinesPt } from '../overlay/grid';
import type { LaserMode } from '../overlay/hoverTrail';
import { type PointXY, ptToPx, type Viewport } from '../pipeline/viewTransform';
import type { Theme } from '../theme/theme';
import type { ViewScheduler } from '../timing/viewScheduler';
import type { Size } from '../viewport/fit';
import { useHoverTrail } from './useHoverTrail';

export interface ViewOverlayProps {
  readonly viewPx: Size;
  readonly pagePt: Size;
  readonly viewport: Viewport;
  readonly grid: boolean;
  readonly crop: RectPt | undefined;
  /** Where the laser pointer's hover points come from (the overlay animates it itself, so the
   * view does not re-render per frame). */
  readonly laser: {
    readonly feed: LiveInkFeed | undefined;
    readonly pageId: PageId | undefined;
    readonly mode: LaserMode | 'off';
    readonly nuToPt: Homography;
    readonly scheduler: ViewScheduler;
  };
  readonly theme: Theme;
}

const LASER_RADIUS_PX = 6;

export function ViewOverlay(props: ViewOverlayProps) {
  const { viewport: vp, pagePt, theme } = props;
  const x0 = vp.offsetXPx;
  const y0 = vp.offsetYPx;
  const w = pagePt.width * vp.scale;
  const h = pagePt.height * vp.scale;
  const lines = props.grid ? gridLinesPt(pagePt) : undefined;
  const crop = props.crop;
  const l = props.laser;
  const hover = useHoverTrail(l.feed, l.pageId, l.mode, l.nuToPt, l.scheduler);
  return (
    <svg
      data-testid="view-overlay"
      width={props.viewPx.width}
      height={props.viewPx.height}
      style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }}
      aria-hidden="true"
    >
      {lines && (
        <g data-testid="view-grid" stroke={theme.colors.grid} strokeWidth={1}>
          {lines.xs.map((x) => (
            <line key={`x${x}`} x1={x0 + x * vp.scale} y1={y0} x2={x0 + x * vp.scale} y2={y0 + h} />
          ))}
          {lines.ys.map((y) => (
            <line key={`y${y}`} x1={x0} y1={y0 + y * vp.scale} x2={x0 + w} y2={y0 + y * vp.scale} />
          ))}
        </g>
      )}
      {crop && (
        <rect
          data-testid="view-crop"
          x={x0 + crop.x * vp.scale}
          y={y0 + crop.y * vp.scale}
          width={crop.width * vp.scale}
          height={crop.height * vp.scale}
          fill="none"
          stroke={theme.colors.crop}
          strokeWidth={2}
          strokeDasharray="6 4"
        />
      )}
      {hover.visible && hover.head && (
        <g data-testid="view-laser" fill={theme.colors.laser}>
          {followers(hover.trail, vp)}
          <circle
            data-testid="view-laser-head"
            cx={ptToPx(hover.head, vp).x}
            cy={ptToPx(hover.head, vp).y}
            r={LASER_RADIUS_PX}
          />
        </g>
      )}
    </svg>
  );
}

/** The trail's circles, fading and shrinking from the head. */
function followers(trail: readonly PointXY[], vp: Viewport) {
  const out = [];
  for (let k = 0; k < trail.length; k++) {
    const q = ptToPx(trail[k]!, vp);
    const f = 1 - (k + 1) / (trail.length + 1);
    out.push(
      <circle
        key={`follower-${k}`}
        cx={q.x}
        cy={q.y}
        r={LASER_RADIUS_PX * (0.4 + 0.6 * f)}
        opacity={0.25 + 0.5 * f}
      />,
    );
  }
  return out;
}
