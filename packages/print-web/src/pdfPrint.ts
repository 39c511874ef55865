/**
 * Handing a finished print PDF to the user (browser only): the browser's print dialog — the PDF
 * is shown in a hidden frame whose print() opens it; the PDF carries `/PrintScaling /None` so
 * that it prints at original size — or a download. The job waits ("waiting for print to finish")
 * until the print dialog closes.
 *
 * Only browsers that print PDFs natively get the frame (Chromium's PDFium, desktop Safari's
 * PDFKit): Firefox prints through its pdf.js viewer at 150 dpi, which smudges the 600-dpi
 * pattern, and phones and tablets have no PDF viewer that prints from a frame. There the PDF is
 * downloaded, and the progress dialog says to print it at 100 %, without "fit to page".
 */
/** Longest wait for the print dialog to report that it closed. */
export const PRINT_DIALOG_WAIT_MS = 10 * 60 * 1000;
/** The frame is kept a while after printing: removing it at once can cancel the print. */
const FRAME_KEEP_MS = 60 * 1000;

/** How a PDF goes to the printer here: the browser's own print dialog, or a download. */
export type PdfPrintMethod = 'frame' | 'download';

/** What the hand-off did with the PDF. */
export type HandOffResult = 'printed' | 'downloaded';

/** The browser facts the choice depends on (`navigator`). */
export interface BrowserFacts {
  readonly userAgent: string;
  /** `navigator.pdfViewerEnabled`: false when the browser has no built-in PDF viewer. */
  readonly pdfViewerEnabled?: boolean;
}

/** Whether this browser prints a PDF natively (frame) or the PDF must be downloaded. */
export function pdfPrintMethod(browser: BrowserFacts): PdfPrintMethod {
  const ua = browser.userAgent;
  if (browser.pdfViewerEnabled === false) return 'download';
  // Firefox (any platform) shows PDFs in pdf.js, which prints them as 150-dpi images
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'download';
  // phones and tablets: no viewer that prints a PDF from a frame
  if (/\b(Android|iPhone|iPad|iPod|Mobile)\b/.test(ua)) return 'download';
  return 'frame';
}

/** Saves bytes as a file (an `<a download>` click). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), FRAME_KEEP_MS);
}

/**
 * Opens the browser's print dialog for a PDF; resolves when it closes (or after a long wait, or
 * when `closed` aborts: the user said the print dialog is closed — browsers do not always tell).
 */
export function printPdfBlob(blob: Blob, closed?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const frame = document.createElement('iframe');
    frame.title = 'print';
    frame.style.cssText = 'position:fixed;right:0;bottom:0;width:1px;height:1px;border:0;opacity:0';
    const cleanup = () =>
      setTimeout(() => {
        frame.remove();
        URL.revokeObjectURL(url);
      }, FRAME_KEEP_MS);
    frame.addEventListener(
      'load',
      () => {
        const win = frame.contentWindow;
        if (!win) {
          cleanup();
          reject(new Error('the print frame did not open'));
          return;
        }
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          window.removeEventListener('focus', finish);
          closed?.removeEventListener('abort', finish);
          clearTimeout(timer);
          cleanup();
          resolve();
        };
        const timer = setTimeout(finish, PRINT_DIALOG_WAIT_MS);
        if (closed?.aborted) setTimeout(finish, 0);
        closed?.addEventListener('abort', finish, { once: true });
        win.addEventListener('afterprint', finish, { once: true });
        // the print preview takes the focus; it comes back when the dialog closes
        setTimeout(() => window.addEventListener('focus', finish, { once: true }), 500);
        win.focus();
        win.print();
      },
      { once: true },
    );
    frame.src = url;
    document.body.append(frame);
  });
}

/**
 * Prints `pdf` with the browser's own PDF printing, or downloads it as `fileName` where the
 * browser does not print PDFs natively (`'downloaded'`: tell the user to print at 100 %).
 * `closed` ends the wait for the print dialog (see {@link printPdfBlob}).
 */
export async function printOrDownloadPdf(
  pdf: Blob,
  fileName: string,
  closed?: AbortSignal,
): Promise<HandOffResult> {
  const nav = globalThis.navigator as (Navigator & { pdfViewerEnabled?: boolean }) | undefined;
  const facts = {
    userAgent: nav?.userAgent ?? '',
    ...(nav?.pdfViewerEnabled !== undefined ? { pdfViewerEnabled: nav.pdfViewerEnabled } : {}),
  };
  if (pdfPrintMethod(facts) === 'download') {
    downloadBlob(pdf, fileName);
    return 'downloaded';
  }
  await printPdfBlob(pdf, closed);
  return 'printed';
}
