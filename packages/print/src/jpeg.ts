/**
 * A small baseline JPEG encoder (ITU T.81) for the content image of photo-like pages: three
 * components through the YCbCr transform, chroma subsampled 2 × 2 (4:2:0), the Annex K
 * quantisation tables scaled by quality, and Huffman tables computed for each image (Annex K.2),
 * so no table of codes is built in. Pure (bytes in, bytes out), runs in a Web Worker or Node.
 *
 * The three channels are whatever the caller names (the print content passes C, M, Y): the
 * decoder's inverse transform gives them back, which PDF's `/DCTDecode` does with
 * `/ColorTransform 1`. Flat 8 × 8 blocks (white paper, flat colour) skip the DCT's column pass
 * and code no AC coefficient. The image is transformed one row of MCUs (16 lines) at a time, so the
 * planes stay in the cache and take 0.1 MB for an A4 page.
 */

/** What to encode: three channels of an interleaved raster. */
export interface JpegInput {
  /** Interleaved samples, `bytesPerPixel` per pixel, rows top-down. */
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly bytesPerPixel: number;
  /** Byte offsets of the three channels inside a pixel, e.g. `[0, 1, 2]`. */
  readonly channels: readonly [number, number, number];
  /** 1–100 (IJG scale). */
  readonly quality: number;
}

/** Zigzag position → natural (row-major) index. */
const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
]);

/** Annex K.1 luminance and chrominance quantisation tables, natural order. */
const BASE_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const BASE_CHROMA = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];

