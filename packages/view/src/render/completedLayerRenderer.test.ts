// @vitest-environment jsdom
import 'vitest-canvas-mock';
import type { Stroke } from '@dotink/ink';
import { describe, expect, it } from 'vitest';
import type { LayerDrawInfo } from '../components/viewStats';
import { IDENTITY_PAGE_TRANSFORM } from '../pipeline/pageTransform';
import { StrokePathCache } from '../pipeline/strokePathCache';
import type { Viewport } from '../pipeline/viewTransform';
import { line, makeStroke, PAGE_A } from '../testing/fixtures';
import { manualViewScheduler, type ViewScheduler } from '../timing/viewScheduler';
import {
  COMPLETED_CHUNK_STROKES,
  COMPLETED_SETTLE_MS,
  CompletedLayerRenderer,
  type CompletedLayerState,
  isAppend,
} from './completedLayerRenderer';
import { sizeLayerCanvas } from './layerSize';

const VIEW = { width: 400, height: 300 };
const VP: Viewport = { scale: 1, offsetXPx: 10, offsetYPx: 10 };

type MockCtx = CanvasRenderingContext2D & {
  __getEvents(): { type: string; props: Record<string, unknown> }[];
  __clearEvents(): void;
};

function rig(scheduler: ViewScheduler = manualViewScheduler()) {
  const layerCanvas = document.createElement('canvas');
  sizeLayerCanvas(layerCanvas, VIEW.width, VIEW.height, 1);
  const layer = layerCanvas.getContext('2d') as MockCtx;
  const bitmaps: MockCtx[] = [];
  const draws: LayerDrawInfo[] = [];
  const r = new CompletedLayerRenderer(
    layer,
    scheduler,
    (d) => draws.push(d),
    () => {
      const c = document.createElement('canvas');
      const getContext = c.getContext.bind(c);
      let made = false;
      c.getContext = ((id: '2d') => {
        const ctx = getContext(id) as MockCtx;
        if (!made) bitmaps.push(ctx);
        made = true;
        return ctx;
      }) as typeof c.getContext;
      return c;
    },
  );
  const cache = new StrokePathCache();
  const state = (strokes: readonly Stroke[], viewport = VP): CompletedLayerState => ({
    strokes,
    viewport,
    viewPx: VIEW,
    pagePt: { width: 595, height: 842 },
    devicePixelRatio: 1,
    nuToPt: IDENTITY_PAGE_TRANSFORM,
    cache,
    coloring: {},
  });
  const fills = (ctx: MockCtx) => ctx.__getEvents().filter((e) => e.type === 'fill').length;
  const images = (ctx: MockCtx) => ctx.__getEvents().filter((e) => e.type === 'drawImage').length;
  return { r, layer, bitmaps, draws, state, fills, images, cache };
}

const strokes = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) =>
    makeStroke(PAGE_A, line(2 + ((from + i) % 40), 2 + (Math.floor((from + i) / 40) % 20))),
  );

describe('isAppend', () => {
  it('is true only when the list grew at its end', () => {
    const [a, b, c] = strokes(3);
    expect(isAppend([a!, b!], [a!, b!, c!])).toBe(true);
    expect(isAppend([a!, b!], [a!, b!])).toBe(true);
    expect(isAppend([a!, b!], [a!, c!])).toBe(false);
    expect(isAppend([a!, b!], [a!])).toBe(false);
    expect(isAppend([a!, b!], [b!, a!, c!])).toBe(false);
  });
});

