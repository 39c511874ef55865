import { BrushType, createStroke, dotsFrom, type Stroke } from '@dotink/ink';
import { homographyFromMatrix, pageAddress, scaleHomography } from '@dotink/ncode';
import { strokeOutlinePx } from '@dotink/view';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentBytes, fixedNumber, strokeContent } from './inkContent';
import { userSpacePlacement } from './pagePlacement';

describe('fixedNumber', () => {
  it('writes PDF numbers: fixed decimals, trailing zeros dropped, no -0 or exponent', () => {
    expect(fixedNumber(67.2, 2)).toBe('67.2');
    expect(fixedNumber(774.69, 2)).toBe('774.69');
    expect(fixedNumber(0.05, 2)).toBe('0.05');
    expect(fixedNumber(-3.004, 2)).toBe('-3');
    expect(fixedNumber(-0.001, 2)).toBe('0');
    expect(fixedNumber(1e-9, 3)).toBe('0');
    expect(fixedNumber(12345678.9, 1)).toBe('12345678.9');
    expect(fixedNumber(0.2, 3)).toBe('0.2');
    expect(fixedNumber(Number.NaN, 2)).toBe('0');
  });

  it('reads back within half a unit of the last decimal', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(1, 2, 3), (v, d) => {
        const text = fixedNumber(v, d as 1 | 2 | 3);
        expect(text).toMatch(/^-?\d+(\.\d*[1-9])?$/);
        expect(Math.abs(Number(text) - v)).toBeLessThanOrEqual(0.5 / 10 ** d + 1e-9);
      }),
    );
  });
});

describe('ContentBytes', () => {
  it('writes a pt number exactly as fixedNumber(v, 2) does', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (v) => {
        const out = new ContentBytes(64);
        out.pt2(v);
        expect(out.toString()).toBe(fixedNumber(v, 2));
      }),
    );
    const out = new ContentBytes(64);
    out.pt2(Number.NaN);
    out.text(' ');
    out.pt2(Number.POSITIVE_INFINITY);
    out.text(' ');
    out.pt2(-1e300);
    expect(out.toString()).toBe('0 0 -1000000000');
  });

  it('grows past its capacity, truncates and gives its bytes', () => {
    const out = new ContentBytes(64);
    for (let i = 0; i < 100; i++) out.text('q\nQ\n');
    expect(out.length).toBe(400);
    out.truncate(6);
    out.pt2(1.5);
    expect(out.toString()).toBe('q\nQ\nq\n1.5');
    expect(Array.from(out.bytes())).toEqual(Array.from('q\nQ\nq\n1.5', (c) => c.charCodeAt(0)));
  });
});

const A = pageAddress(3, 27, 168, 1);
const NU_TO_PT = scaleHomography(6.72);
const PAGE = { nuToPt: NU_TO_PT };
const TO_USER = userSpacePlacement({ x: 0, y: 0, width: 595.28, height: 841.89 }, 0);

interface DotInit {
  readonly x: number;
  readonly y: number;
  readonly force: number;
}

function strokeOf(dots: readonly DotInit[], init: Partial<Parameters<typeof createStroke>[0]> = {}): Stroke {
  return createStroke(
    { key: 'k', page: A, ...init },
    dotsFrom(dots.map((d, i) => ({ xNu: d.x, yNu: d.y, force: d.force, timeMs: i * 10 }))),
  );
}

/** A horizontal line of `n` dots from x 10 to 40 nu, force from `f0` to `f1`. */
function line(n: number, f0: number, f1: number): DotInit[] {
  return Array.from({ length: n }, (_, i) => ({
    x: 10 + (30 * i) / (n - 1),
    y: 20,
    force: f0 + ((f1 - f0) * i) / (n - 1),
  }));
}

/** The points of the content's paths, in order. */
function pathPoints(content: string): [number, number][] {
  const points: [number, number][] = [];
  for (const m of content.matchAll(/(-?[\d.]+) (-?[\d.]+) [ml]\n/g))
    points.push([Number(m[1]), Number(m[2])]);
  return points;
}