/** A quantisation table for a quality (IJG scaling), natural order. */
export function quantTable(base: readonly number[], quality: number): Uint8Array {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return Uint8Array.from(base, (v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

/** AAN scale factors: 1, then cos(kπ/16)·√2. */
const AAN = Array.from({ length: 8 }, (_, k) => (k === 0 ? 1 : Math.cos((k * Math.PI) / 16) * Math.SQRT2));

/**
 * Multipliers turning the AAN DCT output into quantised coefficients: natural order in 0–63,
 * the same in zigzag order in 64–127.
 */
function divisors(q: Uint8Array): Float64Array {
  const out = new Float64Array(128);
  for (let u = 0; u < 8; u++)
    for (let v = 0; v < 8; v++) out[u * 8 + v] = 1 / (q[u * 8 + v]! * AAN[u]! * AAN[v]! * 8);
  for (let k = 0; k < 64; k++) out[64 + k] = out[ZIGZAG[k]!]!;
  return out;
}

/** The 8-point AAN DCT of `x0 … x7`, written to `d[o], d[o + s], …, d[o + 7s]`. */
function dct8To(
  d: Float64Array,
  o: number,
  s: number,
  x0: number,
  x1: number,
  x2: number,
  x3: number,
  x4: number,
  x5: number,
  x6: number,
  x7: number,
): void {
  const tmp0 = x0 + x7;
  const tmp7 = x0 - x7;
  const tmp1 = x1 + x6;
  const tmp6 = x1 - x6;
  const tmp2 = x2 + x5;
  const tmp5 = x2 - x5;
  const tmp3 = x3 + x4;
  const tmp4 = x3 - x4;
  const tmp10 = tmp0 + tmp3;
  const tmp13 = tmp0 - tmp3;
  const tmp11 = tmp1 + tmp2;
  const tmp12 = tmp1 - tmp2;
  d[o] = tmp10 + tmp11;
  d[o + 4 * s] = tmp10 - tmp11;
  const z1 = (tmp12 + tmp13) * Math.SQRT1_2;
  d[o + 2 * s] = tmp13 + z1;
  d[o + 6 * s] = tmp13 - z1;
  const t10 = tmp4 + tmp5;
  const t11 = tmp5 + tmp6;
  const t12 = tmp6 + tmp7;
  const z5 = (t10 - t12) * 0.382683433;
  const z2 = 0.5411961 * t10 + z5;
  const z4 = 1.306562965 * t12 + z5;
  const z3 = t11 * Math.SQRT1_2;
  const z11 = tmp7 + z3;
  const z13 = tmp7 - z3;
  d[o + 5 * s] = z13 + z2;
  d[o + 3 * s] = z13 - z2;
  d[o + s] = z11 + z4;
  d[o + 7 * s] = z11 - z4;
}

/** The column pass: the 8-point DCT of column `c` of `d`, in place. */
function dctColumn(d: Float64Array, c: number): void {
  dct8To(d, c, 8, d[c]!, d[c + 8]!, d[c + 16]!, d[c + 24]!, d[c + 32]!, d[c + 40]!, d[c + 48]!, d[c + 56]!);
}

/**
 * The row pass of the forward DCT (Arai–Agui–Nakajima, float) straight from an 8 × 8 square of
 * `plane` at (x0, y0), samples centred on 0, into `block`. Answers whether every sample equals
 * the first (a flat block needs no more than its DC).
 */
function dctRowsFrom(
  plane: Uint8Array,
  stride: number,
  x0: number,
  y0: number,
  block: Float64Array,
): boolean {
  const first = plane[y0 * stride + x0]!;
  let differs = 0;
  for (let y = 0; y < 8; y++) {
    const i = (y0 + y) * stride + x0;
    const v0 = plane[i]!;
    const v1 = plane[i + 1]!;
    const v2 = plane[i + 2]!;
    const v3 = plane[i + 3]!;
    const v4 = plane[i + 4]!;
    const v5 = plane[i + 5]!;
    const v6 = plane[i + 6]!;
    const v7 = plane[i + 7]!;
    differs |= (v0 ^ first) | (v1 ^ first) | (v2 ^ first) | (v3 ^ first);
    differs |= (v4 ^ first) | (v5 ^ first) | (v6 ^ first) | (v7 ^ first);
    dct8To(block, y * 8, 1, v0 - 128, v1 - 128, v2 - 128, v3 - 128, v4 - 128, v5 - 128, v6 - 128, v7 - 128);
  }
  return differs === 0;
}

const ROUND_OFFSET = 1 << 14;
const ROUND_BIAS = ROUND_OFFSET + 0.5;

/**
 * A quantised coefficient rounded to an integer: `floor(x + 0.5)`, Math.round's rule, for
 * |x| < 2¹⁴ (a coefficient is below 2¹¹), computed as `((x + 2¹⁴ + 0.5) | 0) − 2¹⁴` without the
 * Math.round call that V8 makes several times dearer. The sum's own rounding can move only an x
 * within 2⁻³⁸ of a half up by one (the printed image cannot tell).
 */
export const roundCoefficient = (x: number): number => ((x + ROUND_BIAS) | 0) - ROUND_OFFSET;

/** Bits needed for a magnitude (the JPEG "size" category). */
function category(v: number): number {
  return 32 - Math.clz32(v < 0 ? -v : v);
}

/** Huffman code of a table: BITS (counts per length 1–16), HUFFVAL, and per symbol code/length. */
interface Huffman {
  readonly bits: Uint8Array;
  readonly values: Uint8Array;
  readonly code: Uint16Array;
  readonly size: Uint8Array;
}

/** Annex K.2: code lengths from frequencies, limited to 16 bits, one code point reserved. */
export function buildHuffman(freqIn: Uint32Array): Huffman {
  const freq = Float64Array.from(freqIn.subarray(0, 256));
  const f = new Float64Array(257);
  f.set(freq);
  f[256] = 1; // reserves the all-ones code
  const codesize = new Int32Array(257);
  const others = new Int32Array(257).fill(-1);
  for (;;) {
    let v1 = -1;
    let v2 = -1;
    for (let i = 0; i < 257; i++) {
      if (f[i] === 0) continue;
      if (v1 < 0 || f[i]! <= f[v1]!) {
        v2 = v1;
        v1 = i;
      } else if (v2 < 0 || f[i]! <= f[v2]!) v2 = i;
    }
    if (v2 < 0) break;
    f[v1] = f[v1]! + f[v2]!;
    f[v2] = 0;
    codesize[v1]!++;
    let c = v1;
    while (others[c]! >= 0) {
      c = others[c]!;
      codesize[c]!++;
    }
    others[c] = v2;
    codesize[v2]!++;
    c = v2;
    while (others[c]! >= 0) {
      c = others[c]!;
      codesize[c]!++;
    }
  }
  const counts = new Int32Array(260);
  for (let i = 0; i < 257; i++) if (codesize[i]! > 0) counts[codesize[i]!]!++;
  for (let i = 259; i > 16; i--) {
    while (counts[i]! > 0) {
      let j = i - 2;
      while (counts[j] === 0) j--;
      counts[i]! -= 2;
      counts[i - 1]!++;
      counts[j + 1]! += 2;
      counts[j]!--;
    }
  }
  let last = 16;
  while (counts[last] === 0) last--;
  counts[last]!--; // drop the reserved code
  const bits = Uint8Array.from({ length: 16 }, (_, i) => counts[i + 1]!);
  const values: number[] = [];
  for (let len = 1; len < 260; len++) for (let s = 0; s < 256; s++) if (codesize[s] === len) values.push(s);
  const code = new Uint16Array(256);
  const size = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let n = 0; n < bits[len - 1]!; n++) {
      const s = values[k++]!;
      code[s] = next++;
      size[s] = len;
    }
    next <<= 1;
  }
  return { bits, values: Uint8Array.from(values), code, size };
}

/** Writes bits MSB first, stuffing a 0 after every 0xFF byte. */
class BitWriter {
  buf: Uint8Array;
  n = 0;
  private acc = 0;
  private count = 0;
  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(1024, capacity));
  }
  private byte(b: number): void {
    if (this.n + 2 > this.buf.length) {
      const grown = new Uint8Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.n++] = b;
    if (b === 0xff) this.buf[this.n++] = 0;
  }
  write(value: number, length: number): void {
    if (length === 0) return;
    this.acc = (this.acc << length) | (value & ((1 << length) - 1));
    this.count += length;
    while (this.count >= 8) {
      this.count -= 8;
      this.byte((this.acc >>> this.count) & 0xff);
    }
    this.acc &= (1 << this.count) - 1;
  }
  flush(): void {
    if (this.count > 0) this.write(0x7f, 8 - this.count);
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Luma of one pixel (JFIF weights, 16-bit fixed point). */
const luma = (r: number, g: number, b: number) => (19595 * r + 38470 * g + 7471 * b + 32768) >> 16;

/**
 * The colour transform of one strip (16 lines from `top`) for 4-byte pixels whose channels are
 * bytes 0, 1, 2 of a little-endian word: the same sums as the byte-wise path, one read a pixel.
 */
function fillStripWords(
  words: Int32Array,
  width: number,
  height: number,
  top: number,
  w16: number,
  cw: number,
  yPlane: Uint8Array,
  cbPlane: Uint8Array,
  crPlane: Uint8Array,
): void {
  for (let sy = 0; sy < 8; sy++) {
    const y0 = top + sy * 2;
    const row0 = (y0 < height ? y0 : height - 1) * width;
    const row1 = (y0 + 1 < height ? y0 + 1 : height - 1) * width;
    const out0 = sy * 2 * w16;
    const out1 = out0 + w16;
    const chromaRow = sy * cw;
    for (let cx = 0; cx < cw; cx++) {
      const x0 = cx * 2;
      const xa = x0 < width ? x0 : width - 1;
      const xb = x0 + 1 < width ? x0 + 1 : width - 1;
      const w00 = words[row0 + xa]!;
      const w01 = words[row0 + xb]!;
      const w10 = words[row1 + xa]!;
      const w11 = words[row1 + xb]!;
      const r00 = w00 & 255;
      const g00 = (w00 >> 8) & 255;
      const b00 = (w00 >> 16) & 255;
      const r01 = w01 & 255;
      const g01 = (w01 >> 8) & 255;
      const b01 = (w01 >> 16) & 255;
      const r10 = w10 & 255;
      const g10 = (w10 >> 8) & 255;
      const b10 = (w10 >> 16) & 255;
      const r11 = w11 & 255;
      const g11 = (w11 >> 8) & 255;
      const b11 = (w11 >> 16) & 255;
      yPlane[out0 + x0] = luma(r00, g00, b00);
      yPlane[out0 + x0 + 1] = luma(r01, g01, b01);
      yPlane[out1 + x0] = luma(r10, g10, b10);
      yPlane[out1 + x0 + 1] = luma(r11, g11, b11);
      const sr = r00 + r01 + r10 + r11;
      const sg = g00 + g01 + g10 + g11;
      const sb = b00 + b01 + b10 + b11;
      const k = chromaRow + cx;
      cbPlane[k] = Math.min(255, (-11059 * sr - 21709 * sg + 32768 * sb + (512 << 16) + 131072) >> 18);
      crPlane[k] = Math.min(255, (32768 * sr - 27439 * sg - 5329 * sb + (512 << 16) + 131072) >> 18);
    }
  }
}

/**
 * The state of the block coder: coded symbols (`symbol | extraLength << 8 | table << 12 |
 * extraBits << 16`) and their counts per table, the DC predictions, the scratch block.
 */
interface BlockCoder {
  sym: Uint32Array;
  n: number;
  readonly freq: Uint32Array;
  readonly block: Float64Array;
  readonly pred: Int32Array;
  readonly divLuma: Float64Array;
  readonly divChroma: Float64Array;
}

/**
 * Transforms, quantises and records the symbols of the 8 × 8 block of `plane` at (x0, y0) of
 * component `comp` (0 = luma). A top-level function with its counters in locals: V8 keeps them
 * in registers, where a closure's mutated variables live in its context.
 */
function encodeBlock(
  st: BlockCoder,
  plane: Uint8Array,
  stride: number,
  x0: number,
  y0: number,
  comp: number,
): void {
  const div = comp === 0 ? st.divLuma : st.divChroma;
  const dcTable = comp === 0 ? 0 : 2;
  const acBase = (dcTable + 1) * 257;
  const acTag = (dcTable + 1) << 12;
  if (st.n + 66 > st.sym.length) {
    const grown = new Uint32Array(st.sym.length * 2);
    grown.set(st.sym);
    st.sym = grown;
  }
  const { sym, freq, block, pred } = st;
  let n = st.n;
  const flat = dctRowsFrom(plane, stride, x0, y0, block);
  let dc: number;
  if (flat) {
    dc = roundCoefficient((plane[y0 * stride + x0]! - 128) * 64 * div[0]!);
  } else {
    for (let c = 0; c < 8; c++) dctColumn(block, c);
    dc = roundCoefficient(block[0]! * div[0]!);
  }
  const diff = dc - pred[comp]!;
  pred[comp] = dc;
  const s = category(diff);
  sym[n++] = (s | (s << 8) | (dcTable << 12) | ((diff < 0 ? diff + (1 << s) - 1 : diff) << 16)) >>> 0;
  freq[dcTable * 257 + s]!++;
  if (flat) {
    sym[n++] = acTag; // EOB
    freq[acBase]!++;
    st.n = n;
    return;
  }
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const q = block[ZIGZAG[k]!]! * div[k + 64]!;
    // most coefficients quantise to 0: no rounding needed inside (−0.5, 0.49)
    if (q > -0.5 && q < 0.49) {
      run++;
      continue;
    }
    const v = roundCoefficient(q);
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      sym[n++] = acTag | 0xf0; // ZRL
      freq[acBase + 0xf0]!++;
      run -= 16;
    }
    const size = category(v);
    const rs = (run << 4) | size;
    sym[n++] = (rs | (size << 8) | acTag | ((v < 0 ? v + (1 << size) - 1 : v) << 16)) >>> 0;
    freq[acBase + rs]!++;
    run = 0;
  }
  if (run > 0) {
    sym[n++] = acTag; // EOB
    freq[acBase]!++;
  }
  st.n = n;
}

