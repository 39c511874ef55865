/** Page counting of uploaded PDFs (the 500-page limit of classroom.md §5), with pdf-lib. */
import { PDFDocument } from 'pdf-lib';

const PDF_MAGIC = '%PDF-';

/** The number of pages of a PDF, or undefined when the bytes are not a readable PDF. */
export async function countPdfPages(bytes: Uint8Array): Promise<number | undefined> {
  // The header may follow a little garbage (PDF readers look in the first KiB).
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes(PDF_MAGIC)) return undefined;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount();
  } catch {
    return undefined;
  }
}
