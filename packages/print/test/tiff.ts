/**
 * A tiny reader for the uncompressed 8-bit greyscale TIFFs Ghostscript's `tiffsep` device writes
 * (one per ink). Test support only.
 */
import { readFileSync } from 'node:fs';

/** One separation plate: 1 byte per pixel, rows top-down. */
export interface Plate {
  readonly width: number;
  readonly height: number;
  /** Ink amount per pixel as stored (see `inkAt`). */
  readonly data: Uint8Array;
  /** 0 = white, MinIsWhite (0) or MinIsBlack (1). */
  readonly photometric: number;
}

/** Reads the first image of an uncompressed 8-bit single-channel TIFF. */
export function readPlate(path: string): Plate {
  const buf = readFileSync(path);
  const le = buf.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  if (u16(2) !== 42) throw new Error(`${path}: not a TIFF`);
  const ifd = u32(4);
  const n = u16(ifd);
  const tags = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    const tag = u16(e);
    const type = u16(e + 2);
    const count = u32(e + 4);
    const size = type === 3 ? 2 : type === 4 ? 4 : 1;
    const at = count * size <= 4 ? e + 8 : u32(e + 8);
    const values: number[] = [];
    for (let k = 0; k < count && (type === 3 || type === 4); k++)
      values.push(type === 3 ? u16(at + 2 * k) : u32(at + 4 * k));
    tags.set(tag, values);
  }
  const one = (t: number) => tags.get(t)?.[0] ?? -1;
  const width = one(256);
  const height = one(257);
  if (one(258) !== 8 || (one(277) !== -1 && one(277) !== 1))
    throw new Error(`${path}: expected 8-bit, 1 sample`);
  if (one(259) !== 1) throw new Error(`${path}: expected no compression, got ${one(259)}`);
  const offsets = tags.get(273)!;
  const counts = tags.get(279)!;
  const data = new Uint8Array(width * height);
  let at = 0;
  offsets.forEach((o, k) => {
    data.set(buf.subarray(o, o + counts[k]!), at);
    at += counts[k]!;
  });
  if (at !== width * height) throw new Error(`${path}: strips hold ${at} bytes, expected ${width * height}`);
  return { width, height, data, photometric: one(262) };
}

/** The ink amount 0–255 at a pixel (0 = no ink), whatever the photometric convention. */
export function inkAt(p: Plate, x: number, y: number): number {
  const v = p.data[y * p.width + x]!;
  return p.photometric === 1 ? 255 - v : v;
}
