import { type PageAddress, pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotsFrom } from '../dots';
import { createStroke, DOT_DURATION_TAIL_MS } from '../stroke';
import type { Stroke } from '../types';
import { dotsShownBy, frameStrokes, replayFrameAt } from './replayFrame';
import { buildReplayModel, chunkIndexAt } from './replayModel';

const T0 = 1_700_000_000_000;
const p1 = pageAddress(3, 1012, 1191, 1);
const p2 = pageAddress(3, 1012, 1191, 2);

/** A stroke of `n` dots, one every 10 ms from `startMs` (relative to T0). */
function stroke(key: string, page: PageAddress, startMs: number, n: number): Stroke {
  const dots = Array.from({ length: n }, (_, i) => ({
    xNu: i,
    yNu: i,
    force: 1,
    timeMs: T0 + startMs + i * 10,
  }));
  return createStroke({ key, page, startTimeMs: T0 + startMs }, dotsFrom(dots));
}

describe('replay model', () => {
  it('is empty for no strokes', () => {
    const m = buildReplayModel([]);
    expect(m).toMatchObject({ strokes: [], durationMs: 0, pageChunks: [] });
    expect(chunkIndexAt(m, 0)).toBe(-1);
    expect(replayFrameAt(m, 100)).toEqual({ timeMs: 100, completeCount: 0, partials: [] });
  });

  it('orders strokes by time and chunks consecutive strokes of one page', () => {
    const a = stroke('a', p1, 0, 3); // 0 … 20 (+10 tail)
    const b = stroke('b', p1, 100, 2); // 100 … 110
    const c = stroke('c', p2, 1000, 4); // 1000 … 1030
    const d = stroke('d', p1, 5000, 1); // 5000
    const m = buildReplayModel([c, d, b, a]);
    expect(m.strokes.map((s) => s.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(m.startTimeMs).toBe(T0);
    expect(m.durationMs).toBe(5000 + DOT_DURATION_TAIL_MS);
    expect(m.endTimeMs).toBe(T0 + 5010);
    expect(
      m.pageChunks.map((c) => [c.page.page, c.startDeltaMs, c.endDeltaMs, c.firstIndex, c.strokes.length]),
    ).toEqual([
      [1, 0, 120, 0, 2],
      [2, 1000, 1040, 2, 1],
      [1, 5000, 5010, 3, 1],
    ]);
    expect(m.pageChunks[1]!.startTimeMs).toBe(T0 + 1000);
    expect(m.pageChunks[1]!.endTimeMs).toBe(T0 + 1040);
    expect([0, 999, 1000, 4999, 5000, 9999].map((t) => chunkIndexAt(m, t))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('keeps the given order of strokes that start together', () => {
    const m = buildReplayModel([stroke('x', p1, 0, 1), stroke('y', p1, 0, 1), stroke('z', p1, 0, 1)]);
    expect(m.strokes.map((s) => s.key)).toEqual(['x', 'y', 'z']);
  });
});

describe('replay frame', () => {
  const a = stroke('a', p1, 0, 3); // dots at 0, 10, 20; whole at 30
  const b = stroke('b', p1, 100, 5); // dots at 100 … 140; whole at 150
  const m = buildReplayModel([a, b]);

  it('shows whole strokes, then the dots of the stroke being written', () => {
    expect(replayFrameAt(m, 0)).toEqual({
      timeMs: 0,
      completeCount: 0,
      partials: [{ index: 0, dotCount: 1 }],
    });
    expect(replayFrameAt(m, 15).partials).toEqual([{ index: 0, dotCount: 2 }]);
    expect(replayFrameAt(m, 29)).toMatchObject({ completeCount: 0, partials: [{ index: 0, dotCount: 3 }] });
    expect(replayFrameAt(m, 30)).toMatchObject({ completeCount: 1, partials: [] });
    expect(replayFrameAt(m, 120)).toMatchObject({ completeCount: 1, partials: [{ index: 1, dotCount: 3 }] });
    expect(replayFrameAt(m, m.durationMs)).toMatchObject({ completeCount: 2, partials: [] });
    expect(frameStrokes(m, replayFrameAt(m, 120)).map(([s, n]) => [s.key, n])).toEqual([
      ['a', 3],
      ['b', 3],
    ]);
  });

  it('shows overlapping strokes (two writers) each by their own dots', () => {
    const long = stroke('long', p1, 0, 50); // 0 … 490
    const short = stroke('short', p1, 100, 2); // 100, 110
    const mo = buildReplayModel([long, short]);
    expect(replayFrameAt(mo, 200)).toMatchObject({
      completeCount: 0,
      partials: [
        { index: 0, dotCount: 21 },
        { index: 1, dotCount: 2 },
      ],
    });
  });

  it('counts dots shown by a time', () => {
    expect(dotsShownBy(a.dots, T0 - 1)).toBe(0);
    expect(dotsShownBy(a.dots, T0 + 10)).toBe(2);
    expect(dotsShownBy(a.dots, T0 + 1e9)).toBe(3);
  });

  it('shows a number of dots that never decreases with time and ends whole (property)', () => {
    const spec = fc.array(
      fc.record({
        start: fc.integer({ min: 0, max: 5000 }),
        n: fc.integer({ min: 0, max: 20 }),
        pg: fc.boolean(),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        spec,
        fc.array(fc.integer({ min: 0, max: 6000 }), { minLength: 2, maxLength: 10 }),
        (specs, ts) => {
          const model = buildReplayModel(specs.map((s, i) => stroke(`s${i}`, s.pg ? p1 : p2, s.start, s.n)));
          const shown = (t: number) =>
            frameStrokes(model, replayFrameAt(model, t)).reduce((sum, [, n]) => sum + n, 0);
          const sorted = [...ts].sort((x, y) => x - y);
          for (let i = 1; i < sorted.length; i++)
            expect(shown(sorted[i]!)).toBeGreaterThanOrEqual(shown(sorted[i - 1]!));
          const total = model.strokes.reduce((sum, s) => sum + s.dots.count, 0);
          expect(shown(model.durationMs)).toBe(total);
          expect(replayFrameAt(model, model.durationMs).completeCount).toBe(model.strokes.length);
          // Chunks cover the strokes in order and alternate pages.
          expect(model.pageChunks.flatMap((c) => c.strokes)).toEqual(model.strokes);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("spans the chosen writer's own strokes: a teacher's annotation a day later shows at the end", () => {
    // the pupil writes for 2 s (0 … 2010 with the tail); the teacher annotates 25 h later
    const own = [stroke('a', p1, 0, 3), stroke('b', p1, 2000, 1)];
    const late = { ...stroke('t', p1, 25 * 3_600_000, 5), writerId: 'teacher', surfaceOwnerId: 'pupil' };
    const early = { ...stroke('e', p2, -60_000, 2), writerId: 'teacher', surfaceOwnerId: 'pupil' };
    const pupil = own.map((s) => ({ ...s, writerId: 'pupil', surfaceOwnerId: 'pupil' }));
    const m = buildReplayModel([late, ...pupil, early], { timedWriter: 'pupil' });
    expect(m.startTimeMs).toBe(T0);
    expect(m.durationMs).toBe(2000 + DOT_DURATION_TAIL_MS);
    expect(m.strokes.map((s) => s.key)).toEqual(['e', 'a', 'b', 't']);
    // the other writer's strokes are all there: the early one from the start, the late one whole at the end
    expect(replayFrameAt(m, DOT_DURATION_TAIL_MS).completeCount).toBe(1);
    expect(replayFrameAt(m, m.durationMs).completeCount).toBe(4);
    // without a chosen writer (or when they wrote nothing) every stroke counts, as before
    expect(buildReplayModel([late, ...pupil]).durationMs).toBe(25 * 3_600_000 + 40 + DOT_DURATION_TAIL_MS);
    expect(buildReplayModel([late], { timedWriter: 'pupil' }).durationMs).toBe(40 + DOT_DURATION_TAIL_MS);
  });
});
