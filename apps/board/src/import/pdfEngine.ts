/**
 * What the board needs from a PDF reader (pdf.js in the app, a fake in tests): open bytes (asking
 * for a password when the file is protected), the fingerprint, the page sizes and the pages.
 */
import type { PdfPageLike } from '@dotink/view';

/** Asks the user for a PDF password; `wrong` after an incorrect one. Undefined = cancel. */
export type AskPdfPassword = (wrong: boolean) => Promise<string | undefined>;

/** A PDF's metadata: the Info dictionary as pdf.js gives it (custom keys under `Custom`), the XMP. */
export interface PdfMetadata {
  readonly info: Readonly<Record<string, unknown>>;
  /** The XMP packet text, when the PDF has one. */
  readonly xmp?: string;
}

/** An open PDF. */
export interface OpenPdf {
  /** pdf.js fingerprint ('' when none). */
  readonly fingerprint: string;
  readonly numPages: number;
  /**
   * Page sizes in pt as shown (rotation applied), page 1 first. Read on first call, not at open:
   * a long PDF's first page can show before every page has been looked at.
   */
  pageSizesPt(
    /** Called as pages are read (a long PDF's import shows its progress). */
    onPage?: (done: number, total: number) => void,
  ): Promise<readonly { widthPt: number; heightPt: number }[]>;
  /** The document's metadata (Info dictionary and XMP); absent = the reader has none to give. */
  metadata?(): Promise<PdfMetadata>;
  /** Page `pageNo` (1-based), for drawing. */
  page(pageNo: number): Promise<PdfPageLike>;
  /** Rendering of page `pageNo` at `scale` as PNG bytes (for PDFs pdf-lib cannot copy). */
  renderPng?(pageNo: number, scale: number): Promise<Uint8Array>;
  destroy(): Promise<void>;
}

/** The user cancelled the password prompt. */
export class PdfCancelledError extends Error {
  constructor() {
    super('PDF opening cancelled');
    this.name = 'PdfCancelledError';
  }
}

/** The file is not a PDF pdf.js can read. */
export class PdfInvalidError extends Error {
  constructor(cause: unknown) {
    super('not a readable PDF', { cause });
    this.name = 'PdfInvalidError';
  }
}

/** Opens PDFs. */
export interface PdfEngine {
  /**
   * Opens `bytes` (not kept, not detached). Throws {@link PdfCancelledError} when the password
   * prompt is cancelled, {@link PdfInvalidError} for anything unreadable.
   */
  open(
    bytes: Uint8Array,
    askPassword: AskPdfPassword,
    knownPassword?: string,
  ): Promise<{ pdf: OpenPdf; password?: string }>;
}
