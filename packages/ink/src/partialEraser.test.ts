import { pageAddress, pageId } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotList, dotsFrom } from './dots';
import { type EraserSegment, editForEraseEvent, pointSegmentDistanceSq, segmentDistanceSq } from './eraser';
import { createInkStore } from './inkStore';
import { erasePartial, keptRuns, outcode, splitStroke } from './partialEraser';
import { counterKeySource } from './strokeKeys';
import { strokeThrough } from './testDriver';
import type { DotColumns } from './types';

const pageA = pageAddress(3, 27, 168, 1);
const A = pageId(pageA);

const seg = (x0Nu: number, y0Nu: number, x1Nu: number, y1Nu: number, radiusNu = 0.5): EraserSegment => ({
  x0Nu,
  y0Nu,
  x1Nu,
  y1Nu,
  radiusNu,
});

/** Eleven dots along y = 0, x = 0 … 10. */
const ruler = (key = 'r') =>
  strokeThrough(
    { key, originalKey: `orig-${key}`, page: pageA, writerId: 'w', colorArgb: 0xff123456, thickness: 0.12 },
    Array.from({ length: 11 }, (_, i) => [i, 0] as const),
  );

const xs = (s: { dots: Parameters<typeof dotList>[0] }) => dotList(s.dots).map((d) => d.xNu);

describe('splitStroke', () => {
  it('splits in the middle into two strokes with the right dots, brush and original key', () => {
    const pieces = splitStroke(ruler(), seg(5, -3, 5, 3), { keys: counterKeySource('p'), timeMs: 99 })!;
    expect(pieces.map(xs)).toEqual([
      [0, 1, 2, 3, 4],
      [6, 7, 8, 9, 10],
    ]);
    expect(pieces.map((p) => p.key)).toEqual(['p1', 'p2']);
    for (const p of pieces) {
      expect(p.originalKey).toBe('orig-r');
      expect(p.colorArgb).toBe(0xff123456);
      expect(p.thickness).toBe(0.12);
      expect(p.writerId).toBe('w');
      expect(p.updatedMs).toBe(99);
      expect(p.status).toBe('normal');
    }
    expect(pieces[1]!.bbox).toEqual({ left: 6, top: 0, right: 10, bottom: 0 });
  });

  it('erases an end, leaving one shorter stroke', () => {
    const pieces = splitStroke(ruler(), seg(8, 0, 12, 0), { keys: counterKeySource('p'), timeMs: 1 })!;
    expect(pieces.map(xs)).toEqual([[0, 1, 2, 3, 4, 5, 6, 7]]);
  });

  it('erases everything, leaving nothing', () => {
    expect(splitStroke(ruler(), seg(-1, 0, 11, 0), { keys: counterKeySource(), timeMs: 1 })).toEqual([]);
  });

  it('drops leftover runs shorter than the minimum', () => {
    // Dots 1 … 9 go; dots 0 and 10 are left alone, each a run of one.
    expect(splitStroke(ruler(), seg(1, 0, 9, 0), { keys: counterKeySource(), timeMs: 1 })).toEqual([]);
    const kept = splitStroke(ruler(), seg(1, 0, 9, 0), {
      keys: counterKeySource(),
      timeMs: 1,
      minRunDots: 1,
    })!;
    expect(kept.map(xs)).toEqual([[0], [10]]);
  });

  it('cuts a link the eraser crosses between two far-apart dots', () => {
    const sparse = strokeThrough({ key: 's', page: pageA }, [
      [0, 0],
      [1, 0],
      [9, 0],
      [10, 0],
    ]);
    const pieces = splitStroke(sparse, seg(5, -3, 5, 3, 0.2), { keys: counterKeySource(), timeMs: 1 })!;
    expect(pieces.map(xs)).toEqual([
      [0, 1],
      [9, 10],
    ]);
  });

  it('leaves untouched strokes and strokes with fewer than 2 dots alone', () => {
    expect(splitStroke(ruler(), seg(5, 3, 6, 3), { keys: counterKeySource(), timeMs: 1 })).toBeUndefined();
    const one = strokeThrough({ key: 'o', page: pageA }, [[5, 0]]);
    expect(splitStroke(one, seg(5, 0, 5, 0, 3), { keys: counterKeySource(), timeMs: 1 })).toBeUndefined();
  });
});

