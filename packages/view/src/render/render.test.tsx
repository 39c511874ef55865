// @vitest-environment jsdom
import 'vitest-canvas-mock';
import { BrushType, withStroke } from '@dotink/ink';
import { scaleHomography } from '@dotink/ncode';
import { describe, expect, it, vi } from 'vitest';
import { IDENTITY_PAGE_TRANSFORM } from '../pipeline/pageTransform';
import { outlineToPath2D } from '../pipeline/path2d';
import { StrokePathCache } from '../pipeline/strokePathCache';
import { line, makeStroke, PAGE_A } from '../testing/fixtures';
import { drawCompletedLayer } from './drawCompleted';
import { drawDocumentLayer } from './drawDocument';
import { sizeLayerCanvas } from './layerSize';

const ctx2d = () => {
  const canvas = document.createElement('canvas');
  sizeLayerCanvas(canvas, 400, 300, 2);
  return canvas.getContext('2d')!;
};

describe('Path2D step', () => {
  it('makes a closed path from an outline, nothing from an empty one', () => {
    expect(outlineToPath2D([])).toBeUndefined();
    expect(outlineToPath2D([[1, 2]])).toBeUndefined();
    expect(
      outlineToPath2D([
        [0, 0],
        [10, 0],
        [10, 10],
      ]),
    ).toBeInstanceOf(Path2D);
  });
});

describe('stroke path cache', () => {
  it('builds a path once per stroke record, scale and transform', () => {
    const cache = new StrokePathCache();
    const s = makeStroke(PAGE_A, line(5, 5));
    const p = cache.path(s, IDENTITY_PAGE_TRANSFORM, 1);
    expect(p).toBeInstanceOf(Path2D);
    expect(cache.path(s, IDENTITY_PAGE_TRANSFORM, 1)).toBe(p);
    expect(cache.stats()).toEqual({ builds: 1, hits: 1 });
    expect(cache.path(s, IDENTITY_PAGE_TRANSFORM, 2)).not.toBe(p);
    cache.path(s, scaleHomography(5), 2);
    expect(cache.stats().builds).toBe(3);
    // a replaced record is a new key
    const erased = withStroke(s, { uploaded: true });
    cache.path(erased, scaleHomography(5), 2);
    expect(cache.stats().builds).toBe(4);
    expect(cache.path(makeStroke(PAGE_A, line(1, 1, 2)), IDENTITY_PAGE_TRANSFORM, 1)).toBeUndefined();
  });
});

describe('completed layer renderer', () => {
  it('fills visible strokes only, with marker opacity, through the cache', () => {
    const ctx = ctx2d();
    const cache = new StrokePathCache();
    const strokes = [
      makeStroke(PAGE_A, line(1, 1)),
      makeStroke(PAGE_A, line(2, 2), { brushType: BrushType.marker }),
      makeStroke(PAGE_A, line(3, 3), { status: 'erased' }),
      makeStroke(PAGE_A, line(4, 4), { brushType: BrushType.eraser }),
      makeStroke(PAGE_A, line(5, 5), { brushType: BrushType.pui }),
      makeStroke(PAGE_A, line(6, 6, 2)),
    ];
    const params = {
      strokes,
      viewport: { scale: 1.2, offsetXPx: 10, offsetYPx: 20 },
      devicePixelRatio: 2,
      nuToPt: IDENTITY_PAGE_TRANSFORM,
      cache,
    };
    expect(drawCompletedLayer(ctx, params)).toBe(2);
    const alphas = ctx
      .__getEvents()
      .filter((e) => e.type === 'globalAlpha')
      .map((e) => e.props.value);
    expect(alphas).toContain(0.3);
    expect(ctx.__getEvents().filter((e) => e.type === 'fill')).toHaveLength(2);
    // the residual of the outline scale (1.2 / 1) and the device pixel ratio go in the transform
    const t = ctx.__getEvents().find((e) => e.type === 'setTransform' && e.props.a !== 1)!;
    expect(t.props).toMatchObject({ a: 2.4, d: 2.4, e: 20, f: 40 });
    expect(cache.stats().builds).toBe(2);
    drawCompletedLayer(ctx, { ...params, viewport: { scale: 1.3, offsetXPx: 0, offsetYPx: 0 } });
    expect(cache.stats()).toEqual({ builds: 2, hits: 2 });
  });
});

describe('completed layer culling', () => {
  it('skips strokes wholly off the view without building their paths', () => {
    const ctx = ctx2d(); // 400 × 300 px
    const cache = new StrokePathCache();
    const strokes = [makeStroke(PAGE_A, line(5, 5)), makeStroke(PAGE_A, line(80, 110))];
    const n = drawCompletedLayer(ctx, {
      strokes,
      viewport: { scale: 1, offsetXPx: 0, offsetYPx: 0 },
      devicePixelRatio: 2,
      nuToPt: IDENTITY_PAGE_TRANSFORM,
      cache,
    });
    expect(n).toBe(1);
    expect(cache.stats().builds).toBe(1);
  });
});

describe('document layer renderer', () => {
  it('draws the sheet and the image at the viewport', () => {
    const ctx = ctx2d();
    const image = document.createElement('canvas');
    drawDocumentLayer(ctx, {
      viewport: { scale: 0.5, offsetXPx: 10, offsetYPx: 5 },
      devicePixelRatio: 2,
      pagePt: { width: 600, height: 800 },
      image,
      paperColor: '#fff',
      edgeColor: '#ccc',
    });
    // (the canvas mock records 5-argument drawImage sizes wrongly: read the call itself)
    expect(vi.mocked(ctx.drawImage).mock.calls).toEqual([[image, 20, 10, 600, 800]]);
  });
});
