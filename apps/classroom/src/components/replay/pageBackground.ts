/**
 * The textbook page behind the replayed ink (classroom.md §2 replay, §5 "Textbook attachments
 * used by type: pdf for background, xml for touch map"): the material's attachments are looked
 * up per page (`GET /edu/v1/curriculum/textbook?section&owner&book&page`), the .nproj says
 * which code page the PDF starts at, and the PDF's page of that code page is drawn behind the
 * ink (pdf.js, loaded on demand). The ink keeps the paper's own transform (the book printed from
 * the code origin, the ideal full-page layout).
 *
 * Decision: one PDF open per download address, kept for the tab (a textbook's pages share it).
 * The screen imports this module on demand (with pdf.js and the .nproj reader), so a replay
 * without a background downloads neither.
 */
import type { MaterialAttachment } from '@dotink/contracts/edu';
import { type PageAddress, parseNproj } from '@dotink/ncode';
import { type PageImageSource, pdfPageImageSource } from '@dotink/view';

/** The PDF page (1-based) of a code page, for a PDF whose first page is code page `startPage`. */
export function pdfPageOf(page: PageAddress, startPage: number, numPages: number): number | undefined {
  const n = page.page - startPage + 1;
  return n >= 1 && n <= numPages ? n : undefined;
}

/** The first code page a .nproj's PDF starts at. */
export function nprojStartPage(xml: string): number {
  return parseNproj(xml).book.startPage;
}

interface OpenDocument {
  readonly numPages: number;
  getPage(n: number): Promise<Parameters<typeof pdfPageImageSource>[0]>;
}

const documents = new Map<string, Promise<OpenDocument>>();

type PdfJs = typeof import('pdfjs-dist');

/** pdf.js and the one worker every document of the tab is opened on (started once). */
let engine: Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | undefined;

function pdfEngine() {
  engine ??= (async () => {
    const [pdfjs, worker] = await Promise.all([
      import('pdfjs-dist'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
    ]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    const shared = new pdfjs.PDFWorker();
    await shared.promise;
    return { pdfjs, worker: shared };
  })();
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}

/**
 * Loads pdf.js and starts its worker before the first page is asked for: the live lesson calls
 * it while the teacher waits for the class, so the first pages shown do not also pay for
 * starting pdf.js (its worker's compile and start were a large part of the first second).
 */
export async function warmPdf(): Promise<void> {
  await pdfEngine();
}

/** The bytes of a file the API points at (the API layer's `fileBytes`: token, 401, §8 messages). */
export type FileBytes = (uri: string) => Promise<Uint8Array>;

async function openPdf(uri: string, bytesOf: FileBytes): Promise<OpenDocument> {
  const [{ pdfjs, worker }, bytes] = await Promise.all([pdfEngine(), bytesOf(uri)]);
  return pdfjs.getDocument({ data: bytes, isEvalSupported: false, worker }).promise;
}

/**
 * The image source of a page's textbook background, or undefined when no material with a PDF
 * covers the page. Rejects when a file cannot be read.
 */
export async function pageBackground(
  page: PageAddress,
  attachments: readonly MaterialAttachment[],
  bytesOf: FileBytes,
): Promise<PageImageSource | undefined> {
  const pdf = attachments.find((a) => a.type === 'pdf');
  if (!pdf) return undefined;
  const nproj = attachments.find((a) => a.type === 'xml' && a.textbookId === pdf.textbookId);
  const startPage = nproj
    ? nprojStartPage(new TextDecoder().decode(await bytesOf(nproj.downloadUri)))
    : page.page;
  let opening = documents.get(pdf.downloadUri);
  if (!opening) {
    opening = openPdf(pdf.downloadUri, bytesOf);
    documents.set(pdf.downloadUri, opening);
    opening.catch(() => documents.delete(pdf.downloadUri));
  }
  const doc = await opening;
  const n = pdfPageOf(page, startPage, doc.numPages);
  if (n === undefined) return undefined;
  return pdfPageImageSource(await doc.getPage(n), `${pdf.downloadUri}#${n}`);
}
