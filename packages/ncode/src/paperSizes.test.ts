import { describe, expect, it } from 'vitest';
import { landscape, PAPER_SIZES, paperSizeByName, paperSizeNu, paperSizePt } from './paperSizes';

describe('paper sizes', () => {
  it('lists the five papers in mm', () => {
    expect(Object.values(PAPER_SIZES).map((p) => [p.name, p.widthMm, p.heightMm])).toEqual([
      ['A4', 210, 297],
      ['A3', 297, 420],
      ['B4', 250, 353],
      ['B5', 176, 250],
      ['Letter', 216, 280],
    ]);
  });

  it('gives A4 in pt and nu', () => {
    const pt = paperSizePt(PAPER_SIZES.A4);
    expect(pt.widthPt).toBeCloseTo(595.2756, 4);
    expect(pt.heightPt).toBeCloseTo(841.8898, 4);
    const nu = paperSizeNu(PAPER_SIZES.A4);
    expect(nu.widthNu).toBeCloseTo(88.5827, 4);
    expect(nu.heightNu).toBeCloseTo(125.2812, 4);
  });

  it('finds papers by name and turns them sideways', () => {
    expect(paperSizeByName('Letter')).toBe(PAPER_SIZES.Letter);
    expect(paperSizeByName('A5')).toBeUndefined();
    expect(paperSizeByName('toString')).toBeUndefined();
    expect(landscape(PAPER_SIZES.A3)).toEqual({ name: 'A3', widthMm: 420, heightMm: 297 });
  });
});
