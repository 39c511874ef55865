/**
 * The PUI command vocabulary (fact sheet §7; engine.md §9 "PUI commands"): a control symbol's
 * `command@param` turned into a typed {@link PuiCommand}.
 *
 * [CHOICE] The whole vocabulary is accepted: the params GridaBoard executes map to typed
 * commands, every other param (undo, record, ppt_*, URLs, …) becomes `{ kind: 'unhandled', param }`
 * so an app can still act on it. Params match exactly (case and spelling as in the files).
 */

/** The drawing tools a PUI sheet selects. */
export type PuiTool = 'pen' | 'highlighter' | 'eraser';

/** An RGB colour, 0–255 per channel. */
export interface PuiRgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/** One of the 10 PUI pen colours. */
export interface PuiColor {
  /** Colour index 0–9, in GridaBoard's order. */
  readonly index: number;
  /** Our name for it (engine.md §9: white, black, gray, yellow, orange, red, light blue, green, purple, blue). */
  readonly name: string;
  /** The params that select it: the ARGB hex as written in the files, and any name alias. */
  readonly params: readonly string[];
  /** The colour that is drawn (for gray this is not the param's hex value). */
  readonly rgb: PuiRgb;
  /** `rgb` as an opaque 32-bit ARGB value (0xFFRRGGBB), the stroke colour form. */
  readonly argb: number;
}

function color(
  index: number,
  name: string,
  params: readonly string[],
  r: number,
  g: number,
  b: number,
): PuiColor {
  return Object.freeze({
    index,
    name,
    params: Object.freeze([...params]),
    rgb: Object.freeze({ r, g, b }),
    argb: (0xff000000 | (r << 16) | (g << 8) | b) >>> 0,
  });
}

/** The 10 PUI colours (fact sheet §7 table); black (index 3) is the default. */
export const PUI_COLORS: readonly PuiColor[] = Object.freeze([
  color(0, 'red', ['#FFFF0200', 'red'], 255, 2, 0),
  color(1, 'white', ['#FFE5E5E5', 'white'], 229, 229, 229),
  color(2, 'gray', ['#FFAAAAAA', '#AAAAAA'], 151, 151, 151),
  color(3, 'black', ['#FF000000', 'black'], 0, 0, 0),
  color(4, 'purple', ['#FF6C00E2'], 108, 0, 226),
  color(5, 'blue', ['#FF012EE2'], 1, 46, 226),
  color(6, 'lightblue', ['#FF00ABEB', 'lightblue'], 0, 171, 235),
  color(7, 'green', ['#FF3CDD00', 'green'], 60, 221, 0),
  color(8, 'yellow', ['#FFFFD001', 'yellow'], 255, 208, 1),
  color(9, 'orange', ['#FFFF6500'], 255, 101, 0),
]);

/** Index of the default PUI colour (black). */
export const PUI_DEFAULT_COLOR_INDEX = 3;

/** Thickness step of `strokesize_up` / `strokesize_down`, and the range it stays in. */
export const PUI_THICKNESS_STEP = 0.04;
export const PUI_THICKNESS_MIN = 0.04;
export const PUI_THICKNESS_MAX = 0.2;

/** Zoom factor of one `zoom_in` (0.9985^−100 ≈ 1.162); `zoom_out` is 0.9985^100 ≈ 0.860. */
export const PUI_ZOOM_IN_FACTOR = 0.9985 ** -100;
export const PUI_ZOOM_OUT_FACTOR = 0.9985 ** 100;

