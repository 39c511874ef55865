/**
 * Fit (zoom) modes as pure functions (engine.md §2, §9): actual, width, height, full, free.
 *
 * Decisions (the spec names the modes and two constants only):
 * - `actual`: scale 1 (one pt per CSS px), centred;
 * - `width`: the page's width fills the view less the padding on each side; a page taller than
 *   the view starts at the top, below the padding (pan down to read on), a shorter one is centred;
 * - `height`: the page's height fills the view less the padding above and below, centred
 *   horizontally;
 * - `full`: the whole page fits, times the floor factor 0.95, centred (the factor is its margin);
 * - `free`: the viewport the user made, unchanged.
 * The padding (default 100 px) never takes more than a quarter of the view on a side, so a small
 * view still shows the page. Every result is clamped to the zoom range 0.25 … 3.
 */
import type { Viewport } from '../pipeline/viewTransform';
import { clampZoom } from './zoom';

export type FitMode = 'actual' | 'width' | 'height' | 'full' | 'free';

export const FIT_MODES: readonly FitMode[] = Object.freeze(['actual', 'width', 'height', 'full', 'free']);

/** Full-fit floor factor (engine.md §9). */
export const FULL_FIT_FACTOR = 0.95;
/** Default view padding, px (engine.md §9). */
export const DEFAULT_VIEW_PADDING_PX = 100;

/** A width and height (px for views, pt for pages). */
export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface FitOptions {
  readonly paddingPx?: number;
  readonly fullFitFactor?: number;
}

/** The viewport that fits `pagePt` into `viewPx` in `mode` (`free` returns `current`). */
export function fitViewport(
  mode: FitMode,
  viewPx: Size,
  pagePt: Size,
  current: Viewport,
  options: FitOptions = {},
): Viewport {
  if (mode === 'free') return current;
  if (!(pagePt.width > 0) || !(pagePt.height > 0) || !(viewPx.width > 0) || !(viewPx.height > 0)) {
    return current;
  }
  const pad = Math.max(0, options.paddingPx ?? DEFAULT_VIEW_PADDING_PX);
  const padX = Math.min(pad, viewPx.width / 4);
  const padY = Math.min(pad, viewPx.height / 4);
  let scale: number;
  switch (mode) {
    case 'actual':
      scale = 1;
      break;
    case 'width':
      scale = (viewPx.width - 2 * padX) / pagePt.width;
      break;
    case 'height':
      scale = (viewPx.height - 2 * padY) / pagePt.height;
      break;
    case 'full':
      scale =
        Math.min(viewPx.width / pagePt.width, viewPx.height / pagePt.height) *
        (options.fullFitFactor ?? FULL_FIT_FACTOR);
      break;
  }
  scale = clampZoom(scale);
  const offsetXPx = (viewPx.width - pagePt.width * scale) / 2;
  const centredY = (viewPx.height - pagePt.height * scale) / 2;
  // a width fit taller than the view starts at the top (below the padding)
  const offsetYPx = mode === 'width' && centredY < padY ? padY : centredY;
  return { scale, offsetXPx, offsetYPx };
}
