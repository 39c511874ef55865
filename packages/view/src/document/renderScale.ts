/**
 * The scale a page image is rendered at (engine.md §9): the view's scale in device pixels,
 * rounded up to a quarter-octave step (so small zoom changes reuse the image), never above the
 * render dpi (default 300) and never above 5,242,880 pixels in all.
 */
import { DEFAULT_RENDER_DPI, MAX_PDF_IMAGE_PIXELS, POINTS_PER_INCH, type SizePt } from '@dotink/ncode';
import type { Size } from '../viewport/fit';

export interface RenderScaleOptions {
  /** Highest resolution rendered (dots per inch of the page). Default 300. */
  readonly dpi?: number;
  /** Largest image area, pixels. Default 5,242,880. */
  readonly maxPixels?: number;
}

/** Render steps per doubling of scale. */
export const RENDER_SCALE_STEPS_PER_OCTAVE = 4;

/** The largest scale (px per pt) whose image of `pagePt` has at most `maxPixels` pixels. */
export function pixelCapScale(pagePt: Size, maxPixels = MAX_PDF_IMAGE_PIXELS): number {
  const area = pagePt.width * pagePt.height;
  return area > 0 ? Math.sqrt(maxPixels / area) : Number.POSITIVE_INFINITY;
}

/** Image px per page pt for a view at `viewScale` CSS px per pt on a `devicePixelRatio` screen. */
export function documentRenderScale(
  pagePt: Size,
  viewScale: number,
  devicePixelRatio = 1,
  options: RenderScaleOptions = {},
): number {
  const want = Math.max(1e-3, viewScale * Math.max(1, devicePixelRatio));
  const step =
    2 ** (Math.ceil(Math.log2(want) * RENDER_SCALE_STEPS_PER_OCTAVE - 1e-9) / RENDER_SCALE_STEPS_PER_OCTAVE);
  const dpiScale = (options.dpi ?? DEFAULT_RENDER_DPI) / POINTS_PER_INCH;
  return Math.min(step, dpiScale, pixelCapScale(pagePt, options.maxPixels));
}

/** A page size in pt as a plain width and height. */
export function ptSize(size: SizePt): Size {
  return { width: size.widthPt, height: size.heightPt };
}

/** The pixel size of the image of `pagePt` at `scale`. */
export function renderPixelSize(pagePt: Size, scale: number): Size {
  return {
    width: Math.max(1, Math.floor(pagePt.width * scale)),
    height: Math.max(1, Math.floor(pagePt.height * scale)),
  };
}
