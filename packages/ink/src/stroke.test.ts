import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { DotBuffer, dotList, dotsFrom } from './dots';
import { createStroke, isVisibleInk } from './stroke';
import { BrushType } from './types';

const page = pageAddress(3, 27, 168, 1);

describe('createStroke', () => {
  it('derives timing, force, speed, distance and bounds from the dots', () => {
    const s = createStroke(
      { key: 'k1', page },
      dotsFrom([
        { xNu: 10, yNu: 10, force: 100, timeMs: 1000 },
        { xNu: 13, yNu: 14, force: 300, timeMs: 1010 },
        { xNu: 13, yNu: 16, force: 200, timeMs: 1030 },
      ]),
    );
    expect(s.dots.count).toBe(3);
    expect(s.startTimeMs).toBe(1000);
    expect(s.endTimeMs).toBe(1030);
    expect(s.durationMs).toBe(30);
    expect([s.forceMin, s.forceMax, s.forceSum]).toEqual([100, 300, 600]);
    expect(s.totalDistanceNu).toBeCloseTo(7);
    expect(s.speedMaxNuPerS).toBeCloseTo(500);
    expect(s.speedMinNuPerS).toBeCloseTo(100);
    expect(s.bbox).toEqual({ left: 10, top: 10, right: 13, bottom: 16 });
    expect(s.originalKey).toBe('k1');
    expect(s.colorArgb).toBe(0xff000000);
    expect(isVisibleInk(s)).toBe(true);
    expect(isVisibleInk({ ...s, brushType: BrushType.pui })).toBe(false);
  });

  it('handles a stroke without dots', () => {
    const s = createStroke({ key: 'k0', page, startTimeMs: 5 }, dotsFrom([]));
    expect(s.dots.count).toBe(0);
    expect(s.durationMs).toBe(0);
    expect(s.totalDistanceNu).toBe(0);
  });
});

describe('DotBuffer', () => {
  it('grows without losing dots and snapshots tight columns', () => {
    const b = new DotBuffer(4);
    for (let i = 0; i < 100; i++) b.push(i, i * 2, i % 7, 1000 + i);
    expect(b.count).toBe(100);
    const snap = b.snapshot();
    expect(snap.xNu.length).toBe(100);
    expect(dotList(snap)[99]).toEqual({ xNu: 99, yNu: 198, force: 1, timeMs: 1099 });
  });
});
