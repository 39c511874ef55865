/**
 * A fast zlib (RFC 1950/1951) encoder for the Ncode dot mask (issue 12, item 18).
 *
 * A general deflater hashes every byte to find matches anywhere in its 32 KiB window; the mask
 * (600 dpi, 1 bit a pixel, 4.35 MB for A4) is mostly rows of zeros and rows that repeat most of
 * the row above (a dot is k pixels tall). This encoder looks only there: at each byte it tries a
 * match at distance 1 (a run of the same byte) and at distance `rowBytes` (the row above), takes
 * the longer (3–258 bytes), and codes everything else as literals, each block with Huffman codes
 * computed for it (dynamic blocks). One pass, no hashing: several times faster than
 * `CompressionStream` (zlib level 6) in JavaScript, for a stream ~1.5–2× as large. Any inflater
 * reads it (it is plain zlib); pure, runs in a Web Worker or Node.
 */

/** Input bytes coded per deflate block (its Huffman codes fit its statistics). */
const BLOCK_INPUT = 1 << 18;
const MIN_MATCH = 3;
const MAX_MATCH = 258;

/** Length code (257–285) of each match length 3–258, and its extra bits. */
const LENGTH_CODE = new Uint16Array(259);
const LENGTH_EXTRA_BITS = new Uint8Array(259);
const LENGTH_EXTRA_VALUE = new Uint16Array(259);
{
  const base = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
    227, 258,
  ];
  const extra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
  for (let code = 0; code < base.length; code++) {
    const top = code === base.length - 1 ? 258 : base[code + 1]! - 1;
    for (let len = base[code]!; len <= top && len <= 258; len++) {
      LENGTH_CODE[len] = 257 + code;
      LENGTH_EXTRA_BITS[len] = extra[code]!;
      LENGTH_EXTRA_VALUE[len] = len - base[code]!;
    }
  }
  // 258 has its own code (285, no extra bits), not 284 + 31
  LENGTH_CODE[258] = 285;
  LENGTH_EXTRA_BITS[258] = 0;
  LENGTH_EXTRA_VALUE[258] = 0;
}

/** Distance code of a distance 1–32768, with its extra bits and their value. */
function distanceCode(d: number): { code: number; bits: number; value: number } {
  if (d <= 4) return { code: d - 1, bits: 0, value: 0 };
  const bits = 31 - Math.clz32(d - 1) - 1; // extra bits
  const half = (d - 1) >> bits; // 2 or 3
  const code = 2 * bits + half;
  return { code, bits, value: d - 1 - (half << bits) };
}

/** Order in which the code length code lengths are sent (RFC 1951 §3.2.7). */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * Code lengths (≤ `limit`) of a complete prefix code for `freq` (Huffman, then lengths beyond
 * the limit cut and the Kraft sum mended). Symbols of frequency 0 get length 0; at least two
 * symbols get a code (a lone used symbol is paired with another), as every inflater accepts.
 */
export function codeLengths(freq: Uint32Array, limit: number): Uint8Array {
  const n = freq.length;
  const lengths = new Uint8Array(n);
  const used: number[] = [];
  for (let s = 0; s < n; s++) if (freq[s]! > 0) used.push(s);
  if (used.length === 0) used.push(0);
  if (used.length === 1) used.push(used[0] === 0 ? 1 : 0);
  // Huffman by two queues over symbols sorted by frequency
  used.sort((a, b) => freq[a]! - freq[b]! || a - b);
  const m = used.length;
  const weight = new Float64Array(2 * m);
  const parent = new Int32Array(2 * m).fill(-1);
  for (let i = 0; i < m; i++) weight[i] = Math.max(1, freq[used[i]!]!);
  let leaf = 0;
  let inner = m;
  let next = m;
  const take = () => (leaf < m && (inner >= next || weight[leaf]! <= weight[inner]!) ? leaf++ : inner++);
  while (next < 2 * m - 1) {
    const a = take();
    const b = take();
    weight[next] = weight[a]! + weight[b]!;
    parent[a] = next;
    parent[b] = next;
    next++;
  }
  const depth = new Int32Array(2 * m);
  for (let i = 2 * m - 3; i >= 0; i--) depth[i] = depth[parent[i]!]! + 1;
  // cut to the limit, then restore Kraft's inequality (longer codes for the rarest symbols)
  let kraft = 0;
  const one = 2 ** limit;
  for (let i = 0; i < m; i++) {
    const len = Math.min(limit, depth[i]!);
    lengths[used[i]!] = len;
    kraft += 2 ** (limit - len);
  }
  for (let i = 0; kraft > one; i = (i + 1) % m) {
    const s = used[i]!;
    if (lengths[s]! < limit) {
      kraft -= 2 ** (limit - lengths[s]! - 1);
      lengths[s]!++;
    }
  }
  // complete the code: shorten the longest codes while there is room (most frequent first)
  for (let i = m - 1; kraft < one && i >= 0; i--) {
    const s = used[i]!;
    while (lengths[s]! > 1 && kraft + 2 ** (limit - lengths[s]!) <= one) {
      kraft += 2 ** (limit - lengths[s]!);
      lengths[s]!--;
    }
  }
  return lengths;
}

