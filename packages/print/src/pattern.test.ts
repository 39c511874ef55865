import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readNcodeData } from '../../../test-support/shared';
import { type CodePage, readCodePage, SYMBOL_D, SYMBOL_L, SYMBOL_N, SYMBOL_R, SYMBOL_U } from './codeFile';
import {
  DOT_SIZE_PX,
  dotGridSize,
  dotSeed,
  emptyMask,
  maskPixel,
  type NcodeDensity,
  renderPattern,
  symbolOffset,
} from './pattern';

const BOOK = 's3-o27-b1068';
let p1: CodePage;
beforeAll(() => {
  p1 = readCodePage(readNcodeData('code', BOOK, `${BOOK}-p1.code.gz`));
});

/** Set pixels of a mask in a rectangle, as "x,y" strings. */
function setPixels(
  mask: ReturnType<typeof emptyMask>,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): string[] {
  const out: string[] = [];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (maskPixel(mask, x, y)) out.push(`${x},${y}`);
  return out;
}

const popcount = (bits: Uint8Array) => {
  let n = 0;
  for (const b of bits) {
    let v = b;
    while (v) {
      v &= v - 1;
      n++;
    }
  }
  return n;
};

describe('symbol displacements (fact sheet §4.2)', () => {
  it('moves u (+1,+1), d (−1,+1), l (−1,−1), r (+1,−1) and leaves n in place', () => {
    expect(symbolOffset(SYMBOL_U)).toEqual({ dx: 1, dy: 1 });
    expect(symbolOffset(SYMBOL_D)).toEqual({ dx: -1, dy: 1 });
    expect(symbolOffset(SYMBOL_L)).toEqual({ dx: -1, dy: -1 });
    expect(symbolOffset(SYMBOL_R)).toEqual({ dx: 1, dy: -1 });
    expect(symbolOffset(SYMBOL_N)).toEqual({ dx: 0, dy: 0 });
  });
  it('uses 1, 2 and 3 px dots for light, normal and dark', () => {
    expect(DOT_SIZE_PX).toEqual({ light: 1, normal: 2, dark: 3 });
  });
});

describe('renderPattern', () => {
  it('draws the worked example: page 1, column 10, row 3 = u → seed (81, 25)', () => {
    expect(dotSeed(p1, 10, 3)).toEqual({ x: 81, y: 25 });
    const area = (d: NcodeDensity) => setPixels(renderPattern(p1, 200, 200, d), 78, 22, 86, 30);
    expect(area('normal')).toEqual(['81,25', '82,25', '81,26', '82,26']);
    expect(area('dark')).toEqual([
      '81,25',
      '82,25',
      '83,25',
      '81,26',
      '82,26',
      '83,26',
      '81,27',
      '82,27',
      '83,27',
    ]);
    expect(area('light')).toEqual(['81,25']);
  });

  it('puts an n reference dot undisplaced at the origin', () => {
    expect(setPixels(renderPattern(p1, 16, 16), 0, 0, 4, 4)).toEqual(['0,0', '1,0', '0,1', '1,1']);
  });

  it('covers a full A4 page with 621 × 877 dots', () => {
    expect(dotGridSize(4961, 7016)).toEqual({ columns: 621, rows: 877 });
    const mask = renderPattern(p1, 4961, 7016, 'normal');
    expect(mask.rowBytes).toBe(621);
    expect(mask.bits.length).toBe(621 * 7016);
    // every dot is 4 px except those clipped at the right edge (column 620 displaced right)
    let clipped = 0;
    for (let r = 0; r < 877; r++) {
      const s = dotSeed(p1, 620, r);
      clipped += Math.max(0, s.x + 2 - 4961) * 2;
    }
    expect(popcount(mask.bits)).toBe(621 * 877 * 4 - clipped);
  });

  it('draws each dot as a k × k square at its seed and nothing else in its 8 × 8 cell (property)', () => {
    const densities: NcodeDensity[] = ['light', 'normal', 'dark'];
    const masks = Object.fromEntries(densities.map((d) => [d, renderPattern(p1, 1200, 1000, d)]));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 148 }),
        fc.integer({ min: 1, max: 123 }),
        fc.constantFrom(...densities),
        (c, r, d) => {
          const k = DOT_SIZE_PX[d];
          const seed = dotSeed(p1, c, r);
          const got = setPixels(masks[d]!, 8 * c - 3, 8 * r - 3, 8 * c + 5, 8 * r + 5);
          const want: string[] = [];
          for (let y = seed.y; y < seed.y + k; y++)
            for (let x = seed.x; x < seed.x + k; x++) want.push(`${x},${y}`);
          expect(got).toEqual(want);
        },
      ),
    );
  });

  it('clips dots at the mask edge and draws undisplaced dots beyond the code file', () => {
    const wide = renderPattern(p1, 1792 * 8 + 16, 24, 'normal');
    // column 1792 and 1793 lie beyond the file: undisplaced
    expect(maskPixel(wide, 1792 * 8, 0)).toBe(true);
    expect(maskPixel(wide, 1793 * 8, 8)).toBe(true);
    expect(maskPixel(wide, 1793 * 8 + 1, 9)).toBe(true);
    expect(maskPixel(wide, 1793 * 8 + 2, 10)).toBe(false);
    expect(maskPixel(wide, 1793 * 8 - 1, 7)).toBe(false);
    const tiny = renderPattern(p1, 1, 1, 'dark');
    expect(tiny.bits[0]).toBe(0x80);
  });

  it('rejects non-integer sizes', () => {
    expect(() => emptyMask(0, 5)).toThrow(RangeError);
    expect(() => emptyMask(4.5, 5)).toThrow(RangeError);
  });
});

/** The mask drawn pixel by pixel from {@link dotSeed}: the reference for the byte-wise drawing. */
function referenceMask(code: CodePage, widthPx: number, heightPx: number, density: NcodeDensity) {
  const mask = emptyMask(widthPx, heightPx);
  const k = DOT_SIZE_PX[density];
  const { columns, rows } = dotGridSize(widthPx, heightPx);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const seed = dotSeed(code, c, r);
      for (let j = 0; j < k; j++)
        for (let i = 0; i < k; i++) {
          const x = seed.x + i;
          const y = seed.y + j;
          if (x >= 0 && y >= 0 && x < widthPx && y < heightPx)
            mask.bits[y * mask.rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
        }
    }
  return mask;
}

describe('byte-wise drawing', () => {
  it('draws the same bits as the pixel-by-pixel reference for every density and any size (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom<NcodeDensity>('light', 'normal', 'dark'),
        (w, h, density) => {
          expect(renderPattern(p1, w, h, density).bits).toEqual(referenceMask(p1, w, h, density).bits);
        },
      ),
      { numRuns: 60 },
    );
  });
  it('draws a whole A4 page at 600 dpi exactly as the reference', () => {
    for (const density of ['normal', 'dark'] as const) {
      const bits = renderPattern(p1, 4961, 7016, density).bits;
      const reference = referenceMask(p1, 4961, 7016, density).bits;
      expect(bits.length).toBe(reference.length);
      expect(bits.findIndex((b, i) => b !== reference[i])).toBe(-1);
    }
  });
});
