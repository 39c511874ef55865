/**
 * "No black toner for content" (fact sheet §5.3): the pen's infrared camera sees carbon black
 * only, so the document content must print with cyan, magenta and yellow and never with K.
 *
 * Per pixel (white background): `L = (0.2126 R + 0.7152 G + 0.0722 B)·0.8 + 51`; if R < G the
 * pixel becomes (L, L, 255) when G ≤ B + 10 else (L, 255, L); otherwise (L, L, 255) when
 * R ≤ B + 10 else (255, L, L). One channel is always 255 and none is below 51, so the colour has
 * no grey (K) component; black text prints dark blue. The result is written as CMYK with K = 0:
 * C = 255 − R, M = 255 − G, Y = 255 − B.
 */

/** The luminance ratio of the reference "Vivid" mode (0.8; the offset is 255·(1 − ratio)). */
export const DEFAULT_LUMINANCE_RATIO = 0.8;

/** Explanation shown in the print dialog next to the paper choices that add the pattern. */
export const COLOUR_CHANGE_NOTICE =
  'Colours change when printing with Ncode: the document is printed without black toner, so black and grey print as dark blue and other colours print lighter. Only the Ncode dots use black so that the pen can read them.';

/** One pixel converted by the rule above, as RGB bytes. */
export function noTonerRgb(
  r: number,
  g: number,
  b: number,
  ratio = DEFAULT_LUMINANCE_RATIO,
): readonly [number, number, number] {
  const l = Math.round(0.2126 * ratio * r + 0.7152 * ratio * g + 0.0722 * ratio * b + 255 * (1 - ratio));
  if (r < g) return g <= b + 10 ? [l, l, 255] : [l, 255, l];
  return r <= b + 10 ? [l, l, 255] : [255, l, l];
}

/**
 * Converts an RGBA raster **in place** into CMYK bytes (K = 0) by the rule above. Transparent
 * pixels are composited over white first. Returns the same buffer, now holding C, M, Y, K per
 * pixel, ready for a `/DeviceCMYK` image.
 */
export function rgbaToNoTonerCmykInPlace<T extends Uint8Array | Uint8ClampedArray>(
  rgba: T,
  ratio = DEFAULT_LUMINANCE_RATIO,
): T {
  if (rgba.length % 4 !== 0) throw new RangeError(`RGBA length must be a multiple of 4, got ${rgba.length}`);
  const offset = 255 * (1 - ratio);
  const kr = 0.2126 * ratio;
  const kg = 0.7152 * ratio;
  const kb = 0.0722 * ratio;
  // Whole pixels as 32-bit words (when aligned): opaque white (all bytes 255) becomes 0 in one
  // store, and a run of equal pixels (text) reuses the previous result.
  const words =
    rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4) : undefined;
  let lastIn = -1;
  let lastOut = 0;
  for (let i = 0, p = 0; i < rgba.length; i += 4, p++) {
    if (words) {
      const w = words[p]!;
      if (w === 0xffffffff) {
        words[p] = 0;
        continue;
      }
      if (w === lastIn) {
        words[p] = lastOut;
        continue;
      }
      lastIn = w;
    }
    let r = rgba[i]!;
    let g = rgba[i + 1]!;
    let b = rgba[i + 2]!;
    const a = rgba[i + 3]!;
    if (a !== 255) {
      // composite over white: 255 − (255 − v)·a/255
      r = 255 - Math.round(((255 - r) * a) / 255);
      g = 255 - Math.round(((255 - g) * a) / 255);
      b = 255 - Math.round(((255 - b) * a) / 255);
    }
    let c = 0;
    let m = 0;
    let y = 0;
    if (r !== 255 || g !== 255 || b !== 255) {
      const inv = 255 - Math.round(kr * r + kg * g + kb * b + offset); // 255 − L
      c = inv;
      m = inv;
      if (r < g) {
        if (g > b + 10) {
          m = 0;
          y = inv;
        }
      } else if (r > b + 10) {
        c = 0;
        y = inv;
      }
    }
    rgba[i] = c;
    rgba[i + 1] = m;
    rgba[i + 2] = y;
    rgba[i + 3] = 0;
    if (words) lastOut = words[p]!;
  }
  return rgba;
}
