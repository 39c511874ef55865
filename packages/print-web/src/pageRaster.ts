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

/** A canvas of the given size and its 2-D context. */
export type CanvasFactory = (
  widthPx: number,
  heightPx: number,
) => { canvas: unknown; context: RasterContext };

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
  const { canvas, context } = createCanvas(size.widthPx, size.heightPx);
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

/** A browser canvas factory (an offscreen canvas where there is one, else a DOM canvas). */
export const browserCanvasFactory: CanvasFactory = (widthPx, heightPx) => {
  if (typeof OffscreenCanvas !== 'undefined' && typeof document === 'undefined') {
    const canvas = new OffscreenCanvas(widthPx, heightPx);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2-D canvas context');
    return { canvas, context: context as unknown as RasterContext };
  }
  const canvas = document.createElement('canvas');
  canvas.width = widthPx;
  canvas.height = heightPx;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2-D canvas context');
  return { canvas, context: context as unknown as RasterContext };
};
