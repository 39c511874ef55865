/**
 * The little-endian byte layer every payload goes through (pen-protocol.md §2.5): integers are
 * little-endian, `u64` times are two `u32` halves, fixed-width strings are zero-padded and may fill
 * their whole field; a reader never reads past the payload.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ByteReader,
  ByteWriter,
  fromHex,
  ShortPayloadError,
  strAt,
  toHex,
  u16At,
  u32At,
  u64At,
  utf8,
} from './bytes';

describe('reading integers', () => {
  it('reads u16, u32 and u64 little-endian, the high bits unsigned', () => {
    const b = fromHex('FE 34 12 78 56 34 12 FF FF FF FF 01 02 03 04 05 06 07 00');
    expect(u16At(b, 1)).toBe(0x1234);
    expect(u16At(b, 7)).toBe(0xffff);
    expect(u32At(b, 3)).toBe(0x12345678);
    expect(u32At(b, 7)).toBe(0xffff_ffff);
    // 0x0007060504030201: above 2^32, below 2^53.
    expect(u64At(b, 11)).toBe(0x07_0605_0403_0201);
    // An epoch-ms time (2025-03-03T08:00:00Z = 1740988800000 = 0x195_5B04_DC00).
    expect(u64At(fromHex('00 DC 04 5B 95 01 00 00'), 0)).toBe(Date.UTC(2025, 2, 3, 8));
  });

  it('reads back what the writer wrote (u8, u16, u32, u64)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xff }),
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 0xffff_ffff }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        (a, b, c, d) => {
          const bytes = new ByteWriter(1).u8(a).u16(b).u32(c).u64(d).finish();
          expect(bytes).toHaveLength(15);
          expect(bytes[0]).toBe(a);
          expect(u16At(bytes, 1)).toBe(b);
          expect(u32At(bytes, 3)).toBe(c);
          expect(u64At(bytes, 7)).toBe(d);
          const r = new ByteReader(bytes);
          expect([r.u8(), r.u16(), r.u32(), r.u64()]).toEqual([a, b, c, d]);
          expect(r.remaining).toBe(0);
        },
      ),
    );
  });
});

describe('ByteWriter', () => {
  it('writes the low bytes of each integer, little-endian', () => {
    const w = new ByteWriter().u8(0x1ab).u16(0x1_2345).u32(-1).u32(0x8000_0001).u16(-2);
    expect(toHex(w.finish())).toBe('AB 45 23 FF FF FF FF 01 00 00 80 FE FF');
    expect(w.length).toBe(13);
    expect(toHex(new ByteWriter().u64(2 ** 32 + 5).finish())).toBe('05 00 00 00 01 00 00 00');
    expect(toHex(new ByteWriter().u64(0x1f_ffff_ffff_ffff).finish())).toBe('FF FF FF FF FF FF 1F 00');
  });

  it('grows past its capacity however the bytes arrive, keeping what it wrote', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 12 }),
        (capacity, chunks) => {
          const w = new ByteWriter(capacity);
          let all: number[] = [];
          for (const c of chunks) {
            w.bytes(c);
            if (c.length > 0) w.u8(c[0]!);
            all = all.concat(Array.from(c), c.length > 0 ? [c[0]!] : []);
            expect(w.length).toBe(all.length);
          }
          expect(Array.from(w.finish())).toEqual(all);
        },
      ),
    );
  });

  it('writes a plain array of bytes, and zeros', () => {
    expect(toHex(new ByteWriter().bytes([1, 2]).zeros(3).u8(9).finish())).toBe('01 02 00 00 00 09');
    expect(new ByteWriter(0).zeros(100).finish()).toEqual(new Uint8Array(100));
  });

  it('writes fixed-width fields: truncated to the width, zero-padded', () => {
    const w = new ByteWriter()
      .str('abc', 5)
      .str('abcdef', 4)
      .fixed(Uint8Array.of(7, 8, 9), 2)
      .str('', 2);
    expect(toHex(w.finish())).toBe('61 62 63 00 00 61 62 63 64 07 08 00 00');
    expect(w.length).toBe(13);
    // UTF-8: 'é' is two bytes.
    expect(toHex(new ByteWriter().str('é', 3).finish())).toBe('C3 A9 00');
  });

  it('finishes with a copy: writing on does not change it', () => {
    const w = new ByteWriter().u8(1);
    const first = w.finish();
    w.u8(2);
    expect(Array.from(first)).toEqual([1]);
    expect(Array.from(w.finish())).toEqual([1, 2]);
  });
});

describe('strings', () => {
  it('reads a zero-padded field, one that fills its width, and drops every 0x00 byte', () => {
    const b = utf8('NWP-F121\0\0XY');
    expect(strAt(b, 0, 10)).toBe('NWP-F121');
    expect(strAt(b, 0, 8)).toBe('NWP-F121');
    expect(strAt(b, 0, 12)).toBe('NWP-F121XY');
    expect(strAt(Uint8Array.of(0x41, 0, 0x42, 0), 0, 4)).toBe('AB');
    // A field running past the payload reads what is there.
    expect(strAt(b, 10, 16)).toBe('XY');
    expect(strAt(utf8('héllo'), 1, 2)).toBe('é');
    // A broken UTF-8 byte (a pen's name field) reads as U+FFFD, never throws.
    expect(strAt(Uint8Array.of(0x41, 0xff, 0x42), 0, 3)).toBe('A\uFFFDB');
  });

  it('reads back any string the writer wrote in a field wide enough', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\0')),
        fc.nat(8),
        (s, pad) => {
          const width = utf8(s).length + pad;
          const r = new ByteReader(new ByteWriter().str(s, width).u8(0x5a).finish());
          expect(r.str(width)).toBe(s);
          expect(r.u8()).toBe(0x5a);
        },
      ),
    );
  });
});

describe('ByteReader', () => {
  it('keeps its offset and what is left', () => {
    const r = new ByteReader(fromHex('01 02 03 04 05 06 07'));
    expect([r.offset, r.remaining]).toEqual([0, 7]);
    expect(r.skip(2)).toBe(r);
    expect([r.offset, r.remaining]).toEqual([2, 5]);
    expect(toHex(r.bytes(2))).toBe('03 04');
    expect([r.offset, r.remaining]).toEqual([4, 3]);
    expect(toHex(r.rest())).toBe('05 06 07');
    expect([r.offset, r.remaining]).toEqual([7, 0]);
    expect(toHex(r.rest())).toBe('');
  });

  it('reads up to the last byte, and refuses one byte more with what was needed', () => {
    const b = fromHex('01 02 03 04');
    expect(new ByteReader(b).u32()).toBe(0x04030201);
    expect(toHex(new ByteReader(b).bytes(4))).toBe('01 02 03 04');
    const r = new ByteReader(b);
    r.u16();
    const error = (() => {
      try {
        r.u32();
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ShortPayloadError);
    expect(error).toMatchObject({
      name: 'ShortPayloadError',
      needed: 6,
      available: 4,
      message: 'payload too short: needs 6 bytes, has 4',
    });
    // A refused read moves nothing.
    expect(r.offset).toBe(2);
    expect(r.u16()).toBe(0x0403);
    for (const read of [
      (x: ByteReader) => x.u8(),
      (x: ByteReader) => x.u16(),
      (x: ByteReader) => x.u64(),
      (x: ByteReader) => x.str(1),
      (x: ByteReader) => x.skip(1),
      (x: ByteReader) => x.bytes(1),
    ])
      expect(() => read(r)).toThrow(ShortPayloadError);
    expect(() => new ByteReader(b).u64()).toThrow('needs 8 bytes, has 4');
  });

  it('answers copies: changing them leaves the payload alone', () => {
    const b = fromHex('01 02 03');
    const r = new ByteReader(b);
    r.bytes(1)[0] = 9;
    r.rest()[0] = 9;
    expect(toHex(b)).toBe('01 02 03');
  });
});

describe('hex', () => {
  it('prints spaced upper-case pairs and reads them back, white space ignored', () => {
    expect(toHex(Uint8Array.of(0xc0, 0x01, 0x2a, 0xff, 0))).toBe('C0 01 2A FF 00');
    expect(toHex(new Uint8Array(0))).toBe('');
    expect(Array.from(fromHex(' c0 01\n2A\tff '))).toEqual([0xc0, 0x01, 0x2a, 0xff]);
    expect(Array.from(fromHex('C0012a'))).toEqual([0xc0, 0x01, 0x2a]);
    expect(fromHex('')).toEqual(new Uint8Array(0));
    fc.assert(
      fc.property(fc.uint8Array(), (b) => {
        expect(fromHex(toHex(b))).toEqual(b);
      }),
    );
  });

  it('refuses an odd count of digits and any other character', () => {
    expect(() => fromHex('C0 1')).toThrow(RangeError);
    expect(() => fromHex('C0 1')).toThrow('invalid hex: C0 1');
    expect(() => fromHex('C0 1G')).toThrow(RangeError);
    expect(() => fromHex('G0 12')).toThrow(RangeError);
    expect(() => fromHex('0x12')).toThrow(RangeError);
  });
});
