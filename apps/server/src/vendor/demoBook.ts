/**
 * Stand-ins for the built-in textbooks when the vendor data directory has no PDF or project file
 * for them: blank pages of the book's page count and paper size, each labelled as a demo (so a
 * printout is never mistaken for the real book), and a matching project file (nproj 2.31).
 */
import { randomBytes } from 'node:crypto';
import {
  type BookAddress,
  bookId,
  createPrintedNproj,
  DUMMY_PAPER,
  homographyToMatrix,
  type NprojHomography,
  type PaperEntry,
  paperPageSizePt,
  paperTransform,
  writeNproj,
} from '@dotink/ncode';
import { fileIdBytes, pdfDate, pdfHexBytes, pdfNumber, pdfTextString } from '@dotink/print';

/** A book to stand in for. */
export interface DemoBook extends BookAddress {
  /** ASCII label (the standard PDF fonts have no Hangul), e.g. "math 3-1". */
  readonly label: string;
  readonly firstPage: number;
  readonly numPages: number;
}

/** The PDF's file name in the project file. */
export const demoPdfName = (b: BookAddress) => `demo-${bookId(b)}.pdf`;

/** The paper of a book: its catalogue entry, else the dummy A4 paper. */
export function demoPaper(entry: PaperEntry | undefined): PaperEntry {
  return entry ?? DUMMY_PAPER;
}

/** The grey of the labels, and the standard fonts they use (no font data: every reader has them). */
const GREY = '0.55 0.55 0.55 rg';
const FONTS = ['Helvetica', 'Helvetica-Bold'] as const;

/**
 * Text for a standard font's content-stream string: printable ASCII, anything else as `?` (the
 * standard fonts have no Hangul), with `\`, `(`, `)` escaped.
 */
function latinText(text: string): string {
  return `(${text.replace(/[^\x20-\x7e]/gu, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** One line of text at (x, y) pt: `font` 1 = Helvetica, 2 = Helvetica-Bold. */
const textLine = (font: 1 | 2, size: number, x: number, y: number, text: string) =>
  `BT /F${font} ${size} Tf ${pdfNumber(x)} ${pdfNumber(y)} Td ${latinText(text)} Tj ET\n`;

/**
 * Blank labelled pages: "DEMO", the book and the page number, on the paper's size.
 *
 * Written directly (a few hundred bytes a page, uncompressed content streams, two shared
 * standard-font objects): a 124-page book takes a few milliseconds, where pdf-lib spent about
 * half a second of CPU in one go, which froze the server's realtime relay (issue 16).
 */
export async function demoBookPdf(book: DemoBook, paper: PaperEntry): Promise<Uint8Array> {
  const { widthPt, heightPt } = paperPageSizePt(paper);
  const title = `DEMO ${book.label} (${bookId(book)})`;
  const epoch = pdfDate(new Date(0));
  // 1 catalog, 2 page tree, 3–4 fonts, 5 resources, 6 info; then per page: the page, its contents.
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '', // the page tree, once the pages are numbered
    ...FONTS.map((f) => `<< /Type /Font /Subtype /Type1 /BaseFont /${f} /Encoding /WinAnsiEncoding >>`),
    '<< /Font << /F1 3 0 R /F2 4 0 R >> /ProcSet [/PDF /Text] >>',
    `<< /Title ${pdfTextString(title)} /Subject ${pdfTextString(DEMO_SUBJECT)} /Producer (dotink server) /CreationDate ${epoch} /ModDate ${epoch} >>`,
  ];
  const kids: string[] = [];
  const mediaBox = `[0 0 ${pdfNumber(widthPt)} ${pdfNumber(heightPt)}]`;
  for (let i = 0; i < book.numPages; i++) {
    const pageNo = book.firstPage + i;
    const content =
      GREY +
      '\n' +
      textLine(2, 28, 36, heightPt - 60, 'DEMO') +
      textLine(1, 12, 36, heightPt - 84, `${book.label} - page ${pageNo} of ${book.numPages}`) +
      textLine(
        1,
        8,
        36,
        36,
        `Ncode book ${bookId(book)}, page ${pageNo}. No vendor PDF installed: a blank demo page.`,
      );
    const pageNum = objects.length + 1;
    kids.push(`${pageNum} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Resources 5 0 R /Contents ${pageNum + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`;
  return writePdf(objects, 6, title);
}

/** The subject of every demo PDF. */
const DEMO_SUBJECT = 'Demo stand-in: the vendor PDF of this textbook is not installed (NCODE_DATA_DIR/books)';

/**
 * A PDF file of ASCII objects numbered 1… (object 1 the catalog, `info` the Info dictionary):
 * header, objects, cross-reference table, trailer.
 */
function writePdf(objects: readonly string[], info: number, idSeed: string): Uint8Array {
  let out = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'; // a comment with high bytes: a binary file
  const offsets: number[] = [];
  for (const [k, body] of objects.entries()) {
    offsets.push(out.length);
    out += `${k + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  const id = pdfHexBytes(fileIdBytes(idSeed));
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R /ID [${id} ${id}] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A project file for {@link demoBookPdf}: one page item per page, nu → pt by the paper. */
export function demoBookNproj(book: DemoBook, paper: PaperEntry): string {
  const { widthPt, heightPt } = paperPageSizePt(paper);
  const homography = homographyToMatrix(paperTransform(paper)).slice(0, 9) as unknown as NprojHomography;
  const doc = createPrintedNproj(
    {
      title: `DEMO ${book.label}`,
      section: book.section,
      owner: book.owner,
      book: book.book,
      startPage: book.firstPage,
      pdfPath: demoPdfName(book),
      pages: Array.from({ length: book.numPages }, () => ({ widthPt, heightPt, homography })),
    },
    (n) => new Uint8Array(randomBytes(n)),
  );
  return writeNproj(doc);
}
