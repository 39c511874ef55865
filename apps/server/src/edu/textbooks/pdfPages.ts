/** Page counting of uploaded PDFs (the 500-page limit of classroom.md §5), with pdf-lib. */
import { PDFDocument } from 'pdf-lib';

const PDF_MAGIC = '%PDF-';

/** How much of the start of a file {@link looksLikePdf} reads. */
export const PDF_HEAD_BYTES = 1024;

/** True when the start of a file has the PDF header (it may follow a little garbage). */
export function looksLikePdf(head: Uint8Array): boolean {
  return new TextDecoder('latin1').decode(head.subarray(0, PDF_HEAD_BYTES)).includes(PDF_MAGIC);
}

/** The number of pages of a PDF, or undefined when the bytes are not a readable PDF. */
export async function countPdfPages(bytes: Uint8Array): Promise<number | undefined> {
  return (await loadPdf(bytes))?.getPageCount();
}

/** The PDF document of `bytes`, or undefined when they are not a readable PDF. */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument | undefined> {
  if (!looksLikePdf(bytes)) return undefined;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    doc.getPageCount(); // throws for a file whose page tree cannot be read
    return doc;
  } catch {
    return undefined;
  }
}
