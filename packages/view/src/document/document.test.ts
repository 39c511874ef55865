import { describe, expect, it } from 'vitest';
import type { ViewScheduler } from '../timing/viewScheduler';
import { manualViewScheduler } from '../timing/viewScheduler';
import type { PageImageSource } from './pageImageSource';
import { pdfPageImageSource } from './pageImageSource';
import { documentRenderScale, pixelCapScale, renderPixelSize } from './renderScale';
import {
  isSmallThumbnail,
  THUMBNAIL_DELAY_MS,
  THUMBNAIL_MAX_SIZES,
  THUMBNAIL_SCALE,
  ThumbnailCache,
  thumbnailScale,
} from './thumbnailCache';

const A4 = { width: 595.2756, height: 841.8898 };

describe('document render scale (engine.md §9)', () => {
  it('never renders above 300 dpi', () => {
    expect(documentRenderScale({ width: 100, height: 100 }, 3, 2)).toBeCloseTo(300 / 72, 12);
    expect(documentRenderScale({ width: 100, height: 100 }, 3, 2, { dpi: 150 })).toBeCloseTo(150 / 72, 12);
  });

  it('never renders more than 5,242,880 pixels', () => {
    const s = documentRenderScale(A4, 3, 2);
    const px = renderPixelSize(A4, s);
    expect(px.width * px.height).toBeLessThanOrEqual(5_242_880);
    expect(s).toBeCloseTo(pixelCapScale(A4), 12);
    expect(A4.width * s * A4.height * s).toBeCloseTo(5_242_880, 3);
  });

  it('renders at the view scale in device pixels, rounded up to a quarter octave', () => {
    const s = documentRenderScale(A4, 1, 1);
    expect(s).toBe(1);
    const t = documentRenderScale(A4, 1.1, 1);
    expect(t).toBeGreaterThanOrEqual(1.1);
    expect(t).toBeCloseTo(2 ** 0.25, 12);
    expect(documentRenderScale(A4, 1.15, 1)).toBe(t); // same step: the image is reused
    expect(documentRenderScale(A4, 1, 2)).toBe(2);
  });
});

/** A page source that records renders; each render resolves when the test says so. */
function fakeSource(key: string, log: string[]): PageImageSource & { finish(): Promise<void> } {
  const waiting: (() => void)[] = [];
  return {
    key,
    sizePt: { widthPt: 200, heightPt: 300 },
    render(canvas, scale) {
      log.push(`${key}@${scale.toFixed(3)} ${canvas.width}x${canvas.height}`);
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    async finish() {
      for (const r of waiting.splice(0)) r();
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

const fakeCanvas = () => ({ width: 0, height: 0 }) as unknown as HTMLCanvasElement;

describe('thumbnail cache', () => {
  const make = (scheduler: ViewScheduler) => new ThumbnailCache({ scheduler, createCanvas: fakeCanvas });

  it('renders 200 ms after the request, at 1.5 × the shown size', async () => {
    expect(THUMBNAIL_DELAY_MS).toBe(200);
    expect(THUMBNAIL_SCALE).toBe(1.5);
    const clock = manualViewScheduler();
    const cache = make(clock);
    const log: string[] = [];
    const src = fakeSource('doc#1', log);
    const got: HTMLCanvasElement[] = [];
    cache.request(src, 100, (c) => got.push(c));
    clock.advance(199);
    expect(log).toEqual([]);
    clock.advance(1);
    expect(log).toEqual([`doc#1@${thumbnailScale(200, 100).toFixed(3)} 150x225`]);
    await src.finish();
    expect(got).toHaveLength(1);
    expect(cache.get('doc#1', 100)).toBe(got[0]);
    // cached: handed over at once, no new render
    cache.request(src, 100, (c) => got.push(c));
    expect(got).toHaveLength(2);
    expect(log).toHaveLength(1);
  });

  it('renders nothing when cancelled before the delay', () => {
    const clock = manualViewScheduler();
    const cache = make(clock);
    const log: string[] = [];
    const cancel = cache.request(fakeSource('a', log), 100, () => {});
    clock.advance(100);
    cancel();
    clock.advance(500);
    expect(log).toEqual([]);
  });

  it('keeps at most 3 sizes, dropping the one used longest ago', async () => {
    expect(THUMBNAIL_MAX_SIZES).toBe(3);
    const clock = manualViewScheduler();
    const cache = make(clock);
    const log: string[] = [];
    const src = fakeSource('p', log);
    for (const w of [100, 150, 200]) {
      cache.request(src, w, () => {});
      clock.advance(200);
      await src.finish();
    }
    expect(cache.sizes()).toEqual([100, 150, 200]);
    cache.request(src, 100, () => {}); // 100 is used again
    cache.request(src, 300, () => {});
    clock.advance(200);
    await src.finish();
    expect(cache.sizes()).toEqual([200, 100, 300]);
    expect(cache.get('p', 150)).toBeUndefined();
  });

  it('calls thumbnails under 250 px wide small', () => {
    expect(isSmallThumbnail(249)).toBe(true);
    expect(isSmallThumbnail(250)).toBe(false);
  });
});

describe('pdf.js page adapter', () => {
  it('reports the page size and renders through page.render with the canvas', async () => {
    const calls: unknown[] = [];
    const page = {
      getViewport: ({ scale }: { scale: number }) => ({ width: 612 * scale, height: 792 * scale, scale }),
      render: (params: unknown) => {
        calls.push(params);
        return { promise: Promise.resolve(), cancel: () => {} };
      },
    };
    const src = pdfPageImageSource(page as never, 'f/1');
    expect(src.sizePt).toEqual({ widthPt: 612, heightPt: 792 });
    const canvas = fakeCanvas();
    await src.render(canvas, 2, new AbortController().signal);
    expect(calls).toHaveLength(1);
    expect((calls[0] as { canvas: unknown }).canvas).toBe(canvas);
    expect((calls[0] as { viewport: { scale: number } }).viewport.scale).toBe(2);
  });

  it('cancels the render task when aborted', async () => {
    let cancelled = 0;
    let finish: () => void = () => {};
    const page = {
      getViewport: () => ({ width: 10, height: 10 }),
      render: () => ({
        promise: new Promise<void>((r) => {
          finish = r;
        }),
        cancel: () => {
          cancelled++;
          finish();
        },
      }),
    };
    const abort = new AbortController();
    const p = pdfPageImageSource(page as never, 'k').render(fakeCanvas(), 1, abort.signal);
    abort.abort();
    await p;
    expect(cancelled).toBe(1);
  });
});
