/**
 * Handing the finished PDF to the user (browser only): the browser's print dialog for paper
 * prints — the PDF is shown in a hidden frame whose print() opens it; the PDF carries
 * `/PrintScaling /None` so that it prints at original size — or a download for the reprint PDF.
 * The job waits ("waiting for print to finish") until the print dialog closes.
 */
import type { PrintOptions } from './printOptions';

/** Longest wait for the print dialog to report that it closed. */
export const PRINT_DIALOG_WAIT_MS = 10 * 60 * 1000;
/** The frame is kept a while after printing: removing it at once can cancel the print. */
const FRAME_KEEP_MS = 60 * 1000;

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

/** Opens the browser's print dialog for a PDF; resolves when it closes (or after a long wait). */
export function printPdfBlob(blob: Blob): Promise<void> {
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
          clearTimeout(timer);
          cleanup();
          resolve();
        };
        const timer = setTimeout(finish, PRINT_DIALOG_WAIT_MS);
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

/** The board's hand-off: print (plain or pre-printed paper) or save (reprint PDF). */
export async function browserHandOff(pdf: Blob, options: PrintOptions, fileName: string): Promise<void> {
  if (options.paperChoice === 'savePdf') {
    downloadBlob(pdf, fileName);
    return;
  }
  await printPdfBlob(pdf);
}
