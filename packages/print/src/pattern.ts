/**
 * Rendering a code page as Ncode dots into a 1-bit mask at 600 dpi (fact sheet §4.2).
 *
 * Grid pitch 8 px; the symbol at (column c, row r) seeds the pixel `(8c + dx, 8r + dy)` with
 * u (+1, +1), d (−1, +1), l (−1, −1), r (+1, −1) and n (0, 0) — `n` is an undisplaced reference
 * dot, and so is a position beyond the code file. A dot is a k × k square whose top-left is the
 * seed. The code origin is mask pixel (0, 0) = nu (0, 0) ("ideal full-page layout", §5.5).
 *
 * Mask bits are packed MSB first, rows padded to whole bytes, and **1 = dot** (paint). In the
 * PDF the mask is an `/ImageMask` with `/Decode [1 0]`, which makes sample 1 paint (the default
 * `[0 1]` would paint 0s).
 */
import { type CodePage, SYMBOL_D, SYMBOL_L, SYMBOL_R, SYMBOL_U } from './codeFile';

/** Dot darkness. */
export type NcodeDensity = 'light' | 'normal' | 'dark';

/** The density used when none is chosen (the spec's "normal (recommended)"). */
export const DEFAULT_DENSITY: NcodeDensity = 'normal';

/**
 * Dot side in px600 per density: normal 2 (84.7 µm, GRIDA's default "2"), dark 3 (127 µm).
 * `light` = 1 px (42 µm) is our own addition: the spec lists a light level but the reference
 * implementation never drew one; a single 600-dpi pixel is the only lighter square dot.
 */
export const DOT_SIZE_PX: Readonly<Record<NcodeDensity, number>> = Object.freeze({
  light: 1,
  normal: 2,
  dark: 3,
});

/** Pixels at 600 dpi between neighbouring dot positions. */
export const DOT_PITCH_PX = 8;

/** Displacement of a symbol's seed from its grid point, in px600 (y down). */
export function symbolOffset(symbol: number): { readonly dx: number; readonly dy: number } {
  switch (symbol) {
    case SYMBOL_U:
      return { dx: 1, dy: 1 };
    case SYMBOL_D:
      return { dx: -1, dy: 1 };
    case SYMBOL_L:
      return { dx: -1, dy: -1 };
    case SYMBOL_R:
      return { dx: 1, dy: -1 };
    default:
      return { dx: 0, dy: 0 };
  }
}

/** A packed 1-bit image: bit `0x80 >> (x & 7)` of byte `y·rowBytes + (x >> 3)`; 1 = dot. */
export interface DotMask {
  readonly widthPx: number;
  readonly heightPx: number;
  readonly rowBytes: number;
  readonly bits: Uint8Array;
}

/** An empty (all 0) mask. */
export function emptyMask(widthPx: number, heightPx: number): DotMask {
  if (!Number.isInteger(widthPx) || !Number.isInteger(heightPx) || widthPx <= 0 || heightPx <= 0) {
    throw new RangeError(`mask size must be positive integers, got ${widthPx} × ${heightPx}`);
  }
  const rowBytes = (widthPx + 7) >> 3;
  return { widthPx, heightPx, rowBytes, bits: new Uint8Array(rowBytes * heightPx) };
}