/** Encodes the three channels as a baseline 4:2:0 JPEG (JFIF). */
export function encodeJpeg(input: JpegInput): Uint8Array {
  const { data, width, height, bytesPerPixel: bpp, channels } = input;
  if (width < 1 || height < 1 || width > 65535 || height > 65535)
    throw new RangeError(`JPEG size ${width} × ${height} is out of range`);
  if (data.length < width * height * bpp) throw new RangeError('JPEG input is shorter than its size');
  const [c0, c1, c2] = channels;
  const w16 = (width + 15) & ~15;
  const h16 = (height + 15) & ~15;
  const cw = w16 >> 1;
  // one row of MCUs (16 lines) at a time: the planes of a strip stay in the cache while its
  // blocks are coded, and an A4 page needs 0.1 MB of planes instead of 13 MB
  const yPlane = new Uint8Array(w16 * 16);
  const cbPlane = new Uint8Array(cw * 8);
  const crPlane = new Uint8Array(cw * 8);
  const luma = (r: number, g: number, b: number) => (19595 * r + 38470 * g + 7471 * b + 32768) >> 16;
  // 4-byte pixels with the channels in bytes 0, 1, 2 (the print content): one read a pixel
  const words =
    bpp === 4 && c0 === 0 && c1 === 1 && c2 === 2 && data.byteOffset % 4 === 0 && LITTLE_ENDIAN
      ? new Int32Array(data.buffer, data.byteOffset, width * height)
      : undefined;
  /** Colour transform and 2 × 2 chroma averaging of lines `top … top + 15`; edges repeat the last row and column. */
  const fillStrip = (top: number) => {
    if (words) {
      fillStripWords(words, width, height, top, w16, cw, yPlane, cbPlane, crPlane);
      return;
    }
    for (let sy = 0; sy < 8; sy++) {
      const y0 = top + sy * 2;
      const row0 = (y0 < height ? y0 : height - 1) * width;
      const row1 = (y0 + 1 < height ? y0 + 1 : height - 1) * width;
      const out0 = sy * 2 * w16;
      const out1 = out0 + w16;
      const chromaRow = sy * cw;
      for (let cx = 0; cx < cw; cx++) {
        const x0 = cx * 2;
        const xa = x0 < width ? x0 : width - 1;
        const xb = x0 + 1 < width ? x0 + 1 : width - 1;
        const p00 = (row0 + xa) * bpp;
        const p01 = (row0 + xb) * bpp;
        const p10 = (row1 + xa) * bpp;
        const p11 = (row1 + xb) * bpp;
        const r00 = data[p00 + c0]!;
        const g00 = data[p00 + c1]!;
        const b00 = data[p00 + c2]!;
        const r01 = data[p01 + c0]!;
        const g01 = data[p01 + c1]!;
        const b01 = data[p01 + c2]!;
        const r10 = data[p10 + c0]!;
        const g10 = data[p10 + c1]!;
        const b10 = data[p10 + c2]!;
        const r11 = data[p11 + c0]!;
        const g11 = data[p11 + c1]!;
        const b11 = data[p11 + c2]!;
        yPlane[out0 + x0] = luma(r00, g00, b00);
        yPlane[out0 + x0 + 1] = luma(r01, g01, b01);
        yPlane[out1 + x0] = luma(r10, g10, b10);
        yPlane[out1 + x0 + 1] = luma(r11, g11, b11);
        const sr = r00 + r01 + r10 + r11;
        const sg = g00 + g01 + g10 + g11;
        const sb = b00 + b01 + b10 + b11;
        const k = chromaRow + cx;
        cbPlane[k] = Math.min(255, (-11059 * sr - 21709 * sg + 32768 * sb + (512 << 16) + 131072) >> 18);
        crPlane[k] = Math.min(255, (32768 * sr - 27439 * sg - 5329 * sb + (512 << 16) + 131072) >> 18);
      }
    }
  };

  const qLuma = quantTable(BASE_LUMA, input.quality);
  const qChroma = quantTable(BASE_CHROMA, input.quality);
  const divLuma = divisors(qLuma);
  const divChroma = divisors(qChroma);
  // coded symbols: `symbol | extraLength << 8 | table << 12 | extraBits << 16`, and their counts
  const st: BlockCoder = {
    sym: new Uint32Array(1 << 20),
    n: 0,
    freq: new Uint32Array(4 * 257),
    block: new Float64Array(64),
    pred: new Int32Array(3),
    divLuma,
    divChroma,
  };

  for (let my = 0; my < h16; my += 16) {
    fillStrip(my);
    for (let mx = 0; mx < w16; mx += 16) {
      encodeBlock(st, yPlane, w16, mx, 0, 0);
      encodeBlock(st, yPlane, w16, mx + 8, 0, 0);
      encodeBlock(st, yPlane, w16, mx, 8, 0);
      encodeBlock(st, yPlane, w16, mx + 8, 8, 0);
      encodeBlock(st, cbPlane, cw, mx >> 1, 0, 1);
      encodeBlock(st, crPlane, cw, mx >> 1, 0, 2);
    }
  }

  const { sym, n, freq } = st;
  const tables = [0, 1, 2, 3].map((t) => buildHuffman(freq.subarray(t * 257, t * 257 + 257)));
  const out = new BitWriter(n * 2 + 2048);
  const raw = (bytes: readonly number[]) => {
    for (const b of bytes) {
      if (out.n + 1 > out.buf.length) {
        const grown = new Uint8Array(out.buf.length * 2);
        grown.set(out.buf);
        out.buf = grown;
      }
      out.buf[out.n++] = b;
    }
  };
  const u16 = (v: number) => [v >> 8, v & 255];
  raw([0xff, 0xd8]); // SOI
  raw([0xff, 0xe0, ...u16(16), 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]); // JFIF
  for (const [id, q] of [qLuma, qChroma].entries()) {
    raw([0xff, 0xdb, ...u16(67), id, ...Array.from(ZIGZAG, (z) => q[z]!)]);
  }
  raw([0xff, 0xc0, ...u16(17), 8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  const classId = [0x00, 0x10, 0x01, 0x11]; // (class << 4) | id: DC0, AC0, DC1, AC1
  for (const [t, h] of tables.entries()) {
    raw([0xff, 0xc4, ...u16(3 + 16 + h.values.length), classId[t]!, ...h.bits, ...h.values]);
  }
  raw([0xff, 0xda, ...u16(12), 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
  // code and extra bits of each symbol, looked up per table as one value: code << 16 | size
  const lookup = tables.map((h) =>
    Uint32Array.from({ length: 256 }, (_, v) => (h.code[v]! << 16) | h.size[v]!),
  );
  for (let i = 0; i < n; i++) {
    const e = sym[i]!;
    const c = lookup[(e >>> 12) & 3]![e & 0xff]!;
    const extraLength = (e >>> 8) & 0xf;
    const length = (c & 0xff) + extraLength;
    // at most 16 + 11 bits: one write when it fits the writer's 24-bit window
    if (length <= 24) out.write(((c >>> 16) << extraLength) | (e >>> 16), length);
    else {
      out.write(c >>> 16, c & 0xff);
      out.write(e >>> 16, extraLength);
    }
  }
  out.flush();
  raw([0xff, 0xd9]); // EOI
  return out.buf.slice(0, out.n);
}
