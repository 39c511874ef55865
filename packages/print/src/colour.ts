/**
 * "No black toner for content" (fact sheet §5.3): the pen's infrared camera sees carbon black
 * only, so the document content must print with cyan, magenta and yellow and never with K.
 *
 * Per pixel (white background): `L = (0.2126 R + 0.7152 G + 0.0722 B)·ratio + 255·(1 − ratio)`
 * (ratio 0.6 by default, engine.md §9; GRIDA used 0.8: `·0.8 + 51`); if R < G the
 * pixel becomes (L, L, 255) when G ≤ B + 10 else (L, 255, L); otherwise (L, L, 255) when
 * R ≤ B + 10 else (255, L, L). One channel is always 255 and none is below 51, so the colour has
 * no grey (K) component; black text prints dark blue. The result is written as CMYK with K = 0:
 * C = 255 − R, M = 255 − G, Y = 255 − B.
 */

/** The luminance ratio printed with: engine.md §9's "luminance max ratio 0.6" (offset 255·0.4 = 102). */
export const DEFAULT_LUMINANCE_RATIO = 0.6;

/** The ratio of GRIDA's "Vivid" mode (fact sheet §5.3, offset 51), for its worked examples. */
export const GRIDA_LUMINANCE_RATIO = 0.8;

/** Explanation shown in the print dialog next to the paper choices that add the pattern. */
export const COLOUR_CHANGE_NOTICE =
  'Colours change when printing with Ncode: the document is printed without black toner, so black and grey print as dark blue and other colours print lighter. Only the Ncode dots use black so that the pen can read them.';

/** Fixed-point luminance tables (16 fractional bits) for one ratio. */
interface LuminanceTables {
  readonly ratio: number;
  readonly r: Int32Array;
  readonly g: Int32Array;
  readonly b: Int32Array;
  /** The offset 255·(1 − ratio), fixed-point. */
  readonly offset: number;
  /** The same offset as a number without binary noise (51 for ratio 0.8, not 51.00000000000001). */
  readonly offsetValue: number;
}

let cachedTables: LuminanceTables | undefined;

function luminanceTables(ratio: number): LuminanceTables {
  if (cachedTables?.ratio === ratio) return cachedTables;
  const one = 1 << 16;
  const r = new Int32Array(256);
  const g = new Int32Array(256);
  const b = new Int32Array(256);
  for (let v = 0; v < 256; v++) {
    r[v] = Math.round(0.2126 * ratio * v * one);
    g[v] = Math.round(0.7152 * ratio * v * one);
    b[v] = Math.round(0.0722 * ratio * v * one);
  }
  const offsetValue = Math.round(255 * (1 - ratio) * 1e9) / 1e9;
  cachedTables = { ratio, r, g, b, offset: Math.round(offsetValue * one), offsetValue };
  return cachedTables;
}

/**
 * `255 − L` for a pixel, L rounded to a byte exactly as `Math.round` of the floating-point
 * formula: fixed point (error < 2⁻¹⁴) except within 1/256 of a half, where the formula itself
 * decides the tie.
 */
function inverseLuminance(t: LuminanceTables, r: number, g: number, b: number): number {
  const x = t.r[r]! + t.g[g]! + t.b[b]! + t.offset;
  const frac = x & 0xffff;
  const l =
    frac > 0x7f00 && frac < 0x8100
      ? Math.round((0.2126 * r + 0.7152 * g + 0.0722 * b) * t.ratio + t.offsetValue)
      : (x + 0x8000) >> 16;
  return 255 - Math.min(255, l);
}

/** One pixel converted by the rule above, as RGB bytes. */
export function noTonerRgb(
  r: number,
  g: number,
  b: number,
  ratio = DEFAULT_LUMINANCE_RATIO,
): readonly [number, number, number] {
  const l = 255 - inverseLuminance(luminanceTables(ratio), r, g, b);
  if (r < g) return g <= b + 10 ? [l, l, 255] : [l, 255, l];
  return r <= b + 10 ? [l, l, 255] : [255, l, l];
}

/** C, M, Y of a pixel packed as `c | m << 8 | y << 16` (K = 0). */
function cmyWord(t: LuminanceTables, r: number, g: number, b: number): number {
  if (r === 255 && g === 255 && b === 255) return 0;
  const inv = inverseLuminance(t, r, g, b);
  if (r < g) return g > b + 10 ? inv | (inv << 16) : inv | (inv << 8);
  return r > b + 10 ? (inv << 8) | (inv << 16) : inv | (inv << 8);
}

/** 255 − (255 − v)·a/255: a channel composited over white. */
const overWhite = (v: number, a: number): number => 255 - Math.round(((255 - v) * a) / 255);

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The word loop of {@link rgbaToNoTonerCmykInPlace}: whole little-endian pixels as signed 32-bit
 * words (V8 keeps them unboxed; a `Uint32Array` read above 2³¹ is slower), L by the
 * floating-point formula itself (rounded as `Math.round` does — what the fixed-point tables
 * approximate, and faster than them), the channel choice without table lookups. Opaque white becomes
 * 0 in one store, and a run of equal pixels (text) reuses the previous result. Word 0 (transparent
 * black) is white over white, so it starts as the "previous" pixel with result 0.
 */
function convertWords(words: Int32Array, ratio: number, offset: number): void {
  let lastIn = 0;
  let lastOut = 0;
  const n = words.length;
  for (let p = 0; p < n; p++) {
    const w = words[p]!;
    if (w === -1) {
      words[p] = 0;
      continue;
    }
    if (w === lastIn) {
      words[p] = lastOut;
      continue;
    }
    lastIn = w;
    const a = w >>> 24;
    let r = w & 255;
    let g = (w >>> 8) & 255;
    let b = (w >>> 16) & 255;
    if (a !== 255) {
      r = overWhite(r, a);
      g = overWhite(g, a);
      b = overWhite(b, a);
      if ((r & g & b) === 255) {
        lastOut = 0;
        words[p] = 0;
        continue;
      }
    }
    // floor(y + 0.5) is Math.round(y) for every y ≥ 0 but 0.5 − 2⁻⁵⁴ (y + 0.5 is exact, or
    // rounds within [2ᵏ, 2ᵏ + 0.5]): three times faster than the Math.round call in V8
    let l = ((0.2126 * r + 0.7152 * g + 0.0722 * b) * ratio + offset + 0.5) | 0;
    if (l > 255) l = 255;
    const inv = 255 - l;
    if (r < g) lastOut = g > b + 10 ? inv | (inv << 16) : inv | (inv << 8);
    else lastOut = r > b + 10 ? (inv << 8) | (inv << 16) : inv | (inv << 8);
    words[p] = lastOut;
  }
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
  const t = luminanceTables(ratio);
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0) {
    convertWords(new Int32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4), t.ratio, t.offsetValue);
    return rgba;
  }
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3]!;
    let r = rgba[i]!;
    let g = rgba[i + 1]!;
    let b = rgba[i + 2]!;
    if (a !== 255) {
      r = overWhite(r, a);
      g = overWhite(g, a);
      b = overWhite(b, a);
    }
    const cmy = cmyWord(t, r, g, b);
    rgba[i] = cmy & 255;
    rgba[i + 1] = (cmy >>> 8) & 255;
    rgba[i + 2] = cmy >>> 16;
    rgba[i + 3] = 0;
  }
  return rgba;
}
