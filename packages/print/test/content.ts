/**
 * Test support: a synthetic rendered document page (what pdf.js would give): white paper,
 * black "text lines", a grey ramp and a red box, as RGBA.
 */
import type { ContentRaster } from '../src/compose';

/** An RGBA raster of a `widthPt × heightPt` page at `dpi`. */
export function syntheticPage(widthPt: number, heightPt: number, dpi = 300): ContentRaster {
  const widthPx = Math.floor((widthPt * dpi) / 72);
  const heightPx = Math.floor((heightPt * dpi) / 72);
  const rgba = new Uint8Array(widthPx * heightPx * 4).fill(255);
  const set = (x: number, y: number, r: number, g: number, b: number) => {
    const i = (y * widthPx + x) * 4;
    rgba[i] = r;
    rgba[i + 1] = g;
    rgba[i + 2] = b;
  };
  const m = Math.round(widthPx * 0.08);
  for (let y = m; y < heightPx - m; y++) {
    const line = Math.floor((y - m) / Math.round(dpi / 6));
    const inLine = (y - m) % Math.round(dpi / 6) < Math.round(dpi / 12);
    for (let x = m; x < widthPx - m; x++) {
      if (y < heightPx * 0.5) {
        // black text: words of 20–40 px with gaps
        if (inLine && (x + line * 13) % 47 < 33) set(x, y, 0, 0, 0);
      } else if (y < heightPx * 0.6) {
        const v = Math.round((255 * (x - m)) / (widthPx - 2 * m));
        set(x, y, v, v, v); // grey ramp, black to white
      } else if (y < heightPx * 0.7 && x < widthPx / 2) {
        set(x, y, 200, 50, 40); // red box
      }
    }
  }
  return { rgba, widthPx, heightPx, pageWidthPt: widthPt, pageHeightPt: heightPt };
}

/**
 * A photo-like RGBA page (continuous tone over the whole page): smooth colour fields with a
 * little deterministic grain, as a scanned photo or a rendered picture gives.
 */
export function photoPage(widthPt: number, heightPt: number, dpi = 300): ContentRaster {
  const widthPx = Math.floor((widthPt * dpi) / 72);
  const heightPx = Math.floor((heightPt * dpi) / 72);
  const rgba = new Uint8Array(widthPx * heightPx * 4);
  const k = 300 / dpi;
  let seed = 1;
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const grain = (seed >>> 28) - 8;
      const i = (y * widthPx + x) * 4;
      const X = x * k;
      const Y = y * k;
      rgba[i] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(X / 97) * Math.cos(Y / 131) + grain));
      rgba[i + 1] = Math.max(0, Math.min(255, 128 + 90 * Math.sin((X + Y) / 173) + grain));
      rgba[i + 2] = Math.max(0, Math.min(255, 128 + 80 * Math.cos(X / 59 - Y / 211) + grain));
      rgba[i + 3] = 255;
    }
  }
  return { rgba, widthPx, heightPx, pageWidthPt: widthPt, pageHeightPt: heightPt };
}
