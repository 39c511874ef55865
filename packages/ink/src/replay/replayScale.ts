/**
 * Replay scale modes (engine.md §4): how the document image and the page (the strokes' drawing
 * space, e.g. the page in pt) are fitted onto one replay canvas. Both are placed by a uniform
 * scale and an offset: `canvas = scale · local + offset`. Fits are "contain" (the whole of the
 * fitted thing shows, aspect kept) and centred.
 *
 * - `imageUpToPage`: the canvas is the page; the image is scaled (up, or down if larger) to fit it.
 * - `pageDownToImage`: the canvas is the image; the page is scaled (down, or up) to fit it.
 * - `noScale`: both at scale 1 from the top-left; the canvas holds the larger of each side.
 * - `imageUpWithPadding`: as `imageUpToPage`, with `paddingPx` of margin round the page on every
 *   side (the canvas grows by twice the padding).
 */

export type ReplayScaleMode = 'imageUpToPage' | 'pageDownToImage' | 'noScale' | 'imageUpWithPadding';

/** A width and height in one unit (the caller's: px for images, pt for pages). */
export interface Size2 {
  readonly width: number;
  readonly height: number;
}

/** Where something is drawn on the canvas: `canvas = scale · local + offset`. */
export interface Placement {
  readonly scale: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

export interface ReplayLayout {
  readonly canvasWidth: number;
  readonly canvasHeight: number;
  readonly image: Placement;
  readonly page: Placement;
}

/** The padding of `imageUpWithPadding` when none is given: the default view padding (engine.md §9). */
export const REPLAY_DEFAULT_PADDING = 100;

/** Places the image and the page on the replay canvas. Empty sizes give scale 1. */
export function replayLayout(
  mode: ReplayScaleMode,
  image: Size2,
  page: Size2,
  paddingPx = REPLAY_DEFAULT_PADDING,
): ReplayLayout {
  const one = { scale: 1, offsetX: 0, offsetY: 0 };
  switch (mode) {
    case 'imageUpToPage':
      return {
        canvasWidth: page.width,
        canvasHeight: page.height,
        image: containIn(image, page, 0),
        page: one,
      };
    case 'pageDownToImage':
      return {
        canvasWidth: image.width,
        canvasHeight: image.height,
        image: one,
        page: containIn(page, image, 0),
      };
    case 'noScale':
      return {
        canvasWidth: Math.max(image.width, page.width),
        canvasHeight: Math.max(image.height, page.height),
        image: one,
        page: one,
      };
    case 'imageUpWithPadding': {
      const p = Math.max(0, paddingPx);
      return {
        canvasWidth: page.width + 2 * p,
        canvasHeight: page.height + 2 * p,
        image: containIn(image, page, p),
        page: { scale: 1, offsetX: p, offsetY: p },
      };
    }
  }
}

/** Uniform "contain" fit of `inner` into `outer`, centred, shifted by `margin`. */
function containIn(inner: Size2, outer: Size2, margin: number): Placement {
  if (!(inner.width > 0) || !(inner.height > 0)) return { scale: 1, offsetX: margin, offsetY: margin };
  const scale = Math.min(outer.width / inner.width, outer.height / inner.height);
  return {
    scale,
    offsetX: margin + (outer.width - inner.width * scale) / 2,
    offsetY: margin + (outer.height - inner.height * scale) / 2,
  };
}
