/**
 * Per-pen tool settings: each pen (the mouse pen and every connected smart pen) writes with its
 * own tool, colour and thickness. New pens get the next colour of a rotation, so several pens
 * are told apart at a glance. Pure: the editor store keeps one record per pen.
 */

import type { BrushState } from '@dotink/ink';
import { BrushType } from '@dotink/ink';
import { DEFAULT_PEN_COLOR_INDEX, PEN_COLORS, PEN_THICKNESSES } from '@dotink/view';

/** The board's tools (board.md §2 toolbar). */
export type Tool = 'pen' | 'highlighter' | 'eraser' | 'pointer';

/** The eraser's two kinds: whole strokes, or only the part it touches. */
export type EraserMode = 'whole' | 'partial';

/** Colour and thickness of one brush. */
export interface PenStyle {
  /** Index into the pen palette (keys 1 … 0 select 0 … 9). */
  readonly colorIndex: number;
  /** Index into the thicknesses (keys Z … B select 0 … 4). */
  readonly thicknessIndex: number;
}

/**
 * One pen's settings: the tool, and a style per brush (the pen and the highlighter remember
 * their own colour and thickness; the eraser and pointer show the pen's).
 */
export interface PenSettings {
  readonly tool: Tool;
  readonly pen: PenStyle;
  readonly highlighter: PenStyle;
}

/** A change from the toolbar or a shortcut. */
export type PenSettingsChange = Partial<PenStyle> & { readonly tool?: Tool };

/** Colours given to pens in connection order: black, red, blue, green, purple, orange. */
export const PEN_COLOR_ROTATION: readonly number[] = Object.freeze([DEFAULT_PEN_COLOR_INDEX, 0, 5, 3, 7, 1]);

/** Thickness index of a new pen: 0.2, engine.md §9 "default thickness 2, divided by 10". */
export const DEFAULT_THICKNESS_INDEX = 4;

/** The highlighter starts yellow. */
export const DEFAULT_HIGHLIGHTER_COLOR_INDEX = 2;

/** Settings of the `n`-th pen (0 = the first). */
export function initialPenSettings(n: number): PenSettings {
  return {
    tool: 'pen',
    pen: {
      colorIndex: PEN_COLOR_ROTATION[n % PEN_COLOR_ROTATION.length]!,
      thicknessIndex: DEFAULT_THICKNESS_INDEX,
    },
    highlighter: { colorIndex: DEFAULT_HIGHLIGHTER_COLOR_INDEX, thicknessIndex: DEFAULT_THICKNESS_INDEX },
  };
}

/** The style the toolbar shows and edits: the highlighter's with the highlighter, else the pen's. */
export function currentStyle(s: PenSettings): PenStyle {
  return s.tool === 'highlighter' ? s.highlighter : s.pen;
}

/** Settings after a change: colour and thickness go to the current tool's style. */
export function applyPenChange(s: PenSettings, change: PenSettingsChange): PenSettings {
  const tool = change.tool ?? s.tool;
  const next: PenSettings = { ...s, tool };
  if (change.colorIndex === undefined && change.thicknessIndex === undefined) return next;
  const key = tool === 'highlighter' ? 'highlighter' : 'pen';
  const style = { ...next[key] };
  return {
    ...next,
    [key]: {
      colorIndex: change.colorIndex ?? style.colorIndex,
      thicknessIndex: change.thicknessIndex ?? style.thicknessIndex,
    },
  };
}

/** The brush a pen's next stroke is made with (for the ink stroke builder). */
export function brushOf(
  settings: PenSettings,
  penId: string,
  inputType: BrushState['inputType'],
): BrushState {
  const s = { tool: settings.tool, ...currentStyle(settings) };
  const color = PEN_COLORS[s.colorIndex] ?? PEN_COLORS[DEFAULT_PEN_COLOR_INDEX]!;
  const brushType =
    s.tool === 'highlighter' ? BrushType.marker : s.tool === 'eraser' ? BrushType.eraser : BrushType.pen;
  return {
    brushType,
    colorArgb: s.tool === 'highlighter' ? color.markerArgb : color.argb,
    thickness: PEN_THICKNESSES[s.thicknessIndex] ?? PEN_THICKNESSES[DEFAULT_THICKNESS_INDEX]!,
    writerId: '',
    surfaceOwnerId: '',
    mac: penId,
    inputType,
  };
}
