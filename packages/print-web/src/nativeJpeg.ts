/**
 * The browser's own JPEG encoder for continuous-tone print content (issue 12, item 18): in the
 * print worker, an `OffscreenCanvas` encodes the C, M, Y channels (as the canvas's R, G, B) with
 * the platform's native libjpeg, many times faster than JavaScript. Where a browser has no
 * `OffscreenCanvas`, or it does not give a JPEG, `@dotink/print`'s own encoder runs instead.
 */
import { type ContentJpegEncoder, pureJpegEncoder } from '@dotink/print';

interface Context2d {
  putImageData(data: ImageData, x: number, y: number): void;
}
interface OffscreenCanvasLike {
  getContext(kind: '2d'): Context2d | null;
  convertToBlob(options: { type: string; quality: number }): Promise<Blob>;
}
type OffscreenCanvasCtor = new (width: number, height: number) => OffscreenCanvasLike;

/** A JPEG encoder on the platform's OffscreenCanvas, falling back to the pure one. */
export function platformJpegEncoder(): ContentJpegEncoder {
  const Canvas = (globalThis as { OffscreenCanvas?: OffscreenCanvasCtor }).OffscreenCanvas;
  const Image = (globalThis as { ImageData?: typeof ImageData }).ImageData;
  if (!Canvas || !Image) return pureJpegEncoder;
  // one canvas for pages of one size (an A4 page's is 35 MB): each page overwrites all of it, and
  // convertToBlob takes its copy of the pixels before it returns, so pages in flight do not mix
  let kept: { canvas: OffscreenCanvasLike; context: Context2d; width: number; height: number } | undefined;
  return async (cmyk, width, height, quality) => {
    if (kept?.width !== width || kept.height !== height) {
      const canvas = new Canvas(width, height);
      const context = canvas.getContext('2d');
      kept = context ? { canvas, context, width, height } : undefined;
    }
    if (!kept) return pureJpegEncoder(cmyk, width, height, quality);
    const { canvas, context } = kept;
    // C, M, Y go in as R, G, B; the fourth byte (K = 0) must become an opaque alpha
    const rgba =
      cmyk.buffer instanceof ArrayBuffer
        ? new Uint8ClampedArray(cmyk.buffer, cmyk.byteOffset, width * height * 4)
        : new Uint8ClampedArray(cmyk.subarray(0, width * height * 4));
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    context.putImageData(new Image(rgba, width, height), 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: quality / 100 });
    if (blob.type !== 'image/jpeg') {
      for (let i = 3; i < rgba.length; i += 4) rgba[i] = 0;
      return pureJpegEncoder(cmyk, width, height, quality);
    }
    return new Uint8Array(await blob.arrayBuffer());
  };
}
