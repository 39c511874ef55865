import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxesOverlap, GridIndex, inflateBox } from './spatialIndex';
import { type BoxNu, EMPTY_BOX } from './types';

const box = (left: number, top: number, right: number, bottom: number): BoxNu => ({
  left,
  top,
  right,
  bottom,
});

const boxes = (scale: number) =>
  fc
    .tuple(
      fc.double({ min: -50, max: 200, noNaN: true }),
      fc.double({ min: -50, max: 200, noNaN: true }),
      fc.double({ min: 0, max: 120, noNaN: true }),
      fc.double({ min: 0, max: 120, noNaN: true }),
    )
    .map(([x, y, w, h]) => box(x * scale, y * scale, (x + w) * scale, (y + h) * scale));

describe('GridIndex', () => {
  it('finds boxes overlapping a query, each once', () => {
    const g = new GridIndex<string>(4);
    g.insert('a', box(0, 0, 2, 2), 'a');
    g.insert('b', box(10, 10, 30, 12), 'b');
    g.insert('c', box(100, 100, 101, 101), 'c');
    expect(g.query(box(1, 1, 11, 11)).sort()).toEqual(['a', 'b']);
    expect(g.query(box(25, 11, 26, 11))).toEqual(['b']);
    expect(g.query(box(50, 50, 60, 60))).toEqual([]);
    expect(g.size).toBe(3);
  });

  it('moves, re-values and removes items', () => {
    const g = new GridIndex<number>(4);
    g.insert('a', box(0, 0, 1, 1), 1);
    g.insert('a', box(20, 20, 21, 21), 2);
    expect(g.query(box(0, 0, 1, 1))).toEqual([]);
    expect(g.query(box(20, 20, 20, 20))).toEqual([2]);
    g.setValue('a', 3);
    expect(g.query(box(20, 20, 20, 20))).toEqual([3]);
    expect(g.remove('a')).toBe(true);
    expect(g.remove('a')).toBe(false);
    expect(g.query(box(0, 0, 100, 100))).toEqual([]);
  });

  it('never finds empty boxes and handles huge boxes', () => {
    const g = new GridIndex<string>(1);
    g.insert('empty', EMPTY_BOX, 'empty');
    g.insert('huge', box(-1000, -1000, 1000, 1000), 'huge');
    expect(g.query(box(5, 5, 6, 6))).toEqual(['huge']);
    expect(g.query(EMPTY_BOX)).toEqual([]);
  });

  it.each([
    ['on a page', 1],
    ['beyond the grid, where boxes share its border cells', 1e6],
  ])('agrees with a brute-force scan (%s)', (_, scale) => {
    const arbBox = boxes(scale);
    fc.assert(
      fc.property(
        fc.array(arbBox, { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.array(arbBox, { minLength: 1, maxLength: 10 }),
        (boxes, removals, queries) => {
          const g = new GridIndex<number>(3);
          const live = new Map<number, BoxNu>();
          boxes.forEach((b, i) => {
            g.insert(String(i), b, i);
            live.set(i, b);
          });
          for (const r of removals) {
            if (boxes.length === 0) break;
            const i = r % boxes.length;
            g.remove(String(i));
            live.delete(i);
          }
          for (const q of queries) {
            const expected = [...live].filter(([, b]) => boxesOverlap(b, q)).map(([i]) => i);
            expect(g.query(q).sort((a, b) => a - b)).toEqual(expected);
          }
        },
      ),
    );
  });

  it('inflates boxes', () => {
    expect(inflateBox(box(0, 0, 1, 1), 2)).toEqual(box(-2, -2, 3, 3));
  });
});
