/**
 * Replay colour conversion modes (engine.md §4): how a stroke's stored 32-bit colour becomes the
 * ARGB colour it is replayed in. The spec names the modes only; our definitions:
 *
 * - `android`: the stored value is ARGB (`0xAARRGGBB`, the Android colour int; negative signed
 *   values are read as unsigned). It is used as is. This is our own form.
 * - `iphone`: the stored value is RGBA (`0xRRGGBBAA`, colour components packed red first, as iOS
 *   apps write them); the alpha byte moves to the top.
 * - `blueprint`: every stroke in one blueprint blue ({@link BLUEPRINT_ARGB}), opaque: a uniform
 *   look that hides the writers' colours.
 *
 * Every function is pure and total over 32-bit inputs.
 */

export type ReplayColorMode = 'blueprint' | 'android' | 'iphone';

/** The blueprint blue, opaque: #1F4E9C. */
export const BLUEPRINT_ARGB = 0xff1f4e9c;

/** The colour to replay a stroke in, from its stored colour. */
export function replayColorArgb(mode: ReplayColorMode, stored: number): number {
  switch (mode) {
    case 'android':
      return stored >>> 0;
    case 'iphone':
      return rgbaToArgb(stored);
    case 'blueprint':
      return BLUEPRINT_ARGB;
  }
}

/** `0xRRGGBBAA` → `0xAARRGGBB`. */
export function rgbaToArgb(rgba: number): number {
  const v = rgba >>> 0;
  return (((v & 0xff) << 24) | (v >>> 8)) >>> 0;
}

/** `0xAARRGGBB` → `0xRRGGBBAA`. */
export function argbToRgba(argb: number): number {
  const v = argb >>> 0;
  return ((v << 8) | (v >>> 24)) >>> 0;
}

/** `rgba(r, g, b, a)` CSS text of an ARGB colour (alpha 0 … 1, 3 decimals). */
export function argbToCss(argb: number): string {
  const v = argb >>> 0;
  const a = Math.round(((v >>> 24) / 255) * 1000) / 1000;
  return `rgba(${(v >>> 16) & 255}, ${(v >>> 8) & 255}, ${v & 255}, ${a})`;
}