/** A PUI command. */
export type PuiCommand =
  /** `pen`, `highlighter` (marker: ×5 width, 30 % opacity), `erase_brush` (whole-stroke eraser). */
  | { readonly kind: 'tool'; readonly tool: PuiTool }
  /** `strokesize_1`/`0.1`, `strokesize_2`/`0.5`, `strokesize_3`/`1.7`: levels 1, 3, 5 of 0.04·k. */
  | { readonly kind: 'thickness'; readonly level: 1 | 3 | 5; readonly thickness: number }
  /** `strokesize_up` / `strokesize_down`: ±0.04 within 0.04–0.20 ({@link stepPuiThickness}). */
  | { readonly kind: 'thicknessStep'; readonly direction: 'up' | 'down' }
  /** A colour param (ARGB hex or name). */
  | { readonly kind: 'color'; readonly color: PuiColor }
  /** `pointer`: toggle the hover trail. */
  | { readonly kind: 'pointer' }
  /** `erase_all`: clear the current page. */
  | { readonly kind: 'eraseAll' }
  /** `menu_grida`: toggle the header/menu. */
  | { readonly kind: 'menu' }
  /** `fit` → width, `full_screen` / `full` → height. */
  | { readonly kind: 'fit'; readonly fit: 'width' | 'height' }
  /** `zoom_in` / `zoom_out`; `factor` multiplies the zoom. */
  | { readonly kind: 'zoom'; readonly direction: 'in' | 'out'; readonly factor: number }
  /** `previous` / `next`: page −1 / +1, stopping at the ends. */
  | { readonly kind: 'page'; readonly direction: 'previous' | 'next' }
  /** `add_page`: a new blank page. */
  | { readonly kind: 'addPage' }
  /** `rotate_page`: rotate 90°. */
  | { readonly kind: 'rotatePage' }
  /** `hide_stroke`: toggle ink visibility. */
  | { readonly kind: 'hideStroke' }
  /** Any other param, kept as written. */
  | { readonly kind: 'unhandled'; readonly param: string };

function thickness(level: 1 | 3 | 5): PuiCommand {
  return { kind: 'thickness', level, thickness: Math.round(level * PUI_THICKNESS_STEP * 100) / 100 };
}

const HANDLED_ENTRIES: [string, PuiCommand][] = [
  ['pen', { kind: 'tool', tool: 'pen' }],
  ['highlighter', { kind: 'tool', tool: 'highlighter' }],
  ['erase_brush', { kind: 'tool', tool: 'eraser' }],
  ['strokesize_1', thickness(1)],
  ['0.1', thickness(1)],
  ['strokesize_2', thickness(3)],
  ['0.5', thickness(3)],
  ['strokesize_3', thickness(5)],
  ['1.7', thickness(5)],
  ['strokesize_up', { kind: 'thicknessStep', direction: 'up' }],
  ['strokesize_down', { kind: 'thicknessStep', direction: 'down' }],
  ...PUI_COLORS.flatMap((c) => c.params.map((p): [string, PuiCommand] => [p, { kind: 'color', color: c }])),
  ['pointer', { kind: 'pointer' }],
  ['erase_all', { kind: 'eraseAll' }],
  ['menu_grida', { kind: 'menu' }],
  ['fit', { kind: 'fit', fit: 'width' }],
  ['full_screen', { kind: 'fit', fit: 'height' }],
  ['full', { kind: 'fit', fit: 'height' }],
  ['zoom_in', { kind: 'zoom', direction: 'in', factor: PUI_ZOOM_IN_FACTOR }],
  ['zoom_out', { kind: 'zoom', direction: 'out', factor: PUI_ZOOM_OUT_FACTOR }],
  ['previous', { kind: 'page', direction: 'previous' }],
  ['next', { kind: 'page', direction: 'next' }],
  ['add_page', { kind: 'addPage' }],
  ['rotate_page', { kind: 'rotatePage' }],
  ['hide_stroke', { kind: 'hideStroke' }],
];
const HANDLED = new Map<string, PuiCommand>(HANDLED_ENTRIES.map(([p, c]) => [p, Object.freeze(c)]));

/** Every param that maps to a typed command (not `unhandled`). */
export const PUI_HANDLED_PARAMS: readonly string[] = Object.freeze([...HANDLED.keys()]);

/** The command a symbol's `command@param` stands for; unknown params give `unhandled`. */
export function parsePuiCommand(param: string): PuiCommand {
  return HANDLED.get(param) ?? { kind: 'unhandled', param };
}

/** The thickness after a `strokesize_up`/`down`: ±0.04, kept within 0.04–0.20 (2 decimals). */
export function stepPuiThickness(current: number, direction: 'up' | 'down'): number {
  const next = current + (direction === 'up' ? PUI_THICKNESS_STEP : -PUI_THICKNESS_STEP);
  const clamped = Math.min(PUI_THICKNESS_MAX, Math.max(PUI_THICKNESS_MIN, next));
  return Math.round(clamped * 100) / 100;
}
