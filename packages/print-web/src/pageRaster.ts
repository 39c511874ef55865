/**
 * Rendering document pages for printing: a PDF page through pdf.js at the print resolution
 * (300 dpi, fact sheet §5.1) into RGBA on the white background pdf.js paints first; a page without content as a white
 * page of its size (the pattern is what matters there).
 *
 * The canvas is the caller's (a DOM or offscreen canvas in the browser, @napi-rs/canvas in Node
 * tests), so this module runs anywhere pdf.js does.
 */
import type { ContentRaster } from '@dotink/print';

/** The part of a pdf.js page used here. */
export interface PrintablePdfPage {
  getViewport(params: { scale: number }): { readonly width: number; readonly height: number };
  render(params: Record<string, unknown>): { readonly promise: Promise<unknown>; cancel(): void };
}

/** A 2-D context with what reading back needs (pdf.js draws on it). */
export interface RasterContext {
  getImageData(x: number, y: number, w: number, h: number): { readonly data: Uint8ClampedArray };
}

/**
 * A canvas of the given size and its 2-D context; `release`, when there, is called once the
 * caller has read the canvas back and will not use it again (a pool may hand it out again).
 */
export type CanvasFactory = (
  widthPx: number,
  heightPx: number,
) => { canvas: unknown; context: RasterContext; release?: () => void };

/** What {@link pooledCanvasFactory} keeps. */
export interface CanvasPoolOptions {
  /** Free canvases kept (default 2: a print renders at most two pages at once). */
  readonly keep?: number;
  /** The free canvases are dropped this long after the last release (default 5 s). */
  readonly idleMs?: number;
}

/**
 * Canvases reused from one page render to the next: an A4 page at 300 dpi is a 35 MB canvas,
 * and allocating (and later collecting) one a page costs more CPU than drawing into it again. A
 * canvas comes back to the pool only through `release` (after a successful read-back: a
 * cancelled render may leave its context in any state), is handed out again only at the same
 * size, and every free canvas is dropped after `idleMs` without a release, so a finished print
 * holds no memory.
 */
export function pooledCanvasFactory(base: CanvasFactory, options: CanvasPoolOptions = {}): CanvasFactory {
  const keep = options.keep ?? 2;
  const idleMs = options.idleMs ?? 5000;
  type Made = ReturnType<CanvasFactory>;
  let free: { widthPx: number; heightPx: number; made: Made }[] = [];
  let idle: ReturnType<typeof setTimeout> | undefined;
  return (widthPx, heightPx) => {
    const at = free.findIndex((f) => f.widthPx === widthPx && f.heightPx === heightPx);
    const made = at >= 0 ? free.splice(at, 1)[0]!.made : base(widthPx, heightPx);
    let released = false;
    return {
      canvas: made.canvas,
      context: made.context,
      release: () => {
        if (released) return;
        released = true;
        free.push({ widthPx, heightPx, made });
        while (free.length > keep) free.shift();
        if (idle !== undefined) clearTimeout(idle);
        idle = setTimeout(() => {
          free = [];
          idle = undefined;
        }, idleMs);
      },
    };
  };
}

/** Largest raster rendered for one page (pixels); bigger pages render at a lower resolution. */
export const MAX_PRINT_RASTER_PIXELS = 40_000_000;

/** The raster size of a page of `widthPt × heightPt` at `dpi`, capped at {@link MAX_PRINT_RASTER_PIXELS}. */
export function rasterSize(
  widthPt: number,
  heightPt: number,
  dpi: number,
): { widthPx: number; heightPx: number; scale: number } {
  let scale = dpi / 72;
  const pixels = widthPt * scale * heightPt * scale;
  if (pixels > MAX_PRINT_RASTER_PIXELS) scale *= Math.sqrt(MAX_PRINT_RASTER_PIXELS / pixels);
  return {
    widthPx: Math.max(1, Math.round(widthPt * scale)),
    heightPx: Math.max(1, Math.round(heightPt * scale)),
    scale,
  };
}

/** Renders one pdf.js page at `dpi` (rotation as pdf.js shows it). */
export async function renderPdfPageRaster(
  page: PrintablePdfPage,
  dpi: number,
  createCanvas: CanvasFactory,
  signal?: AbortSignal,
): Promise<ContentRaster> {
  const base = page.getViewport({ scale: 1 });
  const size = rasterSize(base.width, base.height, dpi);
  const viewport = page.getViewport({ scale: size.scale });
  const { canvas, context, release } = createCanvas(size.widthPx, size.heightPx);
  // pdf.js paints `background` over the whole canvas first (a second white fill of 35 MB is waste)
  const task = page.render({
    canvas,
    canvasContext: context,
    viewport,
    intent: 'print',
    background: '#ffffff',
  });
  const cancel = () => task.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    await task.promise;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  const { data } = context.getImageData(0, 0, size.widthPx, size.heightPx);
  release?.();
  return {
    rgba: data,
    widthPx: size.widthPx,
    heightPx: size.heightPx,
    pageWidthPt: base.width,
    pageHeightPt: base.height,
  };
}

/** A white page of the given size (one pixel: it prints nothing, but sets the layout). */
export function blankRaster(widthPt: number, heightPt: number): ContentRaster {
  return {
    rgba: new Uint8Array([255, 255, 255, 255]),
    widthPx: 1,
    heightPx: 1,
    pageWidthPt: widthPt,
    pageHeightPt: heightPt,
  };
}

/**
 * The 2-D context of a print render: read back (a CPU canvas), and opaque — pdf.js paints the
 * white background over all of it first, so nothing is transparent, and Chromium reads an opaque
 * canvas back without unpremultiplying every pixel (an A4 page's getImageData 51 → 26 ms, same
 * bytes).
 */
const PRINT_CONTEXT = { willReadFrequently: true, alpha: false } as const;

/** A browser canvas factory (an offscreen canvas where there is one, else a DOM canvas). */
export const browserCanvasFactory: CanvasFactory = (widthPx, heightPx) => {
  if (typeof OffscreenCanvas !== 'undefined' && typeof document === 'undefined') {
    const canvas = new OffscreenCanvas(widthPx, heightPx);
    const context = canvas.getContext('2d', PRINT_CONTEXT);
    if (!context) throw new Error('no 2-D canvas context');
    return { canvas, context: context as unknown as RasterContext };
  }
  const canvas = document.createElement('canvas');
  canvas.width = widthPx;
  canvas.height = heightPx;
  const context = canvas.getContext('2d', PRINT_CONTEXT);
  if (!context) throw new Error('no 2-D canvas context');
  return { canvas, context: context as unknown as RasterContext };
};
