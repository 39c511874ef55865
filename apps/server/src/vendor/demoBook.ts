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
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

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

/** Blank labelled pages: "DEMO — no vendor PDF", the book and the page number. */
export async function demoBookPdf(book: DemoBook, paper: PaperEntry): Promise<Uint8Array> {
  const { widthPt, heightPt } = paperPageSizePt(paper);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`DEMO ${book.label} (${bookId(book)})`);
  pdf.setSubject('Demo stand-in: the vendor PDF of this textbook is not installed (NCODE_DATA_DIR/books)');
  pdf.setProducer('dotink server');
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.55, 0.55, 0.55);
  for (let i = 0; i < book.numPages; i++) {
    const page = pdf.addPage([widthPt, heightPt]);
    const pageNo = book.firstPage + i;
    page.drawText('DEMO', { x: 36, y: heightPt - 60, size: 28, font: bold, color: grey });
    page.drawText(`${book.label} - page ${pageNo} of ${book.numPages}`, {
      x: 36,
      y: heightPt - 84,
      size: 12,
      font,
      color: grey,
    });
    page.drawText(`Ncode book ${bookId(book)}, page ${pageNo}. No vendor PDF installed: a blank demo page.`, {
      x: 36,
      y: 36,
      size: 8,
      font,
      color: grey,
    });
  }
  return pdf.save({ useObjectStreams: true });
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
