/**
 * Little-endian byte reading and writing for protocol payloads (pen-protocol.md §2.5): integers are
 * little-endian, `u64` timestamps are read as two `u32` halves (exact below 2^53), fixed-width
 * strings are zero-padded and may fill their whole field.
 */

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: false });

/** Reads a `u16` LE at `o`. The caller guarantees the bounds. */
export function u16At(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8);
}

/** Reads a `u32` LE at `o` (as an unsigned number). */
export function u32At(b: Uint8Array, o: number): number {
  return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
}

/** Reads a `u64` LE at `o` as a number (exact up to 2^53, which covers every epoch-ms time). */
export function u64At(b: Uint8Array, o: number): number {
  return u32At(b, o) + u32At(b, o + 4) * 0x1_0000_0000;
}

/** Reads a zero-padded string field of `width` bytes at `o`, dropping every `0x00` byte. */
export function strAt(b: Uint8Array, o: number, width: number): string {
  const field = b.subarray(o, Math.min(b.length, o + width));
  return utf8Decoder.decode(field.indexOf(0) < 0 ? field : field.filter((x) => x !== 0));
}

/** The UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

/** A growable little-endian byte writer. */
export class ByteWriter {
  private buf: Uint8Array;
  private n = 0;

  constructor(capacity = 64) {
    this.buf = new Uint8Array(Math.max(8, capacity));
  }

  /** Bytes written so far. */
  get length(): number {
    return this.n;
  }

  private room(extra: number): void {
    if (this.n + extra <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.n + extra) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }

  u8(v: number): this {
    this.room(1);
    this.buf[this.n++] = v & 0xff;
    return this;
  }

  u16(v: number): this {
    this.room(2);
    this.buf[this.n++] = v & 0xff;
    this.buf[this.n++] = (v >>> 8) & 0xff;
    return this;
  }

  u32(v: number): this {
    this.room(4);
    const x = v >>> 0;
    this.buf[this.n++] = x & 0xff;
    this.buf[this.n++] = (x >>> 8) & 0xff;
    this.buf[this.n++] = (x >>> 16) & 0xff;
    this.buf[this.n++] = (x >>> 24) & 0xff;
    return this;
  }

  /** A `u64` from a non-negative integer number (exact up to 2^53). */
  u64(v: number): this {
    const hi = Math.floor(v / 0x1_0000_0000);
    return this.u32(v - hi * 0x1_0000_0000).u32(hi);
  }

  bytes(b: Uint8Array | readonly number[]): this {
    this.room(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
    return this;
  }

  /** A fixed-width string field: UTF-8, truncated to `width`, zero-padded. */
  str(text: string, width: number): this {
    const b = utf8(text);
    return this.fixed(b, width);
  }

  /** Raw bytes in a fixed-width field: truncated to `width`, zero-padded. */
  fixed(b: Uint8Array, width: number): this {
    this.room(width);
    const k = Math.min(width, b.length);
    this.buf.set(b.subarray(0, k), this.n);
    this.buf.fill(0, this.n + k, this.n + width);
    this.n += width;
    return this;
  }

  zeros(count: number): this {
    this.room(count);
    this.buf.fill(0, this.n, this.n + count);
    this.n += count;
    return this;
  }

  /** A copy of the bytes written. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}

/** Thrown by {@link ByteReader} when a field runs past the end of the payload. */
export class ShortPayloadError extends Error {
  constructor(
    readonly needed: number,
    readonly available: number,
  ) {
    super(`payload too short: needs ${needed} bytes, has ${available}`);
    this.name = 'ShortPayloadError';
  }
}

/** A bounds-checked little-endian reader over a payload. */
export class ByteReader {
  private o = 0;

  constructor(private readonly b: Uint8Array) {}

  /** Current offset. */
  get offset(): number {
    return this.o;
  }

  /** Bytes left. */
  get remaining(): number {
    return this.b.length - this.o;
  }

  private need(k: number): number {
    if (this.o + k > this.b.length) throw new ShortPayloadError(this.o + k, this.b.length);
    const at = this.o;
    this.o += k;
    return at;
  }

  u8(): number {
    return this.b[this.need(1)]!;
  }

  u16(): number {
    return u16At(this.b, this.need(2));
  }

  u32(): number {
    return u32At(this.b, this.need(4));
  }

  u64(): number {
    return u64At(this.b, this.need(8));
  }

  str(width: number): string {
    return strAt(this.b, this.need(width), width);
  }

  /** The next `k` bytes (a copy). */
  bytes(k: number): Uint8Array {
    const at = this.need(k);
    return this.b.slice(at, at + k);
  }

  /** Everything left (a copy). */
  rest(): Uint8Array {
    return this.bytes(this.remaining);
  }

  skip(k: number): this {
    this.need(k);
    return this;
  }
}

/** Bytes as spaced upper-case hex (`C0 01 2A`), for logs and tests. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');
}

/** Parses hex text (white space ignored) into bytes. Throws RangeError on odd or bad digits. */
export function fromHex(text: string): Uint8Array {
  const h = text.replace(/\s+/g, '');
  if (h.length % 2 !== 0 || /[^0-9a-fA-F]/.test(h)) throw new RangeError(`invalid hex: ${text}`);
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}
