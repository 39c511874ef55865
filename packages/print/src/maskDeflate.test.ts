import fc from 'fast-check';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { adler32, codeLengths, deflateRows } from './maskDeflate';

/** True when both hold the same bytes (faster than a deep equality on megabytes). */
function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A mask-like raster: empty rows, rows repeating the row above with a few bytes changed, runs. */
function maskLike(rows: number, rowBytes: number, seed: number): Uint8Array {
  const out = new Uint8Array(rows * rowBytes);
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s >>> 16;
  };
  for (let y = 0; y < rows; y++) {
    const kind = y % 8;
    for (let x = 0; x < rowBytes; x++) {
      const i = y * rowBytes + x;
      if (kind >= 4) out[i] = 0;
      else if (kind % 2 === 1 && x % 7 !== 0) out[i] = out[i - rowBytes]!;
      else out[i] = [0, 0x60, 0x80, 0x81, 0xc0, 0x01][next() % 6]!;
    }
  }
  return out;
}

describe('deflateRows (the dot mask deflater)', () => {
  it('gives a zlib stream that inflates to the input, whatever the bytes and row length (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 3000 }),
        fc.integer({ min: 1, max: 700 }),
        (data, rowBytes) => {
          expect(unzlibSync(deflateRows(data, rowBytes))).toEqual(data);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('inflates back to a mask-like raster spanning several blocks, and codes it small', () => {
    const rowBytes = 621;
    const data = maskLike(1200, rowBytes, 7); // 745 kB: three deflate blocks
    const z = deflateRows(data, rowBytes);
    expect(same(unzlibSync(z), data)).toBe(true);
    expect(z.length).toBeLessThan(data.length / 4);
    // runs longer than a match (258) and rows wider than the window both still round-trip
    const zeros = new Uint8Array(100_000);
    expect(same(unzlibSync(deflateRows(zeros, 40_000)), zeros)).toBe(true);
    expect(deflateRows(zeros, 621).length).toBeLessThan(1_000);
  });

  it('rejects a row length that is not a positive integer', () => {
    expect(() => deflateRows(new Uint8Array(4), 0)).toThrow(RangeError);
    expect(() => deflateRows(new Uint8Array(4), 1.5)).toThrow(RangeError);
  });

  it('builds complete prefix codes within the length limit for any frequencies (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.nat({ max: 5_000_000 })), { minLength: 2, maxLength: 286 }),
        fc.constantFrom(7, 15),
        (counts, limit) => {
          const lengths = codeLengths(Uint32Array.from(counts), limit);
          let kraft = 0;
          for (const [s, l] of lengths.entries()) {
            expect(l).toBeLessThanOrEqual(limit);
            if (counts[s]! > 0) expect(l).toBeGreaterThan(0);
            if (l > 0) kraft += 2 ** -l;
          }
          expect(kraft).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('computes Adler-32 as zlib does', () => {
    expect(adler32(new TextEncoder().encode('Wikipedia'))).toBe(0x11e60398);
    expect(adler32(new Uint8Array(0))).toBe(1);
    // past the 5,552-byte stretch the sums are reduced after: as reducing at every byte
    const long = new Uint8Array(100_000).map((_, i) => (i * 31) & 255);
    let a = 1;
    let b = 0;
    for (const v of long) {
      a = (a + v) % 65521;
      b = (b + a) % 65521;
    }
    expect(adler32(long)).toBe(((b << 16) | a) >>> 0);
  });
});
