/**
 * The document image of a board page: the PDF page (pdf.js), or for a page without PDF its
 * background (BASIC: plain paper; lined: rules every 8 mm).
 */
import type { GridaPage } from '@dotink/ink';
import { type PageImageSource, type PdfPageLike, pdfPageImageSource } from '@dotink/view';
import { useEffect, useState } from 'react';
import type { BoardApp } from '../app/boardApp';
import { LINED_SPACING_PT } from '../export/inkContent';
import type { BoardSession } from '../model/boardSession';

/** Lined paper of a size. */
export function linedSource(page: GridaPage): PageImageSource {
  const { widthPt, heightPt } = page.sizePt;
  return {
    key: `lined:${widthPt}x${heightPt}`,
    sizePt: page.sizePt,
    async render(canvas, scale) {
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.strokeStyle = 'rgb(204, 214, 230)';
      ctx.lineWidth = Math.max(1, 0.5 * scale);
      ctx.beginPath();
      for (let y = LINED_SPACING_PT * 2; y < heightPt - LINED_SPACING_PT; y += LINED_SPACING_PT) {
        ctx.moveTo(0, y * scale);
        ctx.lineTo(widthPt * scale, y * scale);
      }
      ctx.stroke();
    },
  };
}

/**
 * Lets pdf.js free what it holds for a page no longer shown (parsed operators, fonts, images):
 * without it, paging through a long PDF keeps every page visited in memory. pdf.js waits for any
 * rendering of the page still under way (a print, say) and reloads the page if it is drawn again.
 */
function freePage(page: PdfPageLike): void {
  (page as { cleanup?: () => unknown }).cleanup?.();
}

/** The image source of `page` (undefined while a PDF page loads, or for plain paper). */
export function usePageSource(app: BoardApp, session: BoardSession | undefined, page: GridaPage | undefined) {
  const [source, setSource] = useState<PageImageSource | undefined>(undefined);
  const pdfId = page?.source.kind === 'pdf' ? page.source.pdfId : undefined;
  const pageNo = page?.source.kind === 'pdf' ? page.source.pageNo : 0;
  const background = page?.background;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the page's identity fields
  useEffect(() => {
    setSource(undefined);
    if (!page || !session) return;
    if (!pdfId) {
      if (background === 'lined') setSource(linedSource(page));
      return;
    }
    const pdf = session.pdfs.find((p) => p.id === pdfId);
    if (!pdf) return;
    let live = true;
    let shown: PdfPageLike | undefined;
    app.pdfs
      .get(pdf)
      .then((open) => open.page(pageNo))
      .then((p) => {
        if (!live) return freePage(p);
        shown = p;
        setSource(pdfPageImageSource(p, `${pdf.id}:${pageNo}`));
      })
      .catch((error: unknown) => {
        if (live) app.reportPdfError(page, error);
      });
    return () => {
      live = false;
      if (shown) freePage(shown);
    };
  }, [app, session, page?.id, pdfId, pageNo, background]);
  return source;
}
