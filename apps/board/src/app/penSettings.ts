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

/** One pen's settings. */
export interface PenSettings {
  readonly tool: Tool;
  /** Index into the pen palette (keys 1 … 0 select 0 … 9). */
  readonly colorIndex: number;
  /** Index into the thicknesses (keys Z … B select 0 … 4). */
  readonly thicknessIndex: number;
}

/** Colours given to pens in connection order: black, red, blue, green, purple, orange. */
export const PEN_COLOR_ROTATION: readonly number[] = Object.freeze([DEFAULT_PEN_COLOR_INDEX, 0, 5, 3, 7, 1]);

/** Thickness index of a new pen (0.12, the middle). */
export const DEFAULT_THICKNESS_INDEX = 2;

/** Settings of the `n`-th pen (0 = the first). */
export function initialPenSettings(n: number): PenSettings {
  return {
    tool: 'pen',
    colorIndex: PEN_COLOR_ROTATION[n % PEN_COLOR_ROTATION.length]!,
    thicknessIndex: DEFAULT_THICKNESS_INDEX,
  };
}

/** The brush a pen's next stroke is made with (for the ink stroke builder). */
export function brushOf(s: PenSettings, penId: string, inputType: BrushState['inputType']): BrushState {
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
