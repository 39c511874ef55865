/**
 * Pen colours (engine.md §9): 11 entries, default index 4 (black). Marker colours are lighter
 * variants of the same entries (each mixed half-way to white), so a highlighter over ink stays
 * readable at the marker's 0.3 opacity.
 *
 * The spec fixes the count, the default and the marker rule, not the hues; ours follow the PUI
 * colour vocabulary (white, black, gray, yellow, orange, red, light blue, green, purple, blue)
 * plus brown, ordered so that black is entry 4.
 */

/** One palette entry: a name (for UI keys) and its pen and marker colours (ARGB). */
export interface PenColor {
  readonly name: PenColorName;
  readonly argb: number;
  readonly markerArgb: number;
}

export type PenColorName =
  | 'red'
  | 'orange'
  | 'yellow'
  | 'green'
  | 'black'
  | 'blue'
  | 'lightBlue'
  | 'purple'
  | 'gray'
  | 'white'
  | 'brown';

/** Index of the default colour (black). */
export const DEFAULT_PEN_COLOR_INDEX = 4;

/** How far marker colours move towards white (0 = same, 1 = white). */
export const MARKER_LIGHTEN = 0.5;

/** `argb` moved `amount` of the way to white; alpha kept. */
export function lightenArgb(argb: number, amount: number): number {
  const v = argb >>> 0;
  const k = Math.min(1, Math.max(0, amount));
  const ch = (shift: number) => {
    const c = (v >>> shift) & 0xff;
    return Math.round(c + (255 - c) * k) & 0xff;
  };
  return ((v & 0xff000000) | (ch(16) << 16) | (ch(8) << 8) | ch(0)) >>> 0;
}

const BASE: readonly (readonly [PenColorName, number])[] = [
  ['red', 0xffe53935],
  ['orange', 0xfffb8c00],
  ['yellow', 0xfffdd835],
  ['green', 0xff43a047],
  ['black', 0xff000000],
  ['blue', 0xff1e5fd8],
  ['lightBlue', 0xff4fc3f7],
  ['purple', 0xff8e24aa],
  ['gray', 0xff9e9e9e],
  ['white', 0xffffffff],
  ['brown', 0xff795548],
];

/** The 11 pen colours, in toolbar order. */
export const PEN_COLORS: readonly PenColor[] = Object.freeze(
  BASE.map(([name, argb]) => Object.freeze({ name, argb, markerArgb: lightenArgb(argb, MARKER_LIGHTEN) })),
);

/** The palette entry at `index`, or the default (black) for an index off the palette. */
export function penColorAt(index: number): PenColor {
  return PEN_COLORS[index] ?? PEN_COLORS[DEFAULT_PEN_COLOR_INDEX]!;
}