/** Canonical codes of `lengths`, bit-reversed (deflate sends Huffman codes MSB first in an LSB-first stream). */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const count = new Uint16Array(16);
  for (const l of lengths) if (l) count[l]!++;
  const nextCode = new Uint16Array(16);
  let code = 0;
  for (let l = 1; l < 16; l++) {
    code = (code + count[l - 1]!) << 1;
    nextCode[l] = code;
  }
  const out = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const l = lengths[s]!;
    if (!l) continue;
    let c = nextCode[l]!++;
    let r = 0;
    for (let k = 0; k < l; k++) {
      r = (r << 1) | (c & 1);
      c >>= 1;
    }
    out[s] = r;
  }
  return out;
}

/** LSB-first bit writer into a growing buffer. */
class Bits {
  buf: Uint8Array;
  n = 0;
  private acc = 0;
  private count = 0;
  constructor(capacity: number) {
    this.buf = new Uint8Array(capacity);
  }
  /** Writes `length` (≤ 24) bits of `value`. */
  put(value: number, length: number): void {
    this.acc |= value << this.count;
    this.count += length;
    while (this.count >= 8) {
      if (this.n === this.buf.length) this.grow();
      this.buf[this.n++] = this.acc & 255;
      this.acc >>>= 8;
      this.count -= 8;
    }
  }
  private grow(): void {
    const g = new Uint8Array(this.buf.length * 2);
    g.set(this.buf);
    this.buf = g;
  }
  /** Pads to a byte boundary. */
  align(): void {
    if (this.count > 0) this.put(0, 8 - this.count);
  }
  byte(b: number): void {
    if (this.n === this.buf.length) this.grow();
    this.buf[this.n++] = b;
  }
}

