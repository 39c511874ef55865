/**
 * Test support: compares the ink found on a plate with the dots a code page should print.
 *
 * The plane is cut into 8 × 8 windows centred on the grid points (x from 8c − 3 to 8c + 4): a
 * dot of any density stays inside its own window. In every window the ink must be the expected
 * dot (same pixel count, same box size), moved by at most 1 px; a window with no expected dot
 * must hold no ink. So every dot is found at its expected pixel (within 1 px) and there is
 * nothing else on the plate.
 */
import type { DotMask } from '../src/pattern';
import { inkAt, type Plate } from './tiff';

export interface DotCheck {
  /** Windows holding an expected dot. */
  readonly dots: number;
  /** Windows where the ink is not the expected dot within 1 px (first few listed). */
  readonly bad: number;
  readonly examples: readonly string[];
  /** Ink pixels on the plate. */
  readonly inkPixels: number;
}

/** Per-window pixel count and bounding box, in typed arrays indexed by window. */
class Windows {
  readonly n: Int32Array;
  readonly x0: Int32Array;
  readonly y0: Int32Array;
  readonly x1: Int32Array;
  readonly y1: Int32Array;
  constructor(
    readonly c0: number,
    readonly r0: number,
    readonly cols: number,
    rows: number,
  ) {
    const size = cols * rows;
    this.n = new Int32Array(size);
    this.x0 = new Int32Array(size).fill(2 ** 30);
    this.y0 = new Int32Array(size).fill(2 ** 30);
    this.x1 = new Int32Array(size).fill(-(2 ** 30));
    this.y1 = new Int32Array(size).fill(-(2 ** 30));
  }
  add(x: number, y: number): void {
    const k = (Math.floor((y + 3) / 8) - this.r0) * this.cols + (Math.floor((x + 3) / 8) - this.c0);
    this.n[k]!++;
    if (x < this.x0[k]!) this.x0[k] = x;
    if (y < this.y0[k]!) this.y0[k] = y;
    if (x > this.x1[k]!) this.x1[k] = x;
    if (y > this.y1[k]!) this.y1[k] = y;
  }
}

/** Checks `plate` (showing page pixels from `(ox, oy)`) against `mask` (the whole page). */
export function checkDots(plate: Plate, ox: number, oy: number, mask: DotMask): DotCheck {
  const c0 = Math.floor((ox + 3) / 8);
  const r0 = Math.floor((oy + 3) / 8);
  const cols = Math.floor((ox + plate.width + 3) / 8) - c0 + 1;
  const rows = Math.floor((oy + plate.height + 3) / 8) - r0 + 1;
  const found = new Windows(c0, r0, cols, rows);
  const want = new Windows(c0, r0, cols, rows);
  let inkPixels = 0;
  const noInk = plate.photometric === 1 ? 255 : 0;
  for (let py = 0; py < plate.height; py++) {
    const row = py * plate.width;
    for (let px = 0; px < plate.width; px++) {
      if (plate.data[row + px] !== noInk) {
        inkPixels++;
        found.add(px + ox, py + oy);
      }
    }
  }
  // the mask's set pixels inside the window shown by the plate
  for (let y = Math.max(0, oy); y < Math.min(mask.heightPx, oy + plate.height); y++) {
    const row = y * mask.rowBytes;
    for (let bx = Math.max(0, ox) >> 3; bx < Math.min(mask.rowBytes, (ox + plate.width + 7) >> 3); bx++) {
      const byte = mask.bits[row + bx]!;
      if (byte === 0) continue;
      for (let b = 0; b < 8; b++) {
        const x = bx * 8 + b;
        if (byte & (0x80 >> b) && x >= ox && x < ox + plate.width) want.add(x, y);
      }
    }
  }
  let bad = 0;
  let dots = 0;
  const examples: string[] = [];
  const fail = (k: number, why: string) => {
    bad++;
    if (examples.length < 5) examples.push(`grid (${c0 + (k % cols)}, ${r0 + Math.floor(k / cols)}): ${why}`);
  };
  for (let k = 0; k < want.n.length; k++) {
    const wn = want.n[k]!;
    const fn = found.n[k]!;
    if (wn === 0) {
      if (fn !== 0) fail(k, 'ink where no dot belongs');
      continue;
    }
    dots++;
    if (fn === 0) fail(k, 'dot missing');
    else if (
      fn !== wn ||
      found.x1[k]! - found.x0[k]! !== want.x1[k]! - want.x0[k]! ||
      found.y1[k]! - found.y0[k]! !== want.y1[k]! - want.y0[k]!
    )
      fail(k, 'dot has the wrong shape');
    else if (Math.abs(found.x0[k]! - want.x0[k]!) > 1 || Math.abs(found.y0[k]! - want.y0[k]!) > 1)
      fail(k, `dot moved by (${found.x0[k]! - want.x0[k]!}, ${found.y0[k]! - want.y0[k]!})`);
  }
  return { dots, bad, examples, inkPixels };
}

/** Ink pixels of a plate inside a rectangle of the plate (plate coordinates). */
export function inkCount(plate: Plate, x0 = 0, y0 = 0, x1 = plate.width, y1 = plate.height): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (inkAt(plate, x, y) > 0) n++;
  return n;
}