describe('completed layer renderer', () => {
  it('fills an appended stroke only, on top, without clearing the layer', () => {
    const t = rig();
    const first = strokes(5);
    t.r.update(t.state(first));
    expect(t.fills(t.bitmaps[0]!)).toBe(5);
    expect(t.draws.at(-1)).toMatchObject({ layer: 'completed', count: 5, full: true });
    t.layer.__clearEvents();
    t.bitmaps[0]!.__clearEvents();

    const [extra] = strokes(1, 7);
    t.r.update(t.state([...first, extra!]));
    expect(t.fills(t.bitmaps[0]!)).toBe(1);
    expect(t.fills(t.layer)).toBe(1);
    expect(t.layer.__getEvents().filter((e) => e.type === 'clearRect')).toHaveLength(0);
    expect(t.bitmaps).toHaveLength(1);
    expect(t.draws.at(-1)).toEqual({ layer: 'completed', count: 1, full: false });
  });

  it('fills everything again when the fill key changes, the same strokes included', () => {
    const t = rig();
    const first = strokes(5);
    t.r.update({ ...t.state(first.slice(0, 4)), fillKey: 'playing' });
    t.r.update({ ...t.state(first), fillKey: 'playing' });
    expect(t.bitmaps).toHaveLength(1);
    t.r.update({ ...t.state(first), fillKey: 'still' });
    expect(t.bitmaps).toHaveLength(2);
    expect(t.fills(t.bitmaps[1]!)).toBe(5);
    expect(t.draws.at(-1)).toMatchObject({ count: 5, full: true });
  });

  it('fills everything again when a stroke is removed', () => {
    const t = rig();
    const first = strokes(5);
    t.r.update(t.state(first));
    t.r.update(t.state(first.slice(1)));
    expect(t.bitmaps).toHaveLength(2);
    expect(t.fills(t.bitmaps[1]!)).toBe(4);
    expect(t.draws.at(-1)).toMatchObject({ count: 4, full: true });
  });

  it('moves the cached bitmap during a pan or zoom, and fills crisp paths once it settles', () => {
    const frames = manualViewScheduler();
    const t = rig(frames);
    const all = strokes(6);
    t.r.update(t.state(all));
    t.layer.__clearEvents();
    const builds = t.cache.stats().builds;

    const moves: Viewport[] = [
      { scale: 1, offsetXPx: 30, offsetYPx: 5 },
      { scale: 1.2, offsetXPx: 20, offsetYPx: 0 },
      { scale: 1.5, offsetXPx: 0, offsetYPx: -20 },
    ];
    for (const vp of moves) {
      t.r.update(t.state(all, vp));
      frames.advance(COMPLETED_SETTLE_MS / 2);
    }
    // every step: the bitmap drawn moved and scaled, no path filled
    expect(t.images(t.layer)).toBe(3);
    expect(t.fills(t.layer)).toBe(0);
    expect(t.bitmaps).toHaveLength(1);
    const last = t.layer
      .__getEvents()
      .filter((e) => e.type === 'setTransform')
      .at(-2)!.props;
    expect(last).toMatchObject({ a: 1.5, d: 1.5 });
    expect(t.draws.slice(-3).every((d) => d.count === 0)).toBe(true);

    // the gesture settles: the paths are filled again at the final viewport
    frames.advance(COMPLETED_SETTLE_MS);
    expect(t.bitmaps).toHaveLength(2);
    expect(t.fills(t.bitmaps[1]!)).toBe(6);
    expect(t.images(t.layer)).toBe(4);
    expect(t.draws.at(-1)).toMatchObject({ count: 6, full: true });
    // zoomed past a power of two: new paths; a pan alone would build none
    expect(t.cache.stats().builds).toBeGreaterThan(builds);
  });

  it('spreads a big page over frames, showing each part as it is filled', () => {
    const frames = manualViewScheduler();
    const t = rig(frames);
    const many = strokes(COMPLETED_CHUNK_STROKES + 10);
    t.r.update(t.state(many));
    expect(t.draws).toHaveLength(1);
    expect(t.draws[0]!.count).toBe(COMPLETED_CHUNK_STROKES);
    expect(frames.pendingFrames()).toBe(1);
    // an append while the fill goes on is picked up by it
    const more = [...many, ...strokes(2, 5000)];
    t.r.update(t.state(more));
    frames.runFrames();
    expect(t.draws.at(-1)).toMatchObject({ count: 12, full: true });
    expect(frames.pendingFrames()).toBe(0);
    expect(t.fills(t.bitmaps[0]!)).toBe(COMPLETED_CHUNK_STROKES + 12);
  });

  it('keeps showing the old bitmap after an erase on a big page until the new fill is complete', () => {
    const frames = manualViewScheduler();
    const t = rig(frames);
    const many = strokes(COMPLETED_CHUNK_STROKES + 10);
    t.r.update(t.state(many));
    frames.runFrames();
    const shown = t.images(t.layer);
    t.r.update(t.state(many.slice(1)));
    // the first part is filled, but not shown: the layer still shows the complete old bitmap
    expect(t.bitmaps).toHaveLength(2);
    expect(t.images(t.layer)).toBe(shown);
    frames.runFrames();
    expect(t.images(t.layer)).toBe(shown + 1);
    expect(t.draws.at(-1)).toMatchObject({ full: true, bitmap: many.length - 1 });
    // another page's strokes: shown as they are filled, the old ones gone at once
    t.r.update(t.state(strokes(COMPLETED_CHUNK_STROKES + 10, 9000)));
    expect(t.images(t.layer)).toBe(shown + 2);
  });
});
