import { createStroke, dotsFrom, type LiveStroke, type Stroke } from '@dotink/ink';
import { pageId, parsePageId } from '@dotink/ncode';
import { afterEach, describe, expect, it } from 'vitest';
import { TileRenderer } from './tileRenderer';

const PAGE = '3.1012.1191.20';

/** A canvas whose 2D context records the points of each path drawn. */
function fakeCanvas() {
  const paths: number[] = [];
  let points = 0;
  const ctx = {
    clearRect: () => undefined,
    beginPath: () => {
      points = 0;
    },
    moveTo: () => {
      points++;
    },
    lineTo: () => {
      points++;
    },
    stroke: () => paths.push(points),
  } as unknown as CanvasRenderingContext2D;
  const canvas = {
    width: 0,
    height: 0,
    clientWidth: 100,
    getContext: () => ctx,
  } as unknown as HTMLCanvasElement;
  return { canvas, paths };
}

function stroke(key: string, n: number): Stroke {
  return createStroke(
    { key, page: parsePageId(PAGE)! },
    dotsFrom(Array.from({ length: n }, (_, i) => ({ xNu: i, yNu: i, force: 1, timeMs: 1000 + i }))),
  );
}

/** A live stroke with the first `n` dots of `s`. */
const live = (s: Stroke, n: number): LiveStroke =>
  ({
    key: s.key,
    pageId: pageId(s.page),
    dots: { ...s.dots, count: n },
    colorArgb: s.colorArgb,
    writerId: s.writerId,
    mac: s.mac,
  }) as never;

afterEach(() => {
  delete (globalThis as { __dotinkLiveProbe?: unknown }).__dotinkLiveProbe;
});

describe('TileRenderer', () => {
  it('draws only the new dots of a stroke, everything that arrived in one frame, and calls the probe', () => {
    const frames: (() => void)[] = [];
    const probe: [string, number, number][] = [];
    (globalThis as { __dotinkLiveProbe?: unknown }).__dotinkLiveProbe = (
      key: string,
      dotTimeMs: number,
      _at: number,
      dots: number,
    ) => probe.push([key, dotTimeMs, dots]);
    const r = new TileRenderer({
      inkOf: () => ({ page: PAGE, strokes: [], live: [] }),
      requestFrame: (fn) => frames.push(fn),
      devicePixelRatio: () => 1,
      minFrameMs: 0,
    });
    const { canvas, paths } = fakeCanvas();
    r.attach('p1', canvas);
    frames.shift()!(); // the whole (empty) tile
    const s = stroke('k', 10);
    r.dots('p1', live(s, 3));
    r.dots('p1', live(s, 6)); // same frame: one path of dots 0…5
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(paths).toEqual([6]);
    r.stroke('p1', s); // completed: dots 5…9 (joined to the last drawn one)
    frames.shift()!();
    expect(paths).toEqual([6, 5]);
    expect(probe).toEqual([
      ['k', 1005, 6],
      ['k', 1009, 10],
    ]);
  });

  it('tells the probe of dots a whole redraw shows for the first time, not of dots shown before', () => {
    const frames: (() => void)[] = [];
    const probe: [string, number, number, number][] = [];
    (globalThis as { __dotinkLiveProbe?: unknown }).__dotinkLiveProbe = (
      key: string,
      dotTimeMs: number,
      _at: number,
      dots: number,
      oldestNewMs: number,
    ) => probe.push([key, dotTimeMs, dots, oldestNewMs]);
    const s = stroke('k', 10);
    let ink = { page: PAGE, strokes: [] as Stroke[], live: [] as LiveStroke[] };
    const r = new TileRenderer({
      inkOf: () => ink,
      requestFrame: (fn) => frames.push(fn),
      devicePixelRatio: () => 1,
      minFrameMs: 0,
    });
    const first = fakeCanvas();
    r.attach('p1', first.canvas);
    frames.shift()!();
    r.dots('p1', live(s, 4));
    frames.shift()!();
    // the page's image loaded: the tile is attached afresh and drawn whole, the stroke complete now
    ink = { ...ink, strokes: [s] };
    r.attach('p1', fakeCanvas().canvas);
    frames.shift()!();
    r.redraw('p1');
    frames.shift()!();
    // the ink store's copy of the same stroke (its own key) replaces it: nothing new is shown
    ink = { ...ink, strokes: [createStroke({ ...s, key: 'stored' }, s.dots)] };
    r.page('p1');
    frames.shift()!();
    expect(probe).toEqual([
      ['k', 1003, 4, 1000],
      ['k', 1009, 10, 1004],
    ]);
  });

  it('draws at most ~30 frames a second: new ink a frame too soon waits for the next frame', () => {
    const frames: (() => void)[] = [];
    let nowMs = 1000;
    const r = new TileRenderer({
      inkOf: () => ({ page: PAGE, strokes: [], live: [] }),
      requestFrame: (fn) => frames.push(fn),
      devicePixelRatio: () => 1,
      nowMs: () => nowMs,
    });
    const { canvas, paths } = fakeCanvas();
    r.attach('p1', canvas);
    frames.shift()!(); // drawn at 1000
    const s = stroke('k', 10);
    r.dots('p1', live(s, 3));
    nowMs = 1016.7; // the next animation frame at 60 Hz: too soon
    frames.shift()!();
    expect(paths).toEqual([]);
    expect(frames).toHaveLength(1);
    r.dots('p1', live(s, 5)); // more dots meanwhile: still one frame asked
    expect(frames).toHaveLength(1);
    nowMs = 1033.4; // two frames after the last drawn: drawn, all dots in one path
    frames.shift()!();
    expect(paths).toEqual([5]);
    expect(frames).toHaveLength(0);
    // after a pause the first new dots are drawn at the next frame
    nowMs = 2000;
    r.stroke('p1', s);
    frames.shift()!();
    expect(paths).toEqual([5, 6]);
  });

  it("ignores ink of another page than the tile's and redraws whole on a page change", () => {
    const frames: (() => void)[] = [];
    let page = PAGE;
    const s = stroke('k', 4);
    const r = new TileRenderer({
      inkOf: () => ({ page, strokes: page === PAGE ? [s] : [], live: [] }),
      requestFrame: (fn) => frames.push(fn),
      devicePixelRatio: () => 1,
      minFrameMs: 0,
    });
    const { canvas, paths } = fakeCanvas();
    r.attach('p1', canvas);
    frames.shift()!();
    expect(paths).toEqual([4]);
    expect(canvas.width).toBe(100);
    page = '3.1012.1191.21';
    r.page('p1');
    frames.shift()!();
    r.stroke('p1', stroke('other', 3)); // on the old page: not drawn
    expect(frames).toHaveLength(0);
    expect(paths).toEqual([4]);
  });
});
