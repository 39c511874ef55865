import { pageAddress, pageId } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EraserSegment,
  editForEraseEvent,
  eraserCrossesStroke,
  eraseWhole,
  planWholeErase,
  pointSegmentDistanceSq,
  segmentDistanceSq,
} from './eraser';
import { createInkStore } from './inkStore';
import { strokeThrough } from './testDriver';
import { BrushType } from './types';

const pageA = pageAddress(3, 27, 168, 1);
const A = pageId(pageA);

const seg = (x0Nu: number, y0Nu: number, x1Nu: number, y1Nu: number, radiusNu = 0.5): EraserSegment => ({
  x0Nu,
  y0Nu,
  x1Nu,
  y1Nu,
  radiusNu,
});

/** A horizontal stroke along y = 10 from x = 0 to x = 10. */
const line = (key: string, extra = {}) =>
  strokeThrough({ key, page: pageA, writerId: 'w', ...extra }, [
    [0, 10],
    [5, 10],
    [10, 10],
  ]);

describe('segment geometry', () => {
  it('measures point-segment and segment-segment distances', () => {
    expect(pointSegmentDistanceSq(5, 3, 0, 0, 10, 0)).toBeCloseTo(9);
    expect(pointSegmentDistanceSq(-3, 4, 0, 0, 10, 0)).toBeCloseTo(25);
    expect(pointSegmentDistanceSq(1, 1, 2, 2, 2, 2)).toBeCloseTo(2);
    expect(segmentDistanceSq(0, 0, 10, 10, 0, 10, 10, 0)).toBe(0);
    expect(segmentDistanceSq(0, 0, 10, 0, 0, 2, 10, 2)).toBeCloseTo(4);
    expect(segmentDistanceSq(0, 0, 10, 0, 5, 0, 20, 0)).toBe(0);
    expect(segmentDistanceSq(0, 0, 1, 0, 3, 0, 4, 0)).toBeCloseTo(4);
  });

  it('is symmetric and zero for crossing segments', () => {
    const c = fc.double({ min: -100, max: 100, noNaN: true });
    fc.assert(
      fc.property(c, c, c, c, c, c, c, c, (ax, ay, bx, by, cx, cy, dx, dy) => {
        const d1 = segmentDistanceSq(ax, ay, bx, by, cx, cy, dx, dy);
        const d2 = segmentDistanceSq(cx, cy, dx, dy, ax, ay, bx, by);
        expect(d1).toBeGreaterThanOrEqual(0);
        expect(Math.abs(d1 - d2)).toBeLessThanOrEqual(1e-6 * Math.max(1, d1));
        // Never more than any endpoint-to-segment distance.
        expect(d1).toBeLessThanOrEqual(pointSegmentDistanceSq(ax, ay, cx, cy, dx, dy) + 1e-9);
      }),
    );
  });
});

describe('whole-stroke eraser', () => {
  it('erases a stroke the segment crosses, not one it narrowly misses', () => {
    expect(eraserCrossesStroke(seg(5, 0, 5, 20), line('a'))).toBe(true);
    expect(eraserCrossesStroke(seg(2, 9.6, 3, 9.6), line('a'))).toBe(true); // within the radius
    expect(eraserCrossesStroke(seg(2, 9.4, 3, 9.4), line('a'))).toBe(false); // 0.6 away
    expect(eraserCrossesStroke(seg(10.4, 0, 10.4, 20), line('a'))).toBe(true);
    expect(eraserCrossesStroke(seg(10.6, 0, 10.6, 20), line('a'))).toBe(false);
  });

  it('does not erase against strokes with fewer than 2 dots', () => {
    const dot = strokeThrough({ key: 'd', page: pageA }, [[5, 10]]);
    expect(eraserCrossesStroke(seg(0, 10, 10, 10, 2), dot)).toBe(false);
    const store = createInkStore();
    store.add(dot);
    expect(planWholeErase(store, A, seg(0, 10, 10, 10, 2), { byWriter: 'w', timeMs: 1 })).toBeUndefined();
  });

  it('marks crossed strokes erased in the store and reports an erase event', () => {
    const store = createInkStore();
    store.add(line('a'));
    store.add(
      strokeThrough({ key: 'far', page: pageA }, [
        [50, 50],
        [60, 60],
      ]),
    );
    const event = eraseWhole(store, A, seg(5, 0, 5, 20), { byWriter: 'teacher', timeMs: 1234 });
    expect(event).toEqual({ pageId: A, keys: ['a'], byWriter: 'teacher', timeMs: 1234, mode: 'whole' });
    expect(store.get('a')!.status).toBe('erased');
    expect(store.get('a')!.updatedMs).toBe(1234);
    expect(store.get('far')!.status).toBe('normal');
    expect(store.strokesOnPage(A).map((s) => s.key)).toEqual(['far']);
    // Already erased strokes are not erased again.
    expect(eraseWhole(store, A, seg(5, 0, 5, 20), { byWriter: 'teacher', timeMs: 2 })).toBeUndefined();
  });

  it('erases only the allowed writers and never non-ink strokes', () => {
    const store = createInkStore();
    store.add(line('mine', { writerId: 'me' }));
    store.add(line('theirs', { writerId: 'them' }));
    store.add(line('button', { brushType: BrushType.pui }));
    const event = eraseWhole(store, A, seg(5, 0, 5, 20), {
      byWriter: 'me',
      timeMs: 1,
      filter: { writers: ['me'] },
    });
    expect(event?.keys).toEqual(['mine']);
  });

  it('replays an erase event on another store by key', () => {
    const here = createInkStore();
    const there = createInkStore();
    here.add(line('a'));
    there.add(line('a'));
    const event = eraseWhole(here, A, seg(5, 0, 5, 20), { byWriter: 'w', timeMs: 9 })!;
    there.applyEdit(editForEraseEvent(there, event));
    expect(there.get('a')!.status).toBe('erased');
  });
});
