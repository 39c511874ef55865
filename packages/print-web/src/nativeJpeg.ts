/**
 * The browser's own JPEG encoder for continuous-tone print content (issue 12, item 18): in the
 * print worker, an `OffscreenCanvas` encodes the C, M, Y channels (as the canvas's R, G, B) with
 * the platform's native libjpeg, many times faster than JavaScript. Where a browser has no
 * `OffscreenCanvas`, or it does not give a JPEG, `@dotink/print`'s own encoder runs instead.
 */
import { type ContentJpegEncoder, pureJpegEncoder } from '@dotink/print';

interface Context2d {
  putImageData(data: ImageData, x: number, y: number): void;
  getImageData(x: number, y: number, w: number, h: number): { readonly data: Uint8ClampedArray };
}
interface OffscreenCanvasLike {
  getContext(kind: '2d', options?: { alpha?: boolean }): Context2d | null;
  convertToBlob(options: { type: string; quality: number }): Promise<Blob>;
}
type OffscreenCanvasCtor = new (width: number, height: number) => OffscreenCanvasLike;
type ImageDataCtor = new (data: Uint8ClampedArray, width: number, height: number) => ImageData;

/**
 * True when an opaque (`alpha: false`) canvas keeps the colour of a pixel put with alpha 0 (the
 * HTML spec: an opaque canvas ignores changes to alpha; Chromium does so). Then the content's
 * K = 0 bytes can go in as they are, without a pass setting 35 MB of alpha bytes to 255 first; a
 * browser that premultiplies them (black) gets the alpha pass.
 */
export function opaqueCanvasKeepsColour(Canvas: OffscreenCanvasCtor, Image: ImageDataCtor): boolean {
  try {
    const context = new Canvas(1, 1).getContext('2d', { alpha: false });
    if (!context) return false;
    context.putImageData(new Image(new Uint8ClampedArray([200, 100, 50, 0]), 1, 1), 0, 0);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return r === 200 && g === 100 && b === 50;
  } catch {
    // a canvas that cannot be probed takes the alpha pass, which every canvas handles
    return false;
  }
}

/** A JPEG encoder on the platform's OffscreenCanvas, falling back to the pure one. */
export function platformJpegEncoder(): ContentJpegEncoder {
  const Canvas = (globalThis as { OffscreenCanvas?: OffscreenCanvasCtor }).OffscreenCanvas;
  const Image = (globalThis as { ImageData?: ImageDataCtor }).ImageData;
  if (!Canvas || !Image) return pureJpegEncoder;
  let opaque: boolean | undefined;
  // one canvas for pages of one size (an A4 page's is 35 MB): each page overwrites all of it, and
  // convertToBlob takes its copy of the pixels before it returns, so pages in flight do not mix
  let kept: { canvas: OffscreenCanvasLike; context: Context2d; width: number; height: number } | undefined;
  return async (cmyk, width, height, quality) => {
    opaque ??= opaqueCanvasKeepsColour(Canvas, Image);
    if (kept?.width !== width || kept.height !== height) {
      const canvas = new Canvas(width, height);
      const context = canvas.getContext('2d', { alpha: !opaque });
      kept = context ? { canvas, context, width, height } : undefined;
    }
    if (!kept) return pureJpegEncoder(cmyk, width, height, quality);
    const { canvas, context } = kept;
    // C, M, Y go in as R, G, B; the fourth byte (K = 0) is ignored by an opaque canvas, else it
    // must become an opaque alpha
    const rgba =
      cmyk.buffer instanceof ArrayBuffer
        ? new Uint8ClampedArray(cmyk.buffer, cmyk.byteOffset, width * height * 4)
        : new Uint8ClampedArray(cmyk.subarray(0, width * height * 4));
    if (!opaque) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    context.putImageData(new Image(rgba, width, height), 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: quality / 100 });
    if (blob.type !== 'image/jpeg') {
      if (!opaque) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 0;
      return pureJpegEncoder(cmyk, width, height, quality);
    }
    return new Uint8Array(await blob.arrayBuffer());
  };
}
