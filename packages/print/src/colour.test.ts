import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LUMINANCE_RATIO,
  GRIDA_LUMINANCE_RATIO,
  noTonerRgb,
  rgbaToNoTonerCmykInPlace,
} from './colour';

// fact sheet §5.3, the 10 worked pairs (GRIDA's ratio 0.8)
const PAIRS: [[number, number, number], [number, number, number]][] = [
  [
    [255, 255, 255],
    [255, 255, 255],
  ],
  [
    [0, 0, 0],
    [51, 51, 255],
  ],
  [
    [128, 128, 128],
    [153, 153, 255],
  ],
  [
    [255, 0, 0],
    [255, 94, 94],
  ],
  [
    [0, 255, 0],
    [197, 255, 197],
  ],
  [
    [0, 0, 255],
    [66, 66, 255],
  ],
  [
    [255, 255, 0],
    [255, 240, 240],
  ],
  [
    [0, 255, 255],
    [212, 212, 255],
  ],
  [
    [255, 0, 255],
    [109, 109, 255],
  ],
  [
    [200, 50, 40],
    [255, 116, 116],
  ],
];

describe('no-toner colour rule', () => {
  it.each(PAIRS)('maps %j to %j', (input, output) => {
    expect(noTonerRgb(...input, GRIDA_LUMINANCE_RATIO)).toEqual(output);
  });

  it("prints with engine.md §9's luminance ratio 0.6 by default (black → 102, 102, 255)", () => {
    expect(DEFAULT_LUMINANCE_RATIO).toBe(0.6);
    // L = 0.6·luminance + 255·0.4
    expect(noTonerRgb(0, 0, 0)).toEqual([102, 102, 255]);
    expect(noTonerRgb(255, 0, 0)).toEqual([255, 135, 135]);
    const rgba = Uint8Array.of(0, 0, 0, 255);
    rgbaToNoTonerCmykInPlace(rgba);
    expect([...rgba]).toEqual([153, 153, 0, 0]);
  });

  it('rounds L exactly as Math.round of the floating-point formula, ties included (property)', () => {
    const floatL = (r: number, g: number, b: number) =>
      Math.round((0.2126 * r + 0.7152 * g + 0.0722 * b) * 0.8 + 51);
    // near-ties where a fixed-point shortcut would go the other way
    const ties = [
      [0, 126, 59],
      [0, 249, 191],
      [0, 255, 45],
      [1, 5, 112],
      [1, 93, 54],
    ] as const;
    for (const [r, g, b] of ties)
      expect(Math.min(...noTonerRgb(r, g, b, GRIDA_LUMINANCE_RATIO))).toBe(floatL(r, g, b));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        (r, g, b) => {
          expect(Math.min(...noTonerRgb(r, g, b, GRIDA_LUMINANCE_RATIO))).toBe(floatL(r, g, b));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes CMYK with K = 0 in place: C = 255 − R, M = 255 − G, Y = 255 − B', () => {
    const rgba = new Uint8Array(PAIRS.flatMap(([i]) => [...i, 255]));
    const out = rgbaToNoTonerCmykInPlace(rgba, GRIDA_LUMINANCE_RATIO);
    expect(out).toBe(rgba);
    PAIRS.forEach(([, [r, g, b]], k) => {
      expect([...rgba.subarray(k * 4, k * 4 + 4)]).toEqual([255 - r, 255 - g, 255 - b, 0]);
    });
  });

  it('composites transparent pixels over white', () => {
    const rgba = new Uint8ClampedArray([0, 0, 0, 0, 0, 0, 0, 128]);
    rgbaToNoTonerCmykInPlace(rgba);
    expect([...rgba.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
    const half = noTonerRgb(127, 127, 127);
    expect([...rgba.subarray(4, 8)]).toEqual([255 - half[0], 255 - half[1], 255 - half[2], 0]);
  });

  it('never uses K, always leaves one of C/M/Y at 0 and stays below 205 (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 4, maxLength: 400 }).map((a) => a.subarray(0, a.length & ~3)),
        (bytes) => {
          const copy = bytes.slice();
          rgbaToNoTonerCmykInPlace(bytes);
          for (let i = 0; i < bytes.length; i += 4) {
            const [c, m, y, k] = bytes.subarray(i, i + 4);
            expect(k).toBe(0);
            expect(Math.min(c!, m!, y!)).toBe(0);
            expect(Math.max(c!, m!, y!)).toBeLessThanOrEqual(204);
            if (copy[i + 3] === 255) {
              const [r, g, b] = noTonerRgb(copy[i]!, copy[i + 1]!, copy[i + 2]!);
              expect([c, m, y]).toEqual([255 - r, 255 - g, 255 - b]);
            }
          }
        },
      ),
    );
  });

  it('gives the same bytes for aligned and unaligned buffers and for runs of equal pixels (property)', () => {
    const pixel = fc.constantFrom(
      [255, 255, 255, 255],
      [0, 0, 0, 255],
      [10, 200, 30, 255],
      [255, 255, 255, 0],
      [0, 0, 0, 128],
      [77, 77, 77, 255],
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(pixel, fc.integer({ min: 1, max: 5 })), { maxLength: 40 }), (runs) => {
        const bytes = runs.flatMap(([px, n]) => Array.from({ length: n }, () => px).flat());
        const aligned = rgbaToNoTonerCmykInPlace(new Uint8Array(bytes));
        const unaligned = rgbaToNoTonerCmykInPlace(new Uint8Array([9, ...bytes]).subarray(1));
        expect([...unaligned]).toEqual([...aligned]);
        for (let i = 0; i < bytes.length; i += 4) {
          if (bytes[i + 3] !== 255) continue;
          const [r, g, b] = noTonerRgb(bytes[i]!, bytes[i + 1]!, bytes[i + 2]!);
          expect([...aligned.subarray(i, i + 4)]).toEqual([255 - r, 255 - g, 255 - b, 0]);
        }
      }),
    );
  });

  it('gives the same bytes on the fast word path as on the byte path for any pixels, alpha and ratio (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 4, maxLength: 800 }).map((a) => a.subarray(0, a.length & ~3)),
        fc.oneof(
          fc.constant(DEFAULT_LUMINANCE_RATIO),
          fc.constant(GRIDA_LUMINANCE_RATIO),
          fc.double({ min: 0.05, max: 1, noNaN: true }),
        ),
        (bytes, ratio) => {
          const words = rgbaToNoTonerCmykInPlace(bytes.slice(), ratio); // aligned: word path
          const shifted = new Uint8Array(bytes.length + 1);
          shifted.set(bytes, 1);
          const perByte = rgbaToNoTonerCmykInPlace(shifted.subarray(1), ratio); // unaligned: byte path
          expect([...words]).toEqual([...perByte]);
        },
      ),
    );
  });

  it('converts a raster that starts with transparent black (white over white) to 0', () => {
    const rgba = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255]);
    rgbaToNoTonerCmykInPlace(rgba);
    const [r, g, b] = noTonerRgb(0, 0, 0);
    expect([...rgba]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 255 - r, 255 - g, 255 - b, 0]);
  });

  it('rejects a buffer that is not whole pixels', () => {
    expect(() => rgbaToNoTonerCmykInPlace(new Uint8Array(5))).toThrow(RangeError);
  });
});
