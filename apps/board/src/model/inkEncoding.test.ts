import { createStroke, dotsFrom, encodeGridaStrokes } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InkEncoder } from './inkEncoding';

const P = pageAddress(3, 27, 168, 1);
const stroke = (key: string, n: number, t0: number, x: number) =>
  createStroke(
    { key, page: P },
    dotsFrom(
      Array.from({ length: n }, (_, i) => ({
        xNu: x + i * 0.25,
        yNu: 3 + i * 0.5,
        force: 100 + i,
        timeMs: t0 + i * 13,
      })),
    ),
  );

describe('incremental ink encoding', () => {
  it('gives what encodeGridaStrokes gives, list after growing list', () => {
    let takenOutChecked = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 30 }),
            fc.integer({ min: 0, max: 1e6 }),
            fc.double({ min: 0, max: 80, noNaN: true }),
          ),
          {
            maxLength: 12,
          },
        ),
        (specs) => {
          const encoder = new InkEncoder();
          const strokes = specs.map(([n, t, x], i) => stroke(`k${i}`, n, 1.7e12 + t, x));
          for (let k = 0; k <= strokes.length; k++) {
            expect(encoder.encode(strokes.slice(0, k))).toEqual(encodeGridaStrokes(strokes.slice(0, k)));
          }
          // a stroke taken out (erased and replaced) changes the offsets of those after it
          if (strokes.length > 1) {
            takenOutChecked++;
            expect(encoder.encode(strokes.slice(1))).toEqual(encodeGridaStrokes(strokes.slice(1)));
          }
        },
      ),
      { numRuns: 50 },
    );
    // the taken-out case needs two strokes or more: most generated lists have them
    expect(takenOutChecked).toBeGreaterThan(25);
  });
});
