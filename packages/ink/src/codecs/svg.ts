/**
 * SVG export of a page's strokes: one `<path>` per drawn stroke, in pt, through the page
 * transform nu → pt. Which strokes draw and their width, colour and opacity follow
 * {@link ./strokeStyle}. Dots with a non-finite position (after the transform) are skipped.
 */
import { type Homography, homographyFromMatrix, NU_TO_PT, type Point2 } from '@dotink/ncode';
import type { Stroke } from '../types';
import {
  cssHexColor,
  escapeXml,
  formatNumber,
  isDrawnStroke,
  MARKER_OPACITY,
  strokeOpacity,
  strokeWidthPt,
} from './strokeStyle';

/**
 * The page transform nu → pt: a {@link Homography} (from @dotink/ncode), its nine coefficients
 * row-major (`x' = (a x + b y + c) / (g x + h y + i)`, …), or a function.
 */
export type NuToPt = Homography | readonly number[] | ((xNu: number, yNu: number) => Point2);

/** 6.72 pt per nu, no offset: the identity paper (ncode-paper.md §5.5). */
export const DEFAULT_NU_TO_PT: readonly number[] = Object.freeze([NU_TO_PT, 0, 0, 0, NU_TO_PT, 0, 0, 0, 1]);

export interface SvgExportOptions {
  /** Page size in pt (the SVG's width, height and view box). */
  readonly widthPt: number;
  readonly heightPt: number;
  /** Defaults to {@link DEFAULT_NU_TO_PT}. */
  readonly nuToPt?: NuToPt;
  /** A CSS colour to fill the page with; none by default (transparent). */
  readonly background?: string;
}

/** The SVG document of `strokes` (drawn in the given order). */
export function exportPageSvg(strokes: readonly Stroke[], options: SvgExportOptions): string {
  const w = formatNumber(options.widthPt);
  const h = formatNumber(options.heightPt);
  const map = pointMapper(options.nuToPt ?? DEFAULT_NU_TO_PT);
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}pt" height="${h}pt" viewBox="0 0 ${w} ${h}">`,
  ];
  if (options.background) {
    lines.push(`<rect width="${w}" height="${h}" fill="${escapeXml(options.background)}"/>`);
  }
  for (const s of strokes) {
    const path = pathElement(s, map);
    if (path) lines.push(path);
  }
  lines.push('</svg>');
  return `${lines.join('\n')}\n`;
}

/** The `<path>` of one stroke, or '' when it does not draw. */
export function strokeSvgPath(s: Stroke, nuToPt: NuToPt = DEFAULT_NU_TO_PT): string {
  return pathElement(s, pointMapper(nuToPt));
}

function pathElement(s: Stroke, map: PointMapper): string {
  if (!isDrawnStroke(s)) return '';
  const d = pathData(s, map);
  if (!d) return '';
  const opacity = strokeOpacity(s);
  const attrs = [
    `d="${d}"`,
    'fill="none"',
    `stroke="${cssHexColor(s.colorArgb)}"`,
    `stroke-width="${formatNumber(strokeWidthPt(s), 3)}"`,
    'stroke-linecap="round"',
    'stroke-linejoin="round"',
  ];
  if (opacity !== 1)
    attrs.push(`stroke-opacity="${opacity === MARKER_OPACITY ? '0.3' : formatNumber(opacity)}"`);
  return `<path ${attrs.join(' ')}/>`;
}

/** Maps a point into `out` ([x, y]); no allocation per dot. */
export type PointMapper = (xNu: number, yNu: number, out: [number, number]) => void;

/** A {@link PointMapper} for a transform. */
export function pointMapper(nuToPt: NuToPt): PointMapper {
  if (typeof nuToPt === 'function') {
    return (x, y, out) => {
      const p = nuToPt(x, y);
      out[0] = p.x;
      out[1] = p.y;
    };
  }
  // Nine coefficients are normalised (and checked) by ncode; the mapper itself allocates nothing.
  const { a, b, c, d, e, f, g, h, i } = isHomography(nuToPt) ? nuToPt : homographyFromMatrix(nuToPt);
  if (g === 0 && h === 0 && i === 1) {
    return (x, y, out) => {
      out[0] = a * x + b * y + c;
      out[1] = d * x + e * y + f;
    };
  }
  return (x, y, out) => {
    const wgt = g * x + h * y + i;
    out[0] = (a * x + b * y + c) / wgt;
    out[1] = (d * x + e * y + f) / wgt;
  };
}

function isHomography(t: Homography | readonly number[]): t is Homography {
  return !Array.isArray(t) && (t as Homography).type === 'homography';
}

function pathData(s: Stroke, map: PointMapper): string {
  const { xNu, yNu, count } = s.dots;
  const p: [number, number] = [0, 0];
  const parts: string[] = [];
  for (let k = 0; k < count; k++) {
    map(xNu[k]!, yNu[k]!, p);
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) continue;
    const xy = `${formatNumber(p[0])} ${formatNumber(p[1])}`;
    parts.push(parts.length === 0 ? `M${xy}` : parts.length === 1 ? `L${xy}` : xy);
  }
  // A single point still shows as a dot with round caps.
  if (parts.length === 1) parts.push(`L${parts[0]!.slice(1)}`);
  return parts.join(' ');
}
