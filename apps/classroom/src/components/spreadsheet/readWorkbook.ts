/**
 * Reads a chosen spreadsheet file for the import (classroom.md §4, §5): an .xlsx or .xls is read
 * in a Web Worker (readSheetBytes.ts; a corrupt or huge file never freezes the tab, and the
 * reading can be cancelled). The worker starts when the import dialog opens, so exceljs is loaded
 * while the teacher picks the file (the .xls reader only when an .xls comes).
 */

/** What the worker answers. */
export type WorkerAnswer =
  | { readonly kind: 'sheet'; readonly sheet: string[][] | undefined }
  | { readonly kind: 'tooMany'; readonly rows: number }
  | { readonly kind: 'error'; readonly reason: string };

/** What reading a file gave. */
export type ReadResult = WorkerAnswer | { readonly kind: 'cancelled' };

/** Files larger than this are refused before reading (a class list is a few kB). */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Reading gives up after this long. */
const TIMEOUT_MS = 30_000;

const startWorker = () => new Worker(new URL('./sheetWorker.ts', import.meta.url), { type: 'module' });

/** One reading worker, started at once and replaced after a cancel or a timeout. */
export class SheetReader {
  private worker: Worker | undefined = startWorker();

  /** Starts reading `file`; `cancel` stops it (the worker is replaced). */
  read(file: File): { readonly result: Promise<ReadResult>; readonly cancel: () => void } {
    let cancel = () => {};
    const result = (async (): Promise<ReadResult> => {
      const bytes = await file.arrayBuffer();
      if (bytes.byteLength > MAX_FILE_BYTES) return { kind: 'tooMany', rows: Number.NaN };
      this.worker ??= startWorker();
      const worker = this.worker;
      return new Promise<ReadResult>((resolve) => {
        const finish = (r: ReadResult, broken: boolean) => {
          clearTimeout(timer);
          worker.onmessage = null;
          worker.onerror = null;
          if (broken) {
            worker.terminate();
            if (this.worker === worker) this.worker = undefined;
          }
          resolve(r);
        };
        const timer = setTimeout(() => finish({ kind: 'error', reason: 'timeout' }, true), TIMEOUT_MS);
        cancel = () => finish({ kind: 'cancelled' }, true);
        worker.onmessage = (e: MessageEvent<WorkerAnswer>) => finish(e.data, false);
        worker.onerror = (e) => finish({ kind: 'error', reason: e.message || 'worker error' }, true);
        worker.postMessage(bytes, [bytes]);
      });
    })();
    return { result, cancel: () => cancel() };
  }

  /** Stops the worker (the dialog closed). */
  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }
}
