import { pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotsFrom } from '../dots';
import { createStroke, type StrokeInit } from '../stroke';
import { BrushType, type Dot, type Stroke } from '../types';
import { exportInkml, INKML_MM_PER_NU } from './inkml';

const page = pageAddress(3, 27, 168, 1);
const T0 = 1_700_000_000_000;

const stroke = (list: Dot[], extra: Partial<StrokeInit> = {}): Stroke =>
  createStroke({ key: 'k', page, thickness: 0.2, ...extra }, dotsFrom(list));

const traces = (xml: string) => [...xml.matchAll(/<trace [^>]*>([^<]*)<\/trace>/g)].map((m) => m[1]!);

describe('InkML export', () => {
  it('declares X, Y (mm), F and T (ms from t0) channels and writes one trace per stroke', () => {
    const xml = exportInkml([
      stroke([
        { xNu: 10, yNu: 20, force: 400, timeMs: T0 + 5 },
        { xNu: 10.5, yNu: 20.25, force: 410, timeMs: T0 + 17 },
      ]),
      stroke([{ xNu: 1, yNu: 1, force: 0, timeMs: T0 + 1000 }], { colorArgb: 0xffff0000 }),
    ]);
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ink xmlns="http://www.w3.org/2003/InkML">'),
    ).toBe(true);
    expect(xml).toContain('<channel name="X" type="decimal" units="mm"/>');
    expect(xml).toContain('<channel name="T" type="integer" units="ms" respectTo="#t0"/>');
    expect(xml).toContain(`<timestamp xml:id="t0" time="${T0 + 5}"/>`);
    expect(traces(xml)).toEqual(['23.7067 47.4133 400 0, 24.892 48.006 410 12', '2.3707 2.3707 0 995']);
    expect(xml).toContain('<brushProperty name="color" value="#000000"/>');
    expect(xml).toContain('<brushProperty name="color" value="#ff0000"/>');
    expect(xml).toContain('<trace contextRef="#ctx0" brushRef="#br1" xml:id="tr1-3.27.168.1">');
  });

  it('shares one brush per look, writes marker transparency, leaves out what is not ink', () => {
    const one = [{ xNu: 1, yNu: 2, force: 400, timeMs: T0 }];
    const xml = exportInkml([
      stroke(one),
      stroke(one),
      stroke(one, { brushType: BrushType.marker }),
      stroke(one, { status: 'erased' }),
      stroke(one, { brushType: BrushType.pui }),
      stroke([]),
    ]);
    expect(xml.match(/<brush /g)).toHaveLength(2);
    expect(xml).toContain('<brushProperty name="transparency" value="179"/>');
    expect(xml).toContain('<brushProperty name="width" value="0.441" units="mm"/>'); // 1.25 pt
    expect(traces(xml)).toHaveLength(3);
  });

  it('writes an empty document for no strokes', () => {
    const xml = exportInkml([]);
    expect(xml).toContain('<timestamp xml:id="t0" time="0"/>');
    expect(traces(xml)).toEqual([]);
  });

  it('keeps the dots to 0.0001 mm and the ms (property)', () => {
    const dot = fc.record({
      xNu: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      yNu: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      force: fc.integer({ min: 0, max: 1023 }),
      gap: fc.integer({ min: 0, max: 5000 }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(dot, { minLength: 1, maxLength: 20 }), { maxLength: 5 }), (raw) => {
        let t = T0;
        const list = raw.map((ds) =>
          stroke(
            ds.map((d) => {
              t += d.gap;
              return { xNu: d.xNu, yNu: d.yNu, force: d.force, timeMs: t };
            }),
          ),
        );
        const got = traces(exportInkml(list));
        expect(got).toHaveLength(list.length);
        got.forEach((text, k) => {
          const s = list[k]!;
          const points = text.split(', ').map((p) => p.split(' ').map(Number));
          expect(points).toHaveLength(s.dots.count);
          points.forEach(([x, y, f, tt], i) => {
            expect(Math.abs(x! - s.dots.xNu[i]! * INKML_MM_PER_NU)).toBeLessThanOrEqual(0.00005 + 1e-9);
            expect(Math.abs(y! - s.dots.yNu[i]! * INKML_MM_PER_NU)).toBeLessThanOrEqual(0.00005 + 1e-9);
            expect(f).toBe(s.dots.force[i]);
            expect(tt).toBe(s.dots.timeMs[i]! - (list[0]?.startTimeMs ?? 0));
          });
        });
      }),
      { numRuns: 50 },
    );
  });
});