/** How tall the outline is (user-space y extent) over x in `from` … `to`. */
function heightOver(points: readonly [number, number][], from: number, to: number): number {
  const ys = points.filter(([x]) => x >= from && x <= to).map(([, y]) => y);
  return Math.max(...ys) - Math.min(...ys);
}

const bboxHeight = (points: readonly [number, number][]) => heightOver(points, -1e9, 1e9);

describe('strokeContent', () => {
  it('fills one closed outline path (no stroking), wider where the pen pressed harder', () => {
    const content = strokeContent(strokeOf(line(31, 60, 852)), PAGE, TO_USER, 'Marker');
    expect(content.startsWith('q\n0 0 0 rg\n')).toBe(true);
    expect(content.endsWith(' l\nh\nf\nQ\n')).toBe(true);
    expect(content).not.toMatch(/\bS\b|\bw\b|\bRG\b|\bgs\b/);
    expect(content.match(/ m\n/g)).toHaveLength(1);
    expect(content.match(/\nf\n/g)).toHaveLength(1);
    const points = pathPoints(content);
    expect(points.length).toBeGreaterThan(30);
    // the line runs from 67.2 to 268.8 pt: light at its start, hard at its end
    const light = heightOver(points, 100, 130);
    const hard = heightOver(points, 200, 235);
    expect(light).toBeGreaterThan(0.3);
    expect(hard).toBeGreaterThan(1.4 * light);
  });

  it('writes the outline points the page view computes, into user space, to 0.01 pt', () => {
    const s = strokeOf([
      { x: 10, y: 10, force: 300 },
      { x: 14, y: 13, force: 700 },
      { x: 19, y: 11, force: 500 },
      { x: 25, y: 18, force: 200 },
    ]);
    const expected: [number, number][] = [];
    for (const [x, y] of strokeOutlinePx(s, NU_TO_PT, 1)) {
      const p = [Number(fixedNumber(x!, 2)), Number(fixedNumber(841.89 - y!, 2))] as [number, number];
      const last = expected[expected.length - 1];
      if (!last || Math.abs(last[0] - p[0]) > 1e-9 || Math.abs(last[1] - p[1]) > 1e-9) expected.push(p);
    }
    const points = pathPoints(strokeContent(s, PAGE, TO_USER));
    expect(points.length).toBe(expected.length);
    points.forEach((p, k) => {
      expect(p[0]).toBeCloseTo(expected[k]![0], 2);
      expect(p[1]).toBeCloseTo(expected[k]![1], 2);
    });
  });

  it('draws a harder-pressed stroke wider, and a marker translucent and wider', () => {
    const soft = pathPoints(strokeContent(strokeOf(line(10, 150, 150)), PAGE, TO_USER));
    const hard = pathPoints(strokeContent(strokeOf(line(10, 800, 800)), PAGE, TO_USER));
    expect(bboxHeight(hard)).toBeGreaterThan(1.5 * bboxHeight(soft));

    const markerStroke = strokeOf(line(10, 400, 400), { brushType: BrushType.marker, colorArgb: 0xffffff00 });
    const marker = strokeContent(markerStroke, PAGE, TO_USER, 'Marker-12');
    expect(marker.startsWith('q\n/Marker-12 gs\n1 1 0 rg\n')).toBe(true);
    expect(marker).toMatch(/h\nf\nQ\n$/);
    const pen = strokeContent(strokeOf(line(10, 400, 400)), PAGE, TO_USER, 'Marker-12');
    expect(pen).not.toContain(' gs');
    expect(bboxHeight(pathPoints(marker))).toBeGreaterThan(3 * bboxHeight(pathPoints(pen)));
  });

  it('keeps the colour: ARGB → fill rg, 3 decimals', () => {
    const content = strokeContent(strokeOf(line(5, 400, 400), { colorArgb: 0xff1e40af }), PAGE, TO_USER);
    expect(content).toContain('q\n0.118 0.251 0.686 rg\n');
  });

  it('writes nothing for strokes under 3 dots, erased strokes and strokes that are not ink', () => {
    const three = line(3, 400, 400);
    expect(strokeContent(strokeOf(three), PAGE, TO_USER)).not.toBe('');
    expect(strokeContent(strokeOf(three.slice(0, 2)), PAGE, TO_USER)).toBe('');
    expect(strokeContent(strokeOf(three.slice(0, 1)), PAGE, TO_USER)).toBe('');
    expect(strokeContent(strokeOf([]), PAGE, TO_USER)).toBe('');
    expect(strokeContent(strokeOf(three, { status: 'erased' }), PAGE, TO_USER)).toBe('');
    expect(strokeContent(strokeOf(three, { brushType: BrushType.eraser }), PAGE, TO_USER)).toBe('');
    expect(strokeContent(strokeOf(three, { brushType: BrushType.pui }), PAGE, TO_USER)).toBe('');
    expect(strokeContent(strokeOf(three, { brushType: BrushType.erased }), PAGE, TO_USER)).toBe('');
  });

  it('writes syntactically valid content for any stroke', () => {
    const coord = fc.oneof(
      { weight: 20, arbitrary: fc.float({ min: -300, max: 300, noNaN: true }) },
      { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 1e30) },
    );
    const dot = fc.record({
      x: coord,
      y: coord,
      force: fc.oneof(fc.float({ min: 0, max: 2000, noNaN: true }), fc.constantFrom(-5, Number.NaN)),
    });
    const transform = fc.constantFrom(
      NU_TO_PT,
      scaleHomography(6.72, 6.72, -40, 12),
      homographyFromMatrix([6.7, 0.2, 3, -0.1, 6.8, 5, 0.0004, -0.0003, 1]),
    );
    const numberToken = /^-?\d+(\.\d{1,3})?$/;
    const operands: Record<string, number> = { q: 0, Q: 0, gs: 1, rg: 3, m: 2, l: 2, h: 0, f: 0 };
    fc.assert(
      fc.property(
        fc.array(dot, { maxLength: 40 }),
        fc.constantFrom(...Object.values(BrushType)),
        fc.constantFrom('normal', 'erased'),
        fc.constantFrom('pen', 'mouse'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 0xffffffff }),
        transform,
        fc.constantFrom(0, 90, 180, 270),
        (dots, brushType, status, inputType, thickness, colorArgb, nuToPt, rotate) => {
          const s = strokeOf(dots, {
            brushType,
            status: status as Stroke['status'],
            inputType: inputType as Stroke['inputType'],
            thickness,
            colorArgb,
          });
          const toUser = userSpacePlacement({ x: 0, y: 0, width: 595.28, height: 841.89 }, rotate);
          const content = strokeContent(s, { nuToPt }, toUser, 'Marker');
          if (dots.length < 3 || status === 'erased') expect(content).toBe('');
          if (content === '') return;
          expect(content.endsWith('\n')).toBe(true);
          let depth = 0;
          let stack: string[] = [];
          let inPath = false;
          for (const token of content.trim().split(/\s+/)) {
            if (numberToken.test(token) || token === '/Marker') {
              if (token !== '/Marker') expect(Number.isFinite(Number(token))).toBe(true);
              stack.push(token);
              continue;
            }
            expect(Object.keys(operands)).toContain(token);
            expect(stack.length).toBe(operands[token]);
            if (token === 'gs') expect(stack[0]).toBe('/Marker');
            else expect(stack.every((t) => numberToken.test(t))).toBe(true);
            stack = [];
            if (token === 'q') depth++;
            if (token === 'Q') depth--;
            expect(depth).toBeGreaterThanOrEqual(0);
            if (token === 'm') inPath = true;
            if (token === 'l') expect(inPath).toBe(true);
            if (token === 'f') inPath = false;
          }
          expect(stack).toEqual([]);
          expect(depth).toBe(0);
          expect(inPath).toBe(false);
          expect(content).toMatch(/ m\n(.* l\n){2,}h\nf\nQ\n$/);
        },
      ),
    );
  });
});
