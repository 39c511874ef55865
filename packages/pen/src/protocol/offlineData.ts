/**
 * Offline stroke data (pen-protocol.md §8.7): the payload data of 0x24 chunks, once inflated, is a
 * run of strokes, each a 27-byte header and `dotCount` 16-byte dots. Every dot ends with a
 * checksum, the low byte of the sum of its first 15 bytes. Compressed data is a zlib stream
 * (RFC 1950); `fflate` does the (de)compression.
 */
import { Unzlib, zlibSync } from 'fflate';
import { u16At, u32At, u64At } from './bytes';

/** Size of an offline stroke header. */
export const OFFLINE_STROKE_HEADER_BYTES = 27;
/** Size of an offline dot. */
export const OFFLINE_DOT_BYTES = 16;

/** One offline dot, as on the wire: whole and hundredth parts of the coordinates. */
export interface OfflineDot {
  readonly dtMs: number;
  readonly force: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
  readonly tiltX: number;
  readonly tiltY: number;
  readonly twist: number;
}

/** One offline stroke (the page comes from the stroke; section/owner/note from the chunk). */
export interface OfflineStroke {
  readonly page: number;
  readonly downTimeMs: number;
  readonly upTimeMs: number;
  readonly penTipType: number;
  readonly colorArgb: number;
  readonly dots: readonly OfflineDot[];
}

/** The result of parsing inflated chunk data. */
export interface OfflineStrokesParse {
  readonly strokes: readonly OfflineStroke[];
  /** Dots whose checksum byte did not match (they are kept). */
  readonly badChecksums: number;
  /** Set when the data ended inside a stroke, or bytes were left over. */
  readonly problem?: string;
}

/** The checksum of a dot: low byte of the sum of its bytes 0–14. */
export function offlineDotChecksum(b: Uint8Array, o = 0): number {
  let s = 0;
  for (let i = 0; i < 15; i++) s += b[o + i]!;
  return s & 0xff;
}

/** The uncompressed size of some strokes. */
export function offlineStrokesSize(strokes: readonly OfflineStroke[]): number {
  let n = 0;
  for (const s of strokes) n += OFFLINE_STROKE_HEADER_BYTES + OFFLINE_DOT_BYTES * s.dots.length;
  return n;
}

function put32(b: Uint8Array, o: number, v: number): void {
  const x = v >>> 0;
  b[o] = x & 0xff;
  b[o + 1] = (x >>> 8) & 0xff;
  b[o + 2] = (x >>> 16) & 0xff;
  b[o + 3] = (x >>> 24) & 0xff;
}

function put64(b: Uint8Array, o: number, v: number): void {
  const hi = Math.floor(v / 0x1_0000_0000);
  put32(b, o, v - hi * 0x1_0000_0000);
  put32(b, o + 4, hi);
}

/** Serialises strokes (uncompressed), filling every dot's checksum. */
export function encodeOfflineStrokes(strokes: readonly OfflineStroke[]): Uint8Array {
  const out = new Uint8Array(offlineStrokesSize(strokes));
  let o = 0;
  for (const s of strokes) {
    put32(out, o, s.page);
    put64(out, o + 4, s.downTimeMs);
    put64(out, o + 12, s.upTimeMs);
    out[o + 20] = s.penTipType;
    put32(out, o + 21, s.colorArgb);
    out[o + 25] = s.dots.length & 0xff;
    out[o + 26] = (s.dots.length >>> 8) & 0xff;
    o += OFFLINE_STROKE_HEADER_BYTES;
    for (const d of s.dots) {
      out[o] = d.dtMs;
      out[o + 1] = d.force & 0xff;
      out[o + 2] = (d.force >>> 8) & 0xff;
      out[o + 3] = d.x & 0xff;
      out[o + 4] = (d.x >>> 8) & 0xff;
      out[o + 5] = d.y & 0xff;
      out[o + 6] = (d.y >>> 8) & 0xff;
      out[o + 7] = d.fx;
      out[o + 8] = d.fy;
      out[o + 9] = d.tiltX;
      out[o + 10] = d.tiltY;
      out[o + 11] = d.twist & 0xff;
      out[o + 12] = (d.twist >>> 8) & 0xff;
      out[o + 15] = offlineDotChecksum(out, o);
      o += OFFLINE_DOT_BYTES;
    }
  }
  return out;
}

