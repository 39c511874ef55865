/**
 * Vector PDF export of a board: each PDF page is copied intact from its original (copyPages), a
 * pen-written or blank page becomes an empty page of its size; the page's ink is drawn on top as
 * vector paths, in page pt through the page transform nu → pt, then into the page's user space
 * (crop box and `/Rotate` honoured). Width, colour and opacity follow the export rules of
 * `@dotink/ink` (marker translucent 0.3 and 5× wider; strokes of fewer than 3 dots and erased
 * strokes do not draw).
 */
import {
  type GridaPage,
  type GridaPdf,
  isDrawnStroke,
  MARKER_OPACITY,
  type Stroke,
  strokeOpacity,
  strokeWidthPt,
} from '@dotink/ink';
import {
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  PDFDocument,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setGraphicsState,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingColor,
  stroke as strokePath,
} from 'pdf-lib';
import { shownSize, type ToUserSpace, userSpacePlacement } from './pagePlacement';

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

/** Lined background: one rule every 8 mm, light grey. */
export const LINED_SPACING_PT = (8 * 72) / 25.4;

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
    const ops: PDFOperator[] = [];
    if (page.background === 'lined' && page.source.kind !== 'pdf') {
      ops.push(...linedBackground(shownSize(box, rotate), toUser));
    }
    const strokes = input.strokesOf(page).filter(isDrawnStroke);
    let marker: PDFName | undefined;
    for (const s of strokes) {
      if (strokeOpacity(s) !== 1 && !marker) marker = target.node.newExtGState('Marker', markerState);
      ops.push(...strokeOperators(s, page, toUser, strokeOpacity(s) !== 1 ? marker : undefined));
    }
    if (ops.length > 0) target.pushOperators(...ops);
  }
  return out.save();
}

/** The operators drawing one stroke as a polyline with round caps and joins. */
export function strokeOperators(
  s: Stroke,
  page: Pick<GridaPage, 'nuToPt'>,
  toUser: ToUserSpace,
  graphicsState?: PDFName,
): PDFOperator[] {
  const h = page.nuToPt;
  const pt: [number, number] = [0, 0];
  const user: [number, number] = [0, 0];
  const path: PDFOperator[] = [];
  const { xNu, yNu, count } = s.dots;
  for (let i = 0; i < count; i++) {
    const x = xNu[i]!;
    const y = yNu[i]!;
    const w = h.g * x + h.h * y + h.i;
    pt[0] = (h.a * x + h.b * y + h.c) / w;
    pt[1] = (h.d * x + h.e * y + h.f) / w;
    if (!Number.isFinite(pt[0]) || !Number.isFinite(pt[1])) continue;
    toUser(pt[0], pt[1], user);
    path.push(
      path.length === 0 ? moveTo(round(user[0]), round(user[1])) : lineTo(round(user[0]), round(user[1])),
    );
  }
  if (path.length === 0) return [];
  if (path.length === 1) path.push(lineTo(round(user[0]), round(user[1])));
  const argb = s.colorArgb >>> 0;
  return [
    pushGraphicsState(),
    ...(graphicsState ? [setGraphicsState(graphicsState)] : []),
    setStrokingColor(rgb(((argb >>> 16) & 0xff) / 255, ((argb >>> 8) & 0xff) / 255, (argb & 0xff) / 255)),
    setLineWidth(round(strokeWidthPt(s))),
    setLineCap(LineCapStyle.Round),
    setLineJoin(LineJoinStyle.Round),
    ...path,
    strokePath(),
    popGraphicsState(),
  ];
}

function linedBackground(size: { widthPt: number; heightPt: number }, toUser: ToUserSpace): PDFOperator[] {
  const ops: PDFOperator[] = [pushGraphicsState(), setStrokingColor(rgb(0.8, 0.84, 0.9)), setLineWidth(0.5)];
  const a: [number, number] = [0, 0];
  const b: [number, number] = [0, 0];
  for (let y = LINED_SPACING_PT * 2; y < size.heightPt - LINED_SPACING_PT; y += LINED_SPACING_PT) {
    toUser(0, y, a);
    toUser(size.widthPt, y, b);
    ops.push(moveTo(round(a[0]), round(a[1])), lineTo(round(b[0]), round(b[1])), strokePath());
  }
  ops.push(popGraphicsState());
  return ops;
}

const round = (v: number): number => Math.round(v * 1000) / 1000;

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
