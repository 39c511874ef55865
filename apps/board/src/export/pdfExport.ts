/**
 * Vector PDF export of a board: each PDF page is copied intact from its original (copyPages), a
 * pen-written or blank page becomes an empty page of its size; the page's ink is drawn on top as
 * vector paths, in page pt through the page transform nu → pt, then into the page's user space
 * (crop box and `/Rotate` honoured). Each stroke is its filled pressure outline, the one the page
 * view draws (see `./inkContent`); colour and opacity follow the export rules of `@dotink/ink`
 * (marker translucent 0.3 through a named ExtGState; strokes of fewer than 3 dots and erased
 * strokes do not draw).
 */
import {
  type GridaPage,
  type GridaPdf,
  isDrawnStroke,
  MARKER_OPACITY,
  type Stroke,
  strokeOpacity,
} from '@dotink/ink';
import { zlibSync } from 'fflate';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { ContentBytes, LINED_SPACING_PT, linedContent, writeStrokeContent } from './inkContent';
import { shownSize, userSpacePlacement } from './pagePlacement';

/** What to export. */
export interface PdfExportInput {
  readonly title: string;
  readonly pages: readonly GridaPage[];
  readonly pdfs: readonly GridaPdf[];
  /** The strokes of a board page, in drawing order (any status: only visible ink draws). */
  readonly strokesOf: (page: GridaPage) => readonly Stroke[];
  /** Stamped in the PDF's metadata (creation and modification date). */
  readonly nowMs?: number;
  /**
   * A PNG of a PDF page, for PDFs whose pages cannot be copied (encrypted ones): the page is then
   * an image of its size, with the ink still drawn as vectors on top.
   */
  readonly rasterPage?: (pdfId: string, pageNo: number) => Promise<Uint8Array>;
}

export { LINED_SPACING_PT };

/**
 * zlib level of the ink content streams: 1 is several times faster than pdf-lib's default and
 * the text of outline paths compresses nearly as well.
 */
const INK_DEFLATE_LEVEL = 1;

/** The PDF bytes of the board. */
export async function exportBoardPdf(input: PdfExportInput): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  out.setTitle(input.title);
  out.setProducer('dotink board');
  out.setCreator('dotink board');
  if (input.nowMs !== undefined) {
    out.setCreationDate(new Date(input.nowMs));
    out.setModificationDate(new Date(input.nowMs));
  }
  const sources = new Map<string, Promise<PDFDocument | undefined>>();
  /**
   * The source document, or undefined when its pages cannot be copied: encrypted (pdf-lib cannot
   * decrypt) or unreadable to pdf-lib. Those pages are drawn from `rasterPage` instead.
   */
  const source = (pdfId: string): Promise<PDFDocument | undefined> => {
    let doc = sources.get(pdfId);
    if (!doc) {
      const pdf = input.pdfs.find((p) => p.id === pdfId);
      if (!pdf) throw new Error(`the board has no PDF ${pdfId}`);
      doc = hasEncryption(pdf.bytes)
        ? Promise.resolve(undefined)
        : PDFDocument.load(pdf.bytes, { updateMetadata: false }).then(
            (d) => (d.isEncrypted ? undefined : d),
            () => undefined,
          );
      sources.set(pdfId, doc);
    }
    return doc;
  };
  const markerState = out.context.register(
    out.context.obj({ Type: 'ExtGState', CA: MARKER_OPACITY, ca: MARKER_OPACITY }),
  );

  // one buffer for every page's ink content (reused: it only grows)
  const content = new ContentBytes();
  for (const page of input.pages) {
    let target: PDFPage;
    const src = page.source.kind === 'pdf' ? await source(page.source.pdfId) : undefined;
    if (page.source.kind === 'pdf' && !src) {
      target = out.addPage([page.sizePt.widthPt, page.sizePt.heightPt]);
      const png = await input.rasterPage?.(page.source.pdfId, page.source.pageNo);
      if (png) {
        const image = await out.embedPng(png);
        target.drawImage(image, { x: 0, y: 0, width: page.sizePt.widthPt, height: page.sizePt.heightPt });
      }
    } else if (page.source.kind === 'pdf' && src) {
      const [copied] = await out.copyPages(src, [page.source.pageNo - 1]);
      target = out.addPage(copied!);
      // Whatever graphics state the original content leaves, the ink starts from a clean one.
      target.node.wrapContentStreams(
        out.context.getPushGraphicsStateContentStream(),
        out.context.getPopGraphicsStateContentStream(),
      );
    } else {
      target = out.addPage([page.sizePt.widthPt, page.sizePt.heightPt]);
    }
    const box = target.getCropBox();
    const rotate = target.getRotation().angle;
    const toUser = userSpacePlacement(box, rotate);
    content.truncate(0);
    if (page.background === 'lined' && page.source.kind !== 'pdf') {
      content.text(linedContent(shownSize(box, rotate), toUser));
    }
    const strokes = input.strokesOf(page).filter(isDrawnStroke);
    let marker: string | undefined;
    for (const s of strokes) {
      if (strokeOpacity(s) !== 1 && !marker)
        marker = target.node.newExtGState('Marker', markerState).asString().slice(1);
      writeStrokeContent(content, s, page, toUser, marker);
    }
    if (content.length > 0) {
      // One pre-deflated stream per page (pdf-lib would otherwise deflate it again, slowly).
      const stream = out.context.stream(zlibSync(content.bytes(), { level: INK_DEFLATE_LEVEL }), {
        Filter: 'FlateDecode',
      });
      target.node.addContentStream(out.context.register(stream));
    }
  }
  return out.save();
}

/** True when the PDF names an `/Encrypt` dictionary (in its trailer or cross-reference stream). */
export function hasEncryption(bytes: Uint8Array): boolean {
  const name = [0x2f, 0x45, 0x6e, 0x63, 0x72, 0x79, 0x70, 0x74]; // /Encrypt
  outer: for (let i = 0; i + name.length < bytes.length; i++) {
    if (bytes[i] !== 0x2f) continue;
    for (let k = 1; k < name.length; k++) if (bytes[i + k] !== name[k]) continue outer;
    const next = bytes[i + name.length]!;
    // a name ends at white space or a delimiter
    if (next <= 0x20 || '/<>[]()%'.includes(String.fromCharCode(next))) return true;
  }
  return false;
}
