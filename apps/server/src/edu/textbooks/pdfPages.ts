/**
 * Page counting of uploaded PDFs (the 500-page limit of classroom.md §5) with the bounded PDF
 * reader (`pdf/boundedPdf.ts`): the cross-reference and the page tree are read by byte ranges
 * of the staged upload, never the whole file (issue 17: a 100 MB PDF grew the server by ~300 MB
 * when pdf-lib loaded it).
 */
import { type BoundedPdf, openBoundedPdf, type PageList, type PdfSource } from '../../pdf/boundedPdf';
import { PdfReadError } from '../../pdf/pdfSyntax';

/** A staged upload's random access (see `StagedFile.range`). */
export interface RangedFile {
  readonly sizeBytes: number;
  range(offset: number, length: number): Promise<Uint8Array>;
}

/** A PDF read: its structure (for the outline) and its pages, up to the limit asked. */
export interface PdfPages {
  readonly pdf: BoundedPdf;
  readonly pages: PageList;
}

/** `bytes` as a source of the bounded reader. */
export function bytesSource(bytes: Uint8Array): PdfSource {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

/**
 * The pages of the PDF in `source` (walking at most about `limit`), or undefined when it is not
 * a PDF the reader can check within its memory ceiling (not a PDF, damaged, too costly).
 */
export async function readPdfPages(source: PdfSource, limit: number): Promise<PdfPages | undefined> {
  try {
    const pdf = await openBoundedPdf(source);
    return { pdf, pages: await pdf.pages(limit) };
  } catch (error) {
    if (error instanceof PdfReadError) return undefined;
    throw error;
  }
}

/** The pages of a staged upload, read by ranges (see {@link readPdfPages}). */
export function readStagedPdf(file: RangedFile, limit: number): Promise<PdfPages | undefined> {
  return readPdfPages({ size: file.sizeBytes, read: (offset, length) => file.range(offset, length) }, limit);
}

/** The number of pages of a PDF, or undefined when the bytes are not a readable PDF. */
export async function countPdfPages(bytes: Uint8Array, limit = 10_000): Promise<number | undefined> {
  return (await readPdfPages(bytesSource(bytes), limit))?.pages.count;
}
