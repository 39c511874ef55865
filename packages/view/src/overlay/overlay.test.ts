import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampCropRect, cropFromDrag } from './crop';
import { GRID_DIVISIONS, gridLinesPt } from './grid';
import {
  CURSOR_TRAIL_FOLLOWERS,
  HOVER_CHECK_AFTER_MS,
  HOVER_HIDE_AFTER_MS,
  HOVER_TRAIL_FOLLOWERS,
  hoverStale,
  startTrail,
  stepTrail,
  trailFollowers,
  trailSettled,
} from './hoverTrail';

const page = { width: 595, height: 842 };

describe('crop rectangles are clamped to the page (engine.md §5)', () => {
  it('keeps a rectangle inside the page as it is', () => {
    expect(clampCropRect({ x: 10, y: 20, width: 100, height: 50 }, page)).toEqual({
      x: 10,
      y: 20,
      width: 100,
      height: 50,
    });
  });

  it('cuts off what lies outside and normalises negative sizes', () => {
    expect(clampCropRect({ x: -20, y: 800, width: 100, height: 100 }, page)).toEqual({
      x: 0,
      y: 800,
      width: 80,
      height: 42,
    });
    expect(clampCropRect({ x: 100, y: 100, width: -50, height: -200 }, page)).toEqual({
      x: 50,
      y: 0,
      width: 50,
      height: 100,
    });
    expect(clampCropRect({ x: 900, y: 10, width: 10, height: 10 }, page)).toEqual({
      x: 595,
      y: 10,
      width: 0,
      height: 10,
    });
  });

  it('always lies within the page', () => {
    const n = fc.double({ min: -5000, max: 5000, noNaN: true });
    fc.assert(
      fc.property(n, n, n, n, (x, y, w, h) => {
        const r = clampCropRect({ x, y, width: w, height: h }, page);
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.y).toBeGreaterThanOrEqual(0);
        expect(r.width).toBeGreaterThanOrEqual(0);
        expect(r.height).toBeGreaterThanOrEqual(0);
        expect(r.x + r.width).toBeLessThanOrEqual(page.width + 1e-9);
        expect(r.y + r.height).toBeLessThanOrEqual(page.height + 1e-9);
      }),
    );
  });

  it('spans a drag in either direction', () => {
    expect(cropFromDrag({ x: 300, y: 300 }, { x: 100, y: 1000 }, page)).toEqual({
      x: 100,
      y: 300,
      width: 200,
      height: 542,
    });
  });
});

describe('grid overlay', () => {
  it('cuts the page into 4 × 4', () => {
    expect(GRID_DIVISIONS).toBe(4);
    expect(gridLinesPt({ width: 400, height: 800 })).toEqual({ xs: [100, 200, 300], ys: [200, 400, 600] });
  });
});

describe('hover trail', () => {
  it('has 10 followers for hover and 1 for the cursor', () => {
    expect(trailFollowers('hover')).toBe(HOVER_TRAIL_FOLLOWERS);
    expect(HOVER_TRAIL_FOLLOWERS).toBe(10);
    expect(trailFollowers('cursor')).toBe(CURSOR_TRAIL_FOLLOWERS);
    expect(CURSOR_TRAIL_FOLLOWERS).toBe(1);
  });

  it('eases each follower towards the one before, and settles', () => {
    let trail = startTrail({ x: 0, y: 0 }, 10);
    const head = { x: 100, y: 50 };
    trail = stepTrail(trail, head);
    expect(trail[0]!.x).toBeGreaterThan(0);
    expect(trail[1]!.x).toBe(0); // the second follower chases where the first was
    let frames = 0;
    while (!trailSettled(trail, head) && frames < 1000) {
      trail = stepTrail(trail, head);
      frames++;
    }
    expect(trailSettled(trail, head)).toBe(true);
    expect(frames).toBeLessThan(200);
  });

  it('hides after about 1 s, checked at 1.5 s', () => {
    expect(HOVER_HIDE_AFTER_MS).toBe(1000);
    expect(HOVER_CHECK_AFTER_MS).toBe(1500);
    expect(hoverStale(0, 999)).toBe(false);
    expect(hoverStale(0, 1000)).toBe(true);
  });
});