describe('erasePartial', () => {
  it('replaces the stroke by its pieces in its place in the drawing order', () => {
    const store = createInkStore();
    store.add(
      strokeThrough({ key: 'before', page: pageA }, [
        [50, 50],
        [51, 51],
      ]),
    );
    store.add(ruler());
    store.add(
      strokeThrough({ key: 'after', page: pageA }, [
        [60, 60],
        [61, 61],
      ]),
    );
    const event = erasePartial(store, A, seg(5, -3, 5, 3), {
      byWriter: 'teacher',
      timeMs: 7,
      keys: counterKeySource('p'),
    })!;
    expect(event.mode).toBe('partial');
    expect(event.keys).toEqual(['r']);
    expect(event.pieces!.map((p) => p.key)).toEqual(['p1', 'p2']);
    expect(store.strokesOnPage(A).map((s) => s.key)).toEqual(['before', 'p1', 'p2', 'after']);
    expect(store.get('r')).toBeUndefined();
    expect(store.tombstone('r')?.key).toBe('r');

    expect(event.anchors).toEqual(['r', 'p1']);

    // A remote party reproduces it from the event, pieces in the split stroke's place.
    const there = createInkStore();
    there.add(ruler());
    there.add(store.get('after')!);
    there.applyEdit(editForEraseEvent(there, event));
    expect(there.strokesOnPage(A).map((s) => s.key)).toEqual(['p1', 'p2', 'after']);
    expect(there.strokesOnPage(A).map(xs).slice(0, 2)).toEqual([
      [0, 1, 2, 3, 4],
      [6, 7, 8, 9, 10],
    ]);
  });

  it('returns undefined when nothing is touched', () => {
    const store = createInkStore();
    store.add(ruler());
    expect(
      erasePartial(store, A, seg(0, 5, 10, 5), { byWriter: 'w', timeMs: 1, keys: counterKeySource() }),
    ).toBe(undefined);
  });
});

/** The runs kept, measured dot by dot and link by link with no shortcut (the definition). */
function keptRunsMeasured(dots: DotColumns, e: EraserSegment): number[] | undefined {
  const r2 = e.radiusNu * e.radiusNu;
  const runs: number[] = [];
  let start = -1;
  let touched = false;
  for (let i = 0; i < dots.count; i++) {
    const x = dots.xNu[i]!;
    const y = dots.yNu[i]!;
    if (pointSegmentDistanceSq(x, y, e.x0Nu, e.y0Nu, e.x1Nu, e.y1Nu) <= r2) {
      touched = true;
      if (start >= 0) runs.push(start, i);
      start = -1;
    } else if (
      start >= 0 &&
      segmentDistanceSq(dots.xNu[i - 1]!, dots.yNu[i - 1]!, x, y, e.x0Nu, e.y0Nu, e.x1Nu, e.y1Nu) <= r2
    ) {
      touched = true;
      runs.push(start, i);
      start = i;
    } else if (start < 0) start = i;
  }
  if (!touched) return undefined;
  if (start >= 0) runs.push(start, dots.count);
  return runs;
}

describe('keptRuns', () => {
  it('names the sides a point lies beyond', () => {
    const box = { left: 0, top: 0, right: 10, bottom: 5 };
    expect([outcode(5, 2, box), outcode(0, 5, box), outcode(-1, 2, box), outcode(11, 6, box)]).toEqual([
      0, 0, 1, 10,
    ]);
    expect(outcode(-1, -1, box)).toBe(5);
  });

  it('keeps the runs that measuring every dot and link keeps, also at the edge of the radius', () => {
    const coord = fc.double({ min: -20, max: 20, noNaN: true });
    // Dots placed at about the radius from the eraser, beyond its ends too.
    const nearDot = fc.record({
      t: fc.double({ min: -0.5, max: 1.5, noNaN: true }),
      side: fc.constantFrom(-1, 1),
      off: fc.oneof(
        fc.constant(0),
        fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
      ),
    });
    fc.assert(
      fc.property(
        coord,
        coord,
        coord,
        coord,
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        fc.array(nearDot, { minLength: 2, maxLength: 30 }),
        (x0Nu, y0Nu, x1Nu, y1Nu, radiusNu, near) => {
          const e = { x0Nu, y0Nu, x1Nu, y1Nu, radiusNu };
          const len = Math.hypot(x1Nu - x0Nu, y1Nu - y0Nu) || 1;
          const nx = -(y1Nu - y0Nu) / len;
          const ny = (x1Nu - x0Nu) / len;
          const dots = dotsFrom(
            near.map((d, i) => ({
              xNu: x0Nu + d.t * (x1Nu - x0Nu) + d.side * nx * (radiusNu + d.off),
              yNu: y0Nu + d.t * (y1Nu - y0Nu) + d.side * ny * (radiusNu + d.off),
              force: 1,
              timeMs: i,
            })),
          );
          expect(keptRuns(dots, e)).toEqual(keptRunsMeasured(dots, e));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
