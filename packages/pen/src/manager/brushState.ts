/**
 * Per-pen brush state: the brush in use and, per brush type, its colour and thickness.
 */
import { BrushType, DEFAULT_COLOR_ARGB, DEFAULT_THICKNESS } from '@dotink/ink';

/** Colour and thickness of one brush. */
export interface BrushStyle {
  /** ARGB. */
  readonly colorArgb: number;
  /** 0.04 … 0.2 (engine.md §9). */
  readonly thickness: number;
}

/** The brush in use and the style of every brush type that has one. */
export interface BrushSettings {
  readonly brushType: BrushType;
  readonly styles: Readonly<Partial<Record<BrushType, BrushStyle>>>;
}

/** The default style: black, thickness 0.2. */
export const DEFAULT_BRUSH_STYLE: BrushStyle = Object.freeze({
  colorArgb: DEFAULT_COLOR_ARGB,
  thickness: DEFAULT_THICKNESS,
});

/** A fresh brush state: the pen brush, default styles. */
export function initialBrushSettings(style: BrushStyle = DEFAULT_BRUSH_STYLE): BrushSettings {
  return { brushType: BrushType.pen, styles: { [BrushType.pen]: style } };
}

/** The style of a brush type (the pen brush's style when that type has none yet). */
export function styleOf(state: BrushSettings, brushType: BrushType = state.brushType): BrushStyle {
  return state.styles[brushType] ?? state.styles[BrushType.pen] ?? DEFAULT_BRUSH_STYLE;
}

/** The state with `brushType`'s style changed. */
export function withStyle(
  state: BrushSettings,
  brushType: BrushType,
  change: Partial<BrushStyle>,
): BrushSettings {
  const next = { ...styleOf(state, brushType), ...change };
  return { ...state, styles: { ...state.styles, [brushType]: { ...next, colorArgb: next.colorArgb >>> 0 } } };
}
