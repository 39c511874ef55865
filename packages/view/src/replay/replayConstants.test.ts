import { describe, expect, it } from 'vitest';
import {
  REPLAY_GRAPH_WINDOW_MS,
  REPLAY_SLIDER_STEP_S,
  REPLAY_ZOOM_STEP,
  replayGraphBins,
  replayGraphWindow,
  replaySliderMax,
  replaySliderTimeMs,
  replaySliderValue,
  replayZoomScale,
} from './replayConstants';

describe('replay constants (classroom.md §9)', () => {
  it('are the spec values', () => {
    expect(REPLAY_SLIDER_STEP_S).toBe(0.05);
    expect(REPLAY_GRAPH_WINDOW_MS).toBe(1_500_000);
    expect(REPLAY_ZOOM_STEP).toBe(1.2);
  });

  it('maps the slider in seconds with its maximum on a whole step at or after the end', () => {
    expect(replaySliderValue(1200)).toBe(1.2);
    expect(replaySliderTimeMs(1.25)).toBe(1250);
    expect(replaySliderMax(2410)).toBe(2.45);
    expect(replaySliderMax(2400)).toBe(2.4);
    expect(replaySliderMax(0)).toBe(0);
  });

  it('zooms by 1.2 a step, never above 3 nor below 0.25', () => {
    expect(replayZoomScale(1, 1)).toBeCloseTo(1.2);
    expect(replayZoomScale(1.2, -1)).toBeCloseTo(1);
    expect(replayZoomScale(2.9, 1)).toBe(3);
    expect(replayZoomScale(0.26, -1)).toBe(0.25);
  });

  it('shows the 1,500,000 ms window that holds the time', () => {
    expect(replayGraphWindow(0)).toEqual({ fromMs: 0, toMs: 1_500_000 });
    expect(replayGraphWindow(1_499_999)).toEqual({ fromMs: 0, toMs: 1_500_000 });
    expect(replayGraphWindow(1_600_000)).toEqual({ fromMs: 1_500_000, toMs: 3_000_000 });
    expect(replayGraphBins([0, 10, 750_000, 1_499_999, 1_500_000], 0, 2)).toEqual([2, 2]);
  });
});
