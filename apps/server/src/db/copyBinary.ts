/**
 * Rows in PostgreSQL's binary COPY format (`COPY … FROM … WITH (FORMAT binary)`): the fastest way
 * to store many rows, on PostgreSQL and on PGlite alike — the server reads the values as they are
 * stored (no text to parse) and writes whole heap pages at once.
 *
 * Layout (PostgreSQL documentation, "COPY — Binary Format"): the 11-byte signature, a 32-bit flags
 * field and a 32-bit header-extension length (both 0); per row a 16-bit field count, then per field
 * a 32-bit byte length and the value in the type's binary send form (big-endian); a 16-bit -1 ends
 * the data.
 */

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
/** PostgreSQL's timestamp epoch (2000-01-01T00:00:00Z) in Unix epoch ms. */
const PG_EPOCH_MS = 946_684_800_000;
const utf8 = new TextEncoder();

/** Builds one binary COPY stream: `row(n)`, then each of the row's `n` values, …, then `finish()`. */
export class CopyBinaryWriter {
  private bytes: Uint8Array;
  private view: DataView;
  private at = 0;

  /** `sizeHint`: the expected size in bytes (the buffer grows past it when needed). */
  constructor(sizeHint = 64 * 1024) {
    this.bytes = new Uint8Array(Math.max(64, sizeHint));
    this.view = new DataView(this.bytes.buffer);
    this.bytes.set(SIGNATURE, 0);
    this.at = SIGNATURE.length;
    this.view.setInt32(this.at, 0);
    this.view.setInt32(this.at + 4, 0);
    this.at += 8;
  }

  /** Starts a row of `fieldCount` values. */
  row(fieldCount: number): this {
    this.reserve(2);
    this.view.setInt16(this.at, fieldCount);
    this.at += 2;
    return this;
  }

  /** `smallint` (int2). */
  int2(value: number): this {
    this.field(2).setInt16(this.at, value);
    this.at += 2;
    return this;
  }

  /** `integer` (int4). */
  int4(value: number): this {
    this.field(4).setInt32(this.at, value);
    this.at += 4;
    return this;
  }

  /** `bigint` (int8), from a safe integer. */
  int8(value: number): this {
    this.field(8).setBigInt64(this.at, BigInt(value));
    this.at += 8;
    return this;
  }

  /** `double precision` (float8). */
  float8(value: number): this {
    this.field(8).setFloat64(this.at, value);
    this.at += 8;
    return this;
  }

  /** `timestamptz` from epoch milliseconds (stored as microseconds since 2000-01-01 UTC). */
  timestampMs(epochMs: number): this {
    this.field(8).setBigInt64(this.at, BigInt(Math.round((epochMs - PG_EPOCH_MS) * 1000)));
    this.at += 8;
    return this;
  }

  /** `text` (UTF-8), written in place (ids and pen addresses are ASCII: one byte a character). */
  text(value: string): this {
    const n = value.length;
    this.reserve(4 + n);
    const start = this.at + 4;
    const bytes = this.bytes;
    let i = 0;
    for (; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) break;
      bytes[start + i] = c;
    }
    let length = i;
    if (i < n) {
      // the rest takes at most 3 bytes a UTF-16 unit; a buffer grown for it keeps what this text
      // wrote already (its length field and ASCII start lie beyond `at`)
      const rest = value.slice(i);
      const at = this.at;
      this.at = start + i;
      this.reserve(rest.length * 3);
      this.at = at;
      length += utf8.encodeInto(rest, this.bytes.subarray(start + i)).written;
    }
    this.view.setInt32(this.at, length);
    this.at = start + length;
    return this;
  }

  /** `bytea`. */
  bytea(value: Uint8Array): this {
    this.field(value.length);
    this.bytes.set(value, this.at);
    this.at += value.length;
    return this;
  }

  /** A NULL value. */
  null(): this {
    this.reserve(4);
    this.view.setInt32(this.at, -1);
    this.at += 4;
    return this;
  }

  /**
   * Ends the data; the writer is not used after this. The bytes fill their own buffer (copied
   * into one of their size when the hint was larger), so they can be handed to the PGlite worker
   * instead of copied (a view's whole buffer would be cloned).
   */
  finish(): Uint8Array {
    this.reserve(2);
    this.view.setInt16(this.at, -1);
    this.at += 2;
    return this.at === this.bytes.length ? this.bytes : this.bytes.slice(0, this.at);
  }

  /** Writes a field's length and makes room for its value. */
  private field(length: number): DataView {
    this.reserve(4 + length);
    this.view.setInt32(this.at, length);
    this.at += 4;
    return this.view;
  }

  private reserve(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}
