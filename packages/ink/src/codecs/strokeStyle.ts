/**
 * How a stroke looks in exports (SVG, InkML): which strokes draw, their width, colour and opacity.
 *
 * Rules (engine.md §5, §9 and ncode-paper.md §8.3):
 * - a stroke draws when it is visible ink (normal status; not eraser, pen-UI or erased brush)
 *   and has at least 3 dots;
 * - opacity: pen 1, marker 0.3 (and 5 times wider);
 * - width: `thickness × force / 64` pt, with the stroke's mean raw force (a stroke without force
 *   data, mean 0, is taken at the force divisor 800), never below 0.25 pt. With the default
 *   thickness 0.2 that is 2.5 pt at full force and about 1.25 pt at a typical 400;
 * - colour: the RGB of the ARGB colour; its alpha is ignored (pens report 0 or 255 there, and the
 *   opacity comes from the brush).
 */
import { isVisibleInk } from '../stroke';
import { BrushType, type Stroke } from '../types';

/** Fewer dots than this draw nothing (engine.md §5). */
export const MIN_DRAWN_DOTS = 3;
/** Marker opacity (engine.md §9). */
export const MARKER_OPACITY = 0.3;
/** Markers are drawn this many times thicker (engine.md §9). */
export const MARKER_WIDTH_FACTOR = 5;
/** Raw force taken for a stroke without force data (engine.md §9 force divisor). */
export const FORCE_DIVISOR = 800;
/** Width = thickness × force / this, in pt (ncode-paper.md §8.3). */
export const FORCE_PER_WIDTH_PT = 64;
/** The thinnest drawn line. */
export const MIN_WIDTH_PT = 0.25;
/** mm per pt (25.4 / 72). */
export const MM_PER_PT = 25.4 / 72;

/** True when an export draws the stroke. */
export function isDrawnStroke(s: Stroke): boolean {
  return isVisibleInk(s) && s.dots.count >= MIN_DRAWN_DOTS;
}

/** The stroke's opacity: 0.3 for a marker, 1 for other visible ink, 0 for what does not draw. */
export function strokeOpacity(s: Stroke): number {
  if (!isVisibleInk(s)) return 0;
  return s.brushType === BrushType.marker ? MARKER_OPACITY : 1;
}

/** The drawn width in pt (see the module rules). */
export function strokeWidthPt(s: Stroke): number {
  const meanForce = s.dots.count > 0 ? s.forceSum / s.dots.count : 0;
  const force = meanForce > 0 ? meanForce : FORCE_DIVISOR;
  const width = Math.max(MIN_WIDTH_PT, (s.thickness * force) / FORCE_PER_WIDTH_PT);
  return s.brushType === BrushType.marker ? width * MARKER_WIDTH_FACTOR : width;
}

/** `#rrggbb` of an ARGB colour (alpha dropped). */
export function cssHexColor(argb: number): string {
  return `#${((argb >>> 0) & 0xffffff).toString(16).padStart(6, '0')}`;
}

/** A number for XML/SVG text: at most `decimals` decimals, no trailing zeros, no `-0`. */
export function formatNumber(v: number, decimals = 2): string {
  const k = 10 ** decimals;
  const r = Math.round(v * k) / k;
  return r === 0 ? '0' : String(r);
}

/** Escapes text for an XML attribute or element. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&apos;',
  );
}
