/**
 * How a stroke looks on the page view. The rules shared with the exports (which strokes draw,
 * opacity, marker width factor) come from `@dotink/ink`'s codecs; this adds what only a live
 * view needs: the outline's base size and the fill colour (with the other-writers colour).
 *
 * - Thicknesses are 0.04 … 0.2 (engine.md §9); the default is 0.2 (level 2 of the board ÷ 10).
 * - The base size (diameter at pressure 0.5) is `thickness × 6.25` pt: the export width at half
 *   of the force divisor (`thickness × 400 / 64`), so the view and the SVG export agree for a
 *   typical stroke. Markers are 5 × wider and drawn at 0.3 opacity.
 * - Erased strokes, eraser and pen-UI strokes are invisible; strokes of fewer than 3 dots draw
 *   nothing.
 */
import {
  argbToCss,
  BrushType,
  isDrawnStroke,
  MARKER_WIDTH_FACTOR,
  type Stroke,
  strokeOpacity,
} from '@dotink/ink';

/** The five pen line thicknesses (engine.md §9). */
export const PEN_THICKNESSES: readonly number[] = Object.freeze([0.04, 0.08, 0.12, 0.16, 0.2]);

/** pt of base diameter per unit of thickness (see the module rules). */
export const SIZE_PT_PER_THICKNESS = 6.25;

/** The fields of a stroke its look depends on (live strokes have them too). */
export type StyledStroke = Pick<Stroke, 'brushType' | 'thickness' | 'colorArgb' | 'writerId'>;

/** The outline's base diameter in pt: thickness × 6.25, 5 × for a marker. */
export function strokeSizePt(s: Pick<Stroke, 'brushType' | 'thickness'>): number {
  const size = Math.max(0, s.thickness) * SIZE_PT_PER_THICKNESS;
  return s.brushType === BrushType.marker ? size * MARKER_WIDTH_FACTOR : size;
}

/** True when the view draws the stroke (visible ink of ≥ 3 dots). */
export function drawsStroke(s: Stroke): boolean {
  return isDrawnStroke(s);
}

/** The opacity the view fills a stroke with (0 for what does not draw). */
export function viewOpacity(s: Stroke): number {
  return strokeOpacity(s);
}

/** How writers are told apart: strokes not by `selfWriterId` take `otherWriterArgb`. */
export interface WriterColoring {
  /** The writer whose strokes keep their own colour. */
  readonly selfWriterId?: string;
  /** The colour (ARGB) of every other writer's strokes. */
  readonly otherWriterArgb?: number;
}

/** The ARGB colour a stroke is drawn in. */
export function strokeColorArgb(s: StyledStroke, coloring?: WriterColoring): number {
  if (
    coloring?.otherWriterArgb !== undefined &&
    coloring.selfWriterId !== undefined &&
    s.writerId !== coloring.selfWriterId
  ) {
    return coloring.otherWriterArgb >>> 0;
  }
  return s.colorArgb >>> 0;
}

/**
 * CSS colour for an ARGB value, opaque: pens report alpha 0 or 255, and the drawn opacity comes
 * from the brush ({@link viewOpacity}), as in the exports.
 */
export function cssColor(argb: number): string {
  return argbToCss(((argb >>> 0) | 0xff000000) >>> 0);
}