/** True when pixel (x, y) of the mask is set. */
export function maskPixel(mask: DotMask, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= mask.widthPx || y >= mask.heightPx) return false;
  return (mask.bits[y * mask.rowBytes + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
}

/** Grid columns and rows whose grid point lies inside a `widthPx × heightPx` area. */
export function dotGridSize(
  widthPx: number,
  heightPx: number,
): { readonly columns: number; readonly rows: number } {
  return { columns: Math.ceil(widthPx / DOT_PITCH_PX), rows: Math.ceil(heightPx / DOT_PITCH_PX) };
}

// Offsets per symbol byte: 0..255 → dx, dy (default 0, 0 for n and anything else).
const DX = new Int8Array(256);
const DY = new Int8Array(256);
for (const s of [SYMBOL_U, SYMBOL_D, SYMBOL_L, SYMBOL_R]) {
  const { dx, dy } = symbolOffset(s);
  DX[s] = dx;
  DY[s] = dy;
}

/**
 * Draws the dots of `code` into `mask` (bits are OR-ed in). Every grid point whose position
 * `(8c, 8r)` lies inside the mask gets a dot; pixels falling outside the mask are clipped.
 * Rows and columns beyond the code file draw undisplaced dots.
 */
export function drawPattern(mask: DotMask, code: CodePage, density: NcodeDensity = DEFAULT_DENSITY): DotMask {
  const k = DOT_SIZE_PX[density];
  if (k === undefined) throw new RangeError(`unknown Ncode density: ${String(density)}`);
  const { widthPx, heightPx } = mask;
  const { columns, rows } = dotGridSize(widthPx, heightPx);
  const fileColumns = Math.min(columns, code.columns);
  // columns whose dot lies inside the mask whatever its symbol (seed x from 8c − 1 to 8c + 1)
  let innerEnd = columns;
  while (innerEnd > 1 && (innerEnd - 1) * DOT_PITCH_PX + 1 + k > widthPx) innerEnd--;
  for (let r = 0; r < rows; r++) {
    const gy = r * DOT_PITCH_PX;
    const line = code.rows[r];
    // a row whose dots all lie inside the mask vertically: no test a dot
    if (r > 0 && gy + 1 + k <= heightPx && line !== undefined && innerEnd <= fileColumns) {
      drawInnerRow(mask, line, gy, 1, innerEnd, k);
      drawDotsChecked(mask, line, fileColumns, gy, 0, 1, k);
      drawDotsChecked(mask, line, fileColumns, gy, innerEnd, columns, k);
    } else drawDotsChecked(mask, line, fileColumns, gy, 0, columns, k);
  }
  return mask;
}

/**
 * The dots of columns `c0 … c1 − 1` of the grid row at `gy`, each clipped to the mask: the
 * general case (page edges, rows and columns beyond the code file).
 */
function drawDotsChecked(
  mask: DotMask,
  line: Uint8Array | undefined,
  fileColumns: number,
  gy: number,
  c0: number,
  c1: number,
  k: number,
): void {
  const { widthPx, heightPx, rowBytes, bits } = mask;
  // a dot row is a run of k bits: one OR into a byte, or two when it crosses into the next byte
  const run = (1 << k) - 1;
  for (let c = c0; c < c1; c++) {
    const sym = line !== undefined && c < fileColumns ? line[c]! : 0;
    const x0 = c * DOT_PITCH_PX + DX[sym]!;
    const y0 = gy + DY[sym]!;
    const inside = x0 >= 0 && x0 + k <= widthPx;
    const window = (run << (16 - k - (x0 & 7))) & 0xffff;
    const hi = window >> 8;
    const lo = window & 255;
    const byte = x0 >> 3;
    for (let j = 0; j < k; j++) {
      const y = y0 + j;
      if (y < 0 || y >= heightPx) continue;
      const rowStart = y * rowBytes;
      if (inside) {
        bits[rowStart + byte]! |= hi;
        if (lo !== 0) bits[rowStart + byte + 1]! |= lo;
        continue;
      }
      for (let i = 0; i < k; i++) {
        const x = x0 + i;
        if (x < 0 || x >= widthPx) continue;
        bits[rowStart + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
  }
}

/**
 * The dots of columns `c0 … c1 − 1` of the grid row at `gy`, all inside the mask and the code
 * file (the caller checked): what {@link drawDotsChecked} does, without its tests.
 */
function drawInnerRow(mask: DotMask, line: Uint8Array, gy: number, c0: number, c1: number, k: number): void {
  const { rowBytes, bits } = mask;
  const run = (1 << k) - 1;
  for (let c = c0; c < c1; c++) {
    const sym = line[c]!;
    const x0 = c * DOT_PITCH_PX + DX[sym]!;
    const window = (run << (16 - k - (x0 & 7))) & 0xffff;
    const hi = window >> 8;
    const lo = window & 255;
    let at = (gy + DY[sym]!) * rowBytes + (x0 >> 3);
    for (let j = 0; j < k; j++, at += rowBytes) {
      bits[at]! |= hi;
      if (lo !== 0) bits[at + 1]! |= lo;
    }
  }
}

/** A fresh `widthPx × heightPx` mask holding the dots of `code`. */
export function renderPattern(
  code: CodePage,
  widthPx: number,
  heightPx: number,
  density: NcodeDensity = DEFAULT_DENSITY,
): DotMask {
  return drawPattern(emptyMask(widthPx, heightPx), code, density);
}

/**
 * The seed pixel of the dot at grid (column, row): where its k × k square starts. Matches
 * {@link drawPattern}; tests and the registration tools use it to predict dot positions.
 */
export function dotSeed(
  code: CodePage,
  column: number,
  row: number,
): { readonly x: number; readonly y: number } {
  const line = code.rows[row];
  const sym = line !== undefined && column < code.columns ? line[column]! : 0;
  return { x: column * DOT_PITCH_PX + DX[sym]!, y: row * DOT_PITCH_PX + DY[sym]! };
}
