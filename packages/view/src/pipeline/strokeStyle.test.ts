import { BrushType, MARKER_OPACITY, withStroke } from '@dotink/ink';
import { describe, expect, it } from 'vitest';
import { line, makeStroke, PAGE_A } from '../testing/fixtures';
import { DEFAULT_PEN_COLOR_INDEX, lightenArgb, PEN_COLORS, penColorAt } from './penPalette';
import {
  cssColor,
  drawsStroke,
  PEN_THICKNESSES,
  strokeColorArgb,
  strokeSizePt,
  viewOpacity,
} from './strokeStyle';

describe('stroke style (engine.md §9)', () => {
  it('has the five thicknesses 0.04 … 0.2', () => {
    expect(PEN_THICKNESSES).toEqual([0.04, 0.08, 0.12, 0.16, 0.2]);
  });

  it('sizes the outline by thickness; markers 5 × and 0.3 opaque', () => {
    const pen = makeStroke(PAGE_A, line(1, 1), { thickness: 0.2 });
    const marker = makeStroke(PAGE_A, line(1, 1), { thickness: 0.2, brushType: BrushType.marker });
    expect(strokeSizePt(pen)).toBeCloseTo(1.25, 9);
    expect(strokeSizePt(marker)).toBeCloseTo(6.25, 9);
    expect(strokeSizePt({ brushType: BrushType.pen, thickness: 0.04 })).toBeCloseTo(0.25, 9);
    expect(viewOpacity(pen)).toBe(1);
    expect(viewOpacity(marker)).toBe(MARKER_OPACITY);
    expect(MARKER_OPACITY).toBe(0.3);
  });

  it('draws nothing for erased, eraser and pen-UI strokes, or under 3 dots', () => {
    const s = makeStroke(PAGE_A, line(1, 1));
    expect(drawsStroke(s)).toBe(true);
    expect(drawsStroke(withStroke(s, { status: 'erased' }))).toBe(false);
    for (const brushType of [BrushType.eraser, BrushType.pui, BrushType.erased]) {
      const t = withStroke(s, { brushType });
      expect(drawsStroke(t)).toBe(false);
      expect(viewOpacity(t)).toBe(0);
    }
    expect(drawsStroke(makeStroke(PAGE_A, line(1, 1, 2)))).toBe(false);
    expect(drawsStroke(makeStroke(PAGE_A, line(1, 1, 3)))).toBe(true);
  });

  it("draws other writers' strokes in the other-writer colour", () => {
    const mine = makeStroke(PAGE_A, line(1, 1), { writerId: 'me', colorArgb: 0xffff0000 });
    const theirs = makeStroke(PAGE_A, line(1, 1), { writerId: 'you', colorArgb: 0xffff0000 });
    const coloring = { selfWriterId: 'me', otherWriterArgb: 0xff0000ff };
    expect(strokeColorArgb(mine, coloring)).toBe(0xffff0000);
    expect(strokeColorArgb(theirs, coloring)).toBe(0xff0000ff);
    expect(strokeColorArgb(theirs)).toBe(0xffff0000);
  });

  it('fills opaque CSS colours (alpha 0 from a pen still shows)', () => {
    expect(cssColor(0x00123456)).toBe('rgba(18, 52, 86, 1)');
  });
});

describe('pen palette', () => {
  it('has 11 colours, default index 4 black', () => {
    expect(PEN_COLORS).toHaveLength(11);
    expect(DEFAULT_PEN_COLOR_INDEX).toBe(4);
    expect(PEN_COLORS[4]!.argb).toBe(0xff000000);
    expect(penColorAt(99)).toBe(PEN_COLORS[4]);
    expect(new Set(PEN_COLORS.map((c) => c.argb)).size).toBe(11);
  });

  it('has lighter marker variants', () => {
    const lum = (argb: number) => ((argb >>> 16) & 255) + ((argb >>> 8) & 255) + (argb & 255);
    for (const c of PEN_COLORS) {
      if (c.argb === 0xffffffff) expect(c.markerArgb).toBe(0xffffffff);
      else expect(lum(c.markerArgb)).toBeGreaterThan(lum(c.argb));
    }
    expect(lightenArgb(0xff000000, 0.5)).toBe(0xff808080);
    expect(lightenArgb(0x80204060, 0)).toBe(0x80204060);
  });
});
