/**
 * Rendering board pages for printing: a PDF page through `@dotink/print-web`'s pdf.js raster at
 * the print resolution (300 dpi, fact sheet §5.1); a page without a PDF (made with the pen) as a
 * white page of its size (the pattern is what matters there).
 */
import type { GridaPage } from '@dotink/ink';
import { DEFAULT_RENDER_DPI } from '@dotink/ncode';
import type { ContentRaster } from '@dotink/print';
import {
  blankRaster,
  type CanvasFactory,
  type PrintablePdfPage,
  renderPdfPageRaster,
} from '@dotink/print-web';

/** What the board renderer needs. */
export interface BoardPageRendererOptions {
  /** The board pages (read at each call). */
  readonly pages: () => readonly GridaPage[];
  /** The pdf.js page `pageNo` (1-based) of the board PDF `pdfId`. */
  readonly pdfPage: (pdfId: string, pageNo: number) => Promise<PrintablePdfPage>;
  readonly createCanvas: CanvasFactory;
  /** Default 300. */
  readonly dpi?: number;
}

/** Renders board page `pageNo` (1-based) for printing. */
export function boardPageRenderer(
  options: BoardPageRendererOptions,
): (pageNo: number, signal?: AbortSignal) => Promise<ContentRaster | undefined> {
  const dpi = options.dpi ?? DEFAULT_RENDER_DPI;
  return async (pageNo, signal) => {
    const page = options.pages()[pageNo - 1];
    if (!page) throw new RangeError(`no board page ${pageNo}`);
    if (page.source.kind !== 'pdf') return blankRaster(page.sizePt.widthPt, page.sizePt.heightPt);
    const pdfPage = await options.pdfPage(page.source.pdfId, page.source.pageNo);
    if (signal?.aborted) return undefined;
    return renderPdfPageRaster(pdfPage, dpi, options.createCanvas, signal);
  };
}