/** Adler-32 of `data` (zlib's trailer). */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  const n = data.length;
  for (let i = 0; i < n; ) {
    const end = Math.min(n, i + 5552);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * zlib-compresses `data`, a raster of rows of `rowBytes` bytes, finding matches only at
 * distance 1 and `rowBytes` (see the module comment). Any `rowBytes` ≥ 1 gives a valid stream;
 * the row length of the raster gives a small one.
 */
export function deflateRows(data: Uint8Array, rowBytes: number): Uint8Array {
  if (!Number.isInteger(rowBytes) || rowBytes < 1)
    throw new RangeError(`rowBytes must be a positive integer, got ${rowBytes}`);
  const rowDistance = rowBytes <= 32768 ? rowBytes : 0;
  const dist = rowDistance > 0 ? distanceCode(rowDistance) : distanceCode(1);
  const out = new Bits(Math.max(1024, data.length >> 3));
  out.byte(0x78);
  out.byte(0x01); // zlib header: deflate, 32 KiB window, fastest level (FCHECK makes it divisible by 31)
  // tokens: a literal byte (< 256), or a match `256 | length << 9 | (row ? 1 << 18 : 0)`
  const tokens = new Uint32Array(BLOCK_INPUT);
  const litFreq = new Uint32Array(286);
  const distFreq = new Uint32Array(30);
  const n = data.length;
  let i = 0;
  do {
    const blockEnd = Math.min(n, i + BLOCK_INPUT);
    litFreq.fill(0);
    distFreq.fill(0);
    let t = 0;
    while (i < blockEnd) {
      const b = data[i]!;
      let runLen = 0;
      if (i > 0 && data[i - 1] === b) {
        const max = Math.min(MAX_MATCH, n - i);
        runLen = 1;
        while (runLen < max && data[i + runLen] === b) runLen++;
      }
      let rowLen = 0;
      if (rowDistance > 0 && i >= rowDistance && data[i - rowDistance] === b && runLen < MAX_MATCH) {
        const max = Math.min(MAX_MATCH, n - i);
        rowLen = 1;
        while (rowLen < max && data[i + rowLen] === data[i + rowLen - rowDistance]) rowLen++;
      }
      if (rowLen >= MIN_MATCH && rowLen > runLen) {
        tokens[t++] = 256 | (rowLen << 9) | (1 << 18);
        litFreq[LENGTH_CODE[rowLen]!]!++;
        distFreq[dist.code]!++;
        i += rowLen;
      } else if (runLen >= MIN_MATCH) {
        tokens[t++] = 256 | (runLen << 9);
        litFreq[LENGTH_CODE[runLen]!]!++;
        distFreq[0]!++;
        i += runLen;
      } else {
        tokens[t++] = b;
        litFreq[b]!++;
        i++;
      }
    }
    litFreq[256]!++; // end of block
    writeBlock(out, tokens, t, litFreq, distFreq, i >= n, dist);
  } while (i < n);
  out.align();
  const check = adler32(data);
  out.byte(check >>> 24);
  out.byte((check >>> 16) & 255);
  out.byte((check >>> 8) & 255);
  out.byte(check & 255);
  return out.buf.slice(0, out.n);
}

/** Writes one dynamic-Huffman block of `count` tokens. */
function writeBlock(
  out: Bits,
  tokens: Uint32Array,
  count: number,
  litFreq: Uint32Array,
  distFreq: Uint32Array,
  last: boolean,
  row: { code: number; bits: number; value: number },
): void {
  const litLen = codeLengths(litFreq, 15);
  const distLen = codeLengths(distFreq, 15);
  const litCode = canonicalCodes(litLen);
  const distCode = canonicalCodes(distLen);
  let hlit = 286;
  while (hlit > 257 && litLen[hlit - 1] === 0) hlit--;
  let hdist = 30;
  while (hdist > 1 && distLen[hdist - 1] === 0) hdist--;
  // the code lengths themselves, sent one symbol (0–15) each, with a code of their own
  const clFreq = new Uint32Array(19);
  for (let s = 0; s < hlit; s++) clFreq[litLen[s]!]!++;
  for (let s = 0; s < hdist; s++) clFreq[distLen[s]!]!++;
  const clLen = codeLengths(clFreq, 7);
  const clCode = canonicalCodes(clLen);
  let hclen = 19;
  while (hclen > 4 && clLen[CL_ORDER[hclen - 1]!] === 0) hclen--;
  out.put(last ? 1 : 0, 1);
  out.put(2, 2); // dynamic Huffman
  out.put(hlit - 257, 5);
  out.put(hdist - 1, 5);
  out.put(hclen - 4, 4);
  for (let k = 0; k < hclen; k++) out.put(clLen[CL_ORDER[k]!]!, 3);
  for (let s = 0; s < hlit; s++) out.put(clCode[litLen[s]!]!, clLen[litLen[s]!]!);
  for (let s = 0; s < hdist; s++) out.put(clCode[distLen[s]!]!, clLen[distLen[s]!]!);
  const runCode = distCode[0]!;
  const runBits = distLen[0]!;
  const rowCode = distCode[row.code]!;
  const rowBits = distLen[row.code]!;
  for (let k = 0; k < count; k++) {
    const tok = tokens[k]!;
    if (tok < 256) {
      out.put(litCode[tok]!, litLen[tok]!);
      continue;
    }
    const len = (tok >>> 9) & 511;
    const lc = LENGTH_CODE[len]!;
    out.put(litCode[lc]!, litLen[lc]!);
    const eb = LENGTH_EXTRA_BITS[len]!;
    if (eb) out.put(LENGTH_EXTRA_VALUE[len]!, eb);
    if (tok & (1 << 18)) {
      out.put(rowCode, rowBits);
      if (row.bits) out.put(row.value, row.bits);
    } else out.put(runCode, runBits);
  }
  out.put(litCode[256]!, litLen[256]!);
}
