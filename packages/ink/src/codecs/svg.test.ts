import { homographyFromMatrix, pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotsFrom } from '../dots';
import { createStroke, type StrokeInit } from '../stroke';
import { BrushType, type Dot, type Stroke } from '../types';
import { isDrawnStroke, strokeWidthPt } from './strokeStyle';
import { exportPageSvg, strokeSvgPath } from './svg';

const page = pageAddress(3, 27, 168, 1);
const A4 = { widthPt: 595.28, heightPt: 841.89 };

const dots = (n: number, force = 400): Dot[] =>
  Array.from({ length: n }, (_, i) => ({ xNu: 10 + i, yNu: 20 + i * 0.5, force, timeMs: 1000 + i * 10 }));

const stroke = (n: number, extra: Partial<StrokeInit> = {}, force = 400): Stroke =>
  createStroke(
    { key: 'k', page, colorArgb: 0xff0033cc, thickness: 0.16, ...extra },
    dotsFrom(dots(n, force)),
  );

const paths = (svg: string) => svg.match(/<path [^>]*\/>/g) ?? [];

describe('SVG export', () => {
  it('writes an empty page in pt', () => {
    expect(exportPageSvg([], A4)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="595.28pt" height="841.89pt" viewBox="0 0 595.28 841.89">\n</svg>\n',
    );
  });

  it('draws nothing for strokes of 0, 1 or 2 dots and a path from 3 dots', () => {
    for (const n of [0, 1, 2]) expect(paths(exportPageSvg([stroke(n)], A4))).toEqual([]);
    expect(paths(exportPageSvg([stroke(3)], A4))).toEqual([
      '<path d="M67.2 134.4 L73.92 137.76 80.64 141.12" fill="none" stroke="#0033cc" stroke-width="1" stroke-linecap="round" stroke-linejoin="round"/>',
    ]);
  });

  it('draws many dots, one point each', () => {
    const svg = exportPageSvg([stroke(5000)], A4);
    expect(paths(svg)).toHaveLength(1);
    expect(
      paths(svg)[0]!
        .split(' ')
        .filter((t) => /^-?[\d.]+$/.test(t)).length,
    ).toBeGreaterThan(9000);
  });

  it('does not draw erased, eraser, pen-UI or erased-brush strokes', () => {
    const hidden = [
      stroke(5, { status: 'erased' }),
      stroke(5, { brushType: BrushType.eraser }),
      stroke(5, { brushType: BrushType.pui }),
      stroke(5, { brushType: BrushType.erased }),
    ];
    expect(paths(exportPageSvg(hidden, A4))).toEqual([]);
    expect(hidden.map(isDrawnStroke)).toEqual([false, false, false, false]);
  });

  it('draws markers at 0.3 opacity and 5 times wider', () => {
    const pen = stroke(4);
    const marker = stroke(4, { brushType: BrushType.marker });
    expect(strokeWidthPt(marker)).toBeCloseTo(strokeWidthPt(pen) * 5);
    const path = strokeSvgPath(marker);
    expect(path).toContain('stroke-opacity="0.3"');
    expect(path).toContain('stroke-width="5"');
  });

  it('takes the width from thickness × mean force / 64 pt, force 800 when unknown, at least 0.25 pt', () => {
    expect(strokeWidthPt(stroke(3, { thickness: 0.2 }, 400))).toBeCloseTo(1.25);
    expect(strokeWidthPt(stroke(3, { thickness: 0.2 }, 0))).toBeCloseTo(2.5);
    expect(strokeWidthPt(stroke(3, { thickness: 0.04 }, 100))).toBe(0.25);
  });

  it('maps through a homography matrix (with perspective) or a function alike', () => {
    const m = [7.27536, 0.01, 2, 0.02, 7.27619, -10.2344, 0.0001, 0.0002, 1];
    const f = (x: number, y: number) => {
      const w = m[6]! * x + m[7]! * y + m[8]!;
      return { x: (m[0]! * x + m[1]! * y + m[2]!) / w, y: (m[3]! * x + m[4]! * y + m[5]!) / w };
    };
    const s = stroke(6);
    expect(strokeSvgPath(s, m)).toBe(strokeSvgPath(s, f));
    expect(strokeSvgPath(s, homographyFromMatrix(m))).toBe(strokeSvgPath(s, m));
    expect(strokeSvgPath(s, [1, 0, 0, 0, 1, 0, 0, 0, 1])).toContain('d="M10 20 L11 20.5');
    expect(() => strokeSvgPath(s, [1, 2, 3])).toThrow(RangeError);
  });

  it('keeps extreme coordinates finite and skips infinite ones', () => {
    const s = createStroke(
      { key: 'x', page },
      dotsFrom([
        { xNu: 3.4028234663852886e38, yNu: -3.4028234663852886e38, force: 1, timeMs: 0 },
        { xNu: Infinity, yNu: 0, force: 1, timeMs: 1 },
        { xNu: 0, yNu: 0, force: 1, timeMs: 2 },
        { xNu: -0, yNu: 1.4e-45, force: 1, timeMs: 3 },
      ]),
    );
    const path = strokeSvgPath(s, [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(path).toContain('d="M3.4028234663852886e+38 -3.4028234663852886e+38 L0 0 0 0"');
    expect(path).not.toMatch(/NaN|Infinity/);
  });

  it('escapes the background colour and draws in the given order', () => {
    const svg = exportPageSvg([stroke(3, { colorArgb: 0xffff0000 }), stroke(3)], {
      ...A4,
      background: '"white"',
    });
    expect(svg).toContain('<rect width="595.28" height="841.89" fill="&quot;white&quot;"/>');
    expect(paths(svg).map((p) => p.match(/stroke="(#\w+)"/)![1])).toEqual(['#ff0000', '#0033cc']);
  });

  it('writes one path per drawn stroke, each with one point per finite dot (property)', () => {
    const arbStroke = fc.record({
      n: fc.integer({ min: 0, max: 30 }),
      brush: fc.constantFrom<number>(0, 1, 2, 3, 8, 9),
      erased: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbStroke, { maxLength: 10 }), (specs) => {
        const list = specs.map((sp) =>
          stroke(sp.n, { brushType: sp.brush as BrushType, status: sp.erased ? 'erased' : 'normal' }),
        );
        const got = paths(exportPageSvg(list, A4));
        const drawn = list.filter(isDrawnStroke);
        expect(got).toHaveLength(drawn.length);
        got.forEach((p, i) => {
          const d = p.match(/d="([^"]*)"/)![1]!;
          expect(d.replace(/[ML]/g, '').trim().split(/\s+/)).toHaveLength(drawn[i]!.dots.count * 2);
        });
      }),
      { numRuns: 100 },
    );
  });
});
