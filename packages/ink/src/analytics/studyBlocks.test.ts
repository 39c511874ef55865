import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MS_PER_DOT, STUDY_GAP_MS, strokeEndTimeMs, studyBlocks, studyTimeMs } from './studyBlocks';

const MIN = 60_000;

describe('study blocks', () => {
  it('defaults a missing end time to start + dot count × 12 ms', () => {
    expect(DEFAULT_MS_PER_DOT).toBe(12);
    expect(strokeEndTimeMs({ startTimeMs: 1000, dotCount: 50 })).toBe(1600);
    expect(strokeEndTimeMs({ startTimeMs: 1000, endTimeMs: 1300, dotCount: 50 })).toBe(1300);
    expect(strokeEndTimeMs({ startTimeMs: 1000 })).toBe(1000);
  });

  it('keeps one block while the gap to the previous end is under 5 minutes', () => {
    const strokes = [
      { startTimeMs: 0, endTimeMs: MIN, totalDistanceNu: 10 },
      { startTimeMs: MIN + STUDY_GAP_MS - 1, endTimeMs: 7 * MIN, totalDistanceNu: 5 }, // gap just under: same
      { startTimeMs: 7 * MIN + STUDY_GAP_MS, endTimeMs: 13 * MIN, totalDistanceNu: 1 }, // exactly 5 min: new
    ];
    const blocks = studyBlocks([strokes[2]!, strokes[0]!, strokes[1]!]);
    expect(
      blocks.map((b) => [b.startTimeMs, b.endTimeMs, b.durationMs, b.distanceNu, b.strokes.length]),
    ).toEqual([
      [0, 7 * MIN, 7 * MIN, 15, 2],
      [12 * MIN, 13 * MIN, MIN, 1, 1],
    ]);
    expect(studyTimeMs(strokes)).toBe(8 * MIN);
    expect(studyBlocks([])).toEqual([]);
  });

  it('measures the gap from the latest end so far, not only the previous stroke', () => {
    const blocks = studyBlocks([
      { startTimeMs: 0, endTimeMs: 20 * MIN },
      { startTimeMs: MIN, endTimeMs: 2 * MIN },
      { startTimeMs: 21 * MIN, endTimeMs: 22 * MIN },
    ]);
    expect(blocks).toHaveLength(1);
  });

  it('partitions the strokes, with gaps of 5 minutes or more between blocks (property)', () => {
    const stroke = fc
      .record({ start: fc.integer({ min: 0, max: 3_600_000 }), len: fc.integer({ min: 0, max: 400_000 }) })
      .map((r) => ({ startTimeMs: r.start, endTimeMs: r.start + r.len }));
    fc.assert(
      fc.property(fc.array(stroke, { maxLength: 30 }), (strokes) => {
        const blocks = studyBlocks(strokes);
        expect(blocks.reduce((n, b) => n + b.strokes.length, 0)).toBe(strokes.length);
        for (let i = 1; i < blocks.length; i++) {
          expect(blocks[i]!.startTimeMs - blocks[i - 1]!.endTimeMs).toBeGreaterThanOrEqual(STUDY_GAP_MS);
        }
        for (const b of blocks) {
          for (const s of b.strokes) {
            expect(s.startTimeMs).toBeGreaterThanOrEqual(b.startTimeMs);
            expect(s.endTimeMs).toBeLessThanOrEqual(b.endTimeMs);
          }
        }
      }),
    );
  });
});
