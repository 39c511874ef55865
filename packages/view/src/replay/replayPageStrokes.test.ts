import { buildReplayModel, replayFrameAt } from '@dotink/ink';
import { pageId } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { line, makeStroke, PAGE_A, PAGE_B } from '../testing/fixtures';
import { formatReplayTime, replayPageSelector } from './replayPageStrokes';

const T0 = 1_800_000_000_000;
const strokes = [
  makeStroke(PAGE_A, line(1, 1, 5), { startMs: T0, stepMs: 100 }),
  makeStroke(PAGE_A, line(5, 5, 5), { startMs: T0 + 1000, stepMs: 100 }),
  makeStroke(PAGE_B, line(9, 9, 5), { startMs: T0 + 2000, stepMs: 100 }),
];

describe('replay page strokes', () => {
  const model = buildReplayModel(strokes);
  const select = replayPageSelector(model);
  const A = pageId(PAGE_A);
  const B = pageId(PAGE_B);

  it("shows a page's complete strokes and its partly shown one", () => {
    const mid = select(A, replayFrameAt(model, 1200));
    expect(mid.complete).toEqual([strokes[0]]);
    expect(mid.partials).toEqual([[strokes[1], 3]]);
    expect(select(B, replayFrameAt(model, 1200)).complete).toEqual([]);
    const end = select(A, replayFrameAt(model, model.durationMs));
    expect(end.complete).toEqual([strokes[0], strokes[1]]);
    expect(end.partials).toEqual([]);
    expect(select(B, replayFrameAt(model, model.durationMs)).complete).toEqual([strokes[2]]);
  });

  it('returns the same list while no stroke of the page completes', () => {
    const one = select(A, replayFrameAt(model, 1100)).complete;
    const two = select(A, replayFrameAt(model, 1300)).complete;
    expect(two).toBe(one);
    const later = select(A, replayFrameAt(model, 2500)).complete;
    expect(later).not.toBe(one);
    expect(select(A, replayFrameAt(model, 2600)).complete).toBe(later);
  });

  it('formats times as m:ss', () => {
    expect(formatReplayTime(0)).toBe('0:00');
    expect(formatReplayTime(61_999)).toBe('1:01');
  });
});
