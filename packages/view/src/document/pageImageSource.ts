/**
 * Where a page's document image comes from. The view does not load PDFs or run the pdf.js
 * worker: the board app opens the document (and sets the worker up), then passes a
 * {@link PageImageSource} per page, e.g. {@link pdfPageImageSource} of a pdf.js page.
 */
import type { SizePt } from '@dotink/ncode';
import type { PDFPageProxy } from 'pdfjs-dist';

/** A page image that can be rendered at any scale. */
export interface PageImageSource {
  /** Identifies the image (e.g. document fingerprint and page number); a new key renders anew. */
  readonly key: string;
  /** The page size in pt (rotation applied). */
  readonly sizePt: SizePt;
  /**
   * Draws the page at `scale` image px per pt into `canvas`, which the caller has sized to
   * {@link ./renderScale.renderPixelSize}. Rejects or resolves early when `signal` aborts.
   */
  render(canvas: HTMLCanvasElement, scale: number, signal: AbortSignal): Promise<void>;
}

/** The parts of a pdf.js page the adapter uses (a `PDFPageProxy` has them). */
export type PdfPageLike = Pick<PDFPageProxy, 'getViewport' | 'render'>;

/** A page image source over a pdf.js page (pdfjs-dist 5.6). */
export function pdfPageImageSource(page: PdfPageLike, key: string): PageImageSource {
  const base = page.getViewport({ scale: 1 });
  return {
    key,
    sizePt: { widthPt: base.width, heightPt: base.height },
    async render(canvas, scale, signal) {
      if (signal.aborted) return;
      const task = page.render({ canvas, viewport: page.getViewport({ scale }) });
      const cancel = () => task.cancel();
      signal.addEventListener('abort', cancel, { once: true });
      try {
        await task.promise;
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
  };
}
