import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildHuffman, encodeJpeg, quantTable, roundCoefficient } from './jpeg';

describe('JPEG encoder', () => {
  it('builds prefix-free Huffman codes of at most 16 bits, none all ones, for any counts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000_000 }), { minLength: 256, maxLength: 256 }), (counts) => {
        const freq = new Uint32Array(257);
        freq.set(counts);
        const h = buildHuffman(freq);
        const used = counts.flatMap((c, s) => (c > 0 ? [s] : []));
        expect([...h.values].sort((a, b) => a - b)).toEqual(used);
        expect(h.bits.reduce((a, b) => a + b, 0)).toBe(used.length);
        const codes = used.map((s) => h.code[s]!.toString(2).padStart(h.size[s]!, '0')).sort();
        const bad = codes.filter(
          (c, i) =>
            c.length === 0 || c.length > 16 || !c.includes('0') || (codes[i + 1]?.startsWith(c) ?? false),
        );
        expect(bad).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('rounds a coefficient as Math.round does, but for an x within 2⁻³⁰ of a half (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -2047, max: 2047, noNaN: true }), (x) => {
        const nearHalf = Math.abs(x - Math.floor(x) - 0.5) < 2 ** -30;
        const r = roundCoefficient(x);
        if (nearHalf) expect(Math.abs(r - Math.round(x))).toBeLessThanOrEqual(1);
        else expect(r).toBe(Math.round(x) + 0); // + 0: Math.round gives −0 for x in [−0.5, 0)
      }),
      { numRuns: 2000 },
    );
    for (let k = -2047; k <= 2047; k++) {
      expect(roundCoefficient(k)).toBe(k);
      expect(roundCoefficient(k + 0.5)).toBe(Math.round(k + 0.5) + 0);
    }
  });

  it('scales the quantisation tables by quality (IJG), clamped to 1–255', () => {
    const base = [16, 11, 99, 255];
    expect([...quantTable(base, 50)]).toEqual([16, 11, 99, 255]);
    expect([...quantTable(base, 100)]).toEqual([1, 1, 1, 1]);
    expect([...quantTable(base, 80)]).toEqual([6, 4, 40, 102]);
    expect([...quantTable(base, 1)]).toEqual([255, 255, 255, 255]);
  });

  it('writes a baseline JFIF stream with the size, three components and 2 × 2 luma sampling', () => {
    const data = new Uint8Array(21 * 13 * 4).map((_, i) => (i * 37) & 255);
    const jpg = encodeJpeg({
      data,
      width: 21,
      height: 13,
      bytesPerPixel: 4,
      channels: [0, 1, 2],
      quality: 80,
    });
    expect([...jpg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...jpg.subarray(-2)]).toEqual([0xff, 0xd9]);
    const sof = jpg.indexOf(0xc0, 2);
    expect(jpg[sof - 1]).toBe(0xff);
    expect([...jpg.subarray(sof + 3, sof + 17)]).toEqual([
      8, 0, 13, 0, 21, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11,
    ]);
    expect(() =>
      encodeJpeg({ data, width: 0, height: 13, bytesPerPixel: 4, channels: [0, 1, 2], quality: 80 }),
    ).toThrow(RangeError);
  });
});