/** Parses uncompressed stroke data holding `strokeCount` strokes (checksums are verified). */
export function decodeOfflineStrokes(data: Uint8Array, strokeCount: number): OfflineStrokesParse {
  const strokes: OfflineStroke[] = [];
  let bad = 0;
  let o = 0;
  for (let k = 0; k < strokeCount; k++) {
    if (o + OFFLINE_STROKE_HEADER_BYTES > data.length) {
      return { strokes, badChecksums: bad, problem: `stroke ${k} header runs past the data` };
    }
    const dotCount = u16At(data, o + 25);
    const header = {
      page: u32At(data, o),
      downTimeMs: u64At(data, o + 4),
      upTimeMs: u64At(data, o + 12),
      penTipType: data[o + 20]!,
      colorArgb: u32At(data, o + 21),
    };
    o += OFFLINE_STROKE_HEADER_BYTES;
    if (o + dotCount * OFFLINE_DOT_BYTES > data.length) {
      return { strokes, badChecksums: bad, problem: `stroke ${k} dots run past the data` };
    }
    const dots: OfflineDot[] = [];
    for (let i = 0; i < dotCount; i++, o += OFFLINE_DOT_BYTES) {
      if (offlineDotChecksum(data, o) !== data[o + 15]) bad++;
      dots.push({
        dtMs: data[o]!,
        force: u16At(data, o + 1),
        x: u16At(data, o + 3),
        y: u16At(data, o + 5),
        fx: data[o + 7]!,
        fy: data[o + 8]!,
        tiltX: data[o + 9]!,
        tiltY: data[o + 10]!,
        twist: u16At(data, o + 11),
      });
    }
    strokes.push({ ...header, dots });
  }
  if (o !== data.length) {
    return {
      strokes,
      badChecksums: bad,
      problem: `${data.length - o} bytes left after ${strokeCount} strokes`,
    };
  }
  return { strokes, badChecksums: bad };
}

/** zlib-compresses chunk data (level 9 by default). */
export function deflateChunkData(
  data: Uint8Array,
  level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = 9,
): Uint8Array {
  return zlibSync(data, { level });
}

/**
 * Compressed bytes fed to the inflater at a time: deflate expands at most ~1,032×, so one step
 * makes at most ~0.5 MB before the limit is checked again.
 */
const INFLATE_STEP_BYTES = 512;

/** Compressed offline data that inflates to more bytes than its chunk header declares. */
export class OfflineInflateLimitError extends RangeError {
  constructor(readonly limitBytes: number) {
    super(`the compressed data inflates past the ${limitBytes} bytes its header declares`);
    this.name = 'OfflineInflateLimitError';
  }
}

/**
 * Inflates a zlib stream, stopping as soon as the output passes `maxBytes` (the chunk header's
 * "size before compression"): a 64 KiB frame could otherwise inflate to 64 MiB. Throws an
 * {@link OfflineInflateLimitError} past the limit and fflate's error on corrupt data.
 */
export function inflateChunkData(data: Uint8Array, maxBytes = Number.POSITIVE_INFINITY): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflater = new Unzlib((part) => {
    total += part.length;
    if (total <= maxBytes && part.length > 0) parts.push(part);
  });
  for (let at = 0; at < data.length || at === 0; at += INFLATE_STEP_BYTES) {
    const end = Math.min(data.length, at + INFLATE_STEP_BYTES);
    inflater.push(data.subarray(at, end), end === data.length);
    if (total > maxBytes) throw new OfflineInflateLimitError(maxBytes);
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let o = 0;
  for (const part of parts) {
    out.set(part, o);
    o += part.length;
  }
  return out;
}
