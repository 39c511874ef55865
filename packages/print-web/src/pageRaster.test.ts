import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CanvasFactory,
  type PrintablePdfPage,
  pooledCanvasFactory,
  renderPdfPageRaster,
} from './pageRaster';

/** A factory of numbered fake canvases, and how many it made. */
function countingFactory() {
  let made = 0;
  const factory: CanvasFactory = (widthPx, heightPx) => {
    made++;
    return {
      canvas: { id: made, widthPx, heightPx },
      context: { getImageData: (_x, _y, w, h) => ({ data: new Uint8ClampedArray(w * h * 4).fill(255) }) },
    };
  };
  return { factory, made: () => made };
}

/** A pdf.js page stand-in whose render succeeds or fails. */
function page(fails = false): PrintablePdfPage {
  return {
    getViewport: ({ scale }) => ({ width: 10 * scale, height: 20 * scale }),
    render: () => ({
      promise: fails ? Promise.reject(new Error('render failed')) : Promise.resolve(),
      cancel() {},
    }),
  };
}

describe('pooledCanvasFactory', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands a released canvas out again at the same size, and never one still in use', () => {
    const base = countingFactory();
    const pool = pooledCanvasFactory(base.factory);
    const a = pool(100, 200);
    const b = pool(100, 200); // a is still in use
    expect(b.canvas).not.toBe(a.canvas);
    a.release?.();
    expect(pool(100, 200).canvas).toBe(a.canvas);
    expect(pool(50, 50).canvas).not.toBe(b.canvas);
    expect(base.made()).toBe(3);
  });

  it('keeps at most `keep` free canvases and drops them all once idle', () => {
    vi.useFakeTimers();
    const base = countingFactory();
    const pool = pooledCanvasFactory(base.factory, { keep: 1, idleMs: 1000 });
    const a = pool(10, 10);
    const b = pool(10, 10);
    a.release?.();
    b.release?.(); // a is let go: one kept
    a.release?.(); // a second release of the same lease does nothing
    expect(pool(10, 10).canvas).toBe(b.canvas);
    expect(pool(10, 10).canvas).not.toBe(a.canvas);
    const c = pool(10, 10);
    c.release?.();
    vi.advanceTimersByTime(1000);
    expect(pool(10, 10).canvas).not.toBe(c.canvas);
  });

  it('gets the canvas of a page render back after the read-back, but not after a failed render', async () => {
    const base = countingFactory();
    const pool = pooledCanvasFactory(base.factory);
    const first = await renderPdfPageRaster(page(), 72, pool);
    expect(first.widthPx).toBe(10);
    await renderPdfPageRaster(page(), 72, pool);
    expect(base.made()).toBe(1);
    await expect(renderPdfPageRaster(page(true), 72, pool)).rejects.toThrow('render failed');
    await renderPdfPageRaster(page(), 72, pool);
    expect(base.made()).toBe(2);
  });
});

describe('browserCanvasFactory', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A stand-in canvas recording the context options asked for. */
  const recorder = () => {
    const asked: unknown[] = [];
    const getContext = (_kind: string, options: unknown) => {
      asked.push(options);
      return { getImageData: () => ({ data: new Uint8ClampedArray(4) }) };
    };
    return { asked, getContext };
  };

  it('asks the page (DOM) canvas for an opaque context read back on the CPU', async () => {
    const { asked, getContext } = recorder();
    const canvas = { width: 0, height: 0, getContext };
    vi.stubGlobal('document', { createElement: (tag: string) => (tag === 'canvas' ? canvas : undefined) });
    const { browserCanvasFactory } = await import('./pageRaster');
    const made = browserCanvasFactory(30, 40);
    expect(made.canvas).toBe(canvas);
    expect([canvas.width, canvas.height]).toEqual([30, 40]);
    expect(asked).toEqual([{ willReadFrequently: true, alpha: false }]);
  });

  it('asks a worker OffscreenCanvas for the same opaque, read-back context', async () => {
    const { asked, getContext } = recorder();
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
        getContext = getContext;
      },
    );
    const { browserCanvasFactory } = await import('./pageRaster');
    browserCanvasFactory(30, 40);
    expect(asked).toEqual([{ willReadFrequently: true, alpha: false }]);
  });
});
