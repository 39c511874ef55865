import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { dotsFrom } from '../dots';
import { createStroke } from '../stroke';
import {
  analyseWriting,
  averageAnalysis,
  pageActivities,
  REAL_MM_PER_NU,
  realWritingDistanceMm,
  realWritingTimeMs,
  writingProgress,
  writingSpeedMmPerS,
} from './writingAnalysis';

const p1 = pageAddress(3, 1012, 1191, 1);
const p2 = pageAddress(3, 1012, 1191, 2);
const MIN = 60_000;

describe('writing analysis', () => {
  it('converts nu to real mm at 2.370667 mm per nu', () => {
    expect(REAL_MM_PER_NU).toBeCloseTo(2.370667, 6);
    expect(realWritingDistanceMm([{ startTimeMs: 0, totalDistanceNu: 100 }])).toBeCloseTo(237.0667, 4);
  });

  it('sums stroke durations (defaulting by dot count) and computes speed in mm/s', () => {
    expect(
      realWritingTimeMs([
        { startTimeMs: 0, endTimeMs: 500 },
        { startTimeMs: 1000, dotCount: 100 },
      ]),
    ).toBe(1700);
    expect(writingSpeedMmPerS(237.0667, 1700)).toBe(139.5);
    expect(writingSpeedMmPerS(10, 0)).toBe(0);
  });

  it('analyses a writer from real strokes and gives progress rates', () => {
    const line = (t: number, page = p1) =>
      createStroke(
        { key: `k${t}`, page },
        dotsFrom([
          { xNu: 0, yNu: 0, force: 1, timeMs: t },
          { xNu: 3, yNu: 4, force: 1, timeMs: t + 1000 },
        ]),
      );
    const strokes = [line(0), line(2 * MIN), line(30 * MIN, p2)];
    const a = analyseWriting(strokes, ['3.1012.1191.1', '3.1012.1191.9', '3.1012.1191.9']);
    expect(a).toEqual({
      numWrittenPages: 2,
      numTouchedPages: 2,
      studyTimeMin: 2, // (2 min + 1 s) + 1 s = 2.03 min → 2
      realWritingTimeMs: 3000,
      realWritingDistanceMm: 35.6, // 15 nu
      realWritingSpeedMmPerS: 11.9,
    });
    expect(writingProgress(a, 124)).toEqual({ writtenRatePct: 1.6, touchedRatePct: 1.6, studyTimeMin: 2 });
    const pages = pageActivities(strokes, new Map([['3.1012.1191.2', 4]]));
    expect(pages.map((p) => [p.page.page, p.strokes.length, p.touchCount, p.studyTimeMs])).toEqual([
      [1, 2, 0, 2 * MIN + 1000],
      [2, 1, 4, 1000],
    ]);
  });

  it('averages analyses field by field, one decimal', () => {
    const a = analyseWriting([]);
    expect(a).toEqual({
      numWrittenPages: 0,
      numTouchedPages: 0,
      studyTimeMin: 0,
      realWritingTimeMs: 0,
      realWritingDistanceMm: 0,
      realWritingSpeedMmPerS: 0,
    });
    const b = {
      ...a,
      numWrittenPages: 3,
      realWritingTimeMs: 900,
      realWritingSpeedMmPerS: 12.4,
      studyTimeMin: 5,
    };
    const c = {
      ...a,
      numWrittenPages: 4,
      realWritingTimeMs: 600,
      realWritingSpeedMmPerS: 12.6,
      studyTimeMin: 0,
    };
    // pages (0 + 3 + 4) / 3 = 2.33; study (0 + 5 + 0) / 3 = 1.67; time 1500 / 3 = 500 ms;
    // speed: the writers b and c only, (12.4 + 12.6) / 2 = 12.5 (a never wrote: no speed, not 0)
    expect(averageAnalysis([a, b, c])).toMatchObject({
      numWrittenPages: 2.3,
      realWritingTimeMs: 500,
      realWritingSpeedMmPerS: 12.5,
      studyTimeMin: 1.7,
    });
    expect(averageAnalysis([])).toEqual(a);
  });

  it('rounds a class average that lies on a half up (12.1 and 12.2 mm/s average 12.2, not 12.1)', () => {
    const none = analyseWriting([]);
    // two writers (the speed averages the pupils who wrote)
    const pupils = [12.1, 12.2].map((speed) => ({
      ...none,
      realWritingTimeMs: 1000,
      realWritingSpeedMmPerS: speed,
    }));
    expect(averageAnalysis(pupils).realWritingSpeedMmPerS).toBe(12.2);
  });
});
