/** Writes an export workbook off the main thread (exceljs is loaded here only). */
import type { ExportTable } from './table';
import { encodeXlsx } from './xlsx';

/** What the worker answers. */
export type ExportWorkerAnswer =
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'error'; readonly reason: string };

self.onmessage = (event: MessageEvent<readonly ExportTable[]>) => {
  encodeXlsx(event.data).then(
    (bytes) =>
      self.postMessage({ kind: 'bytes', bytes } satisfies ExportWorkerAnswer, {
        transfer: [bytes.buffer as ArrayBuffer],
      }),
    (error: unknown) =>
      self.postMessage({
        kind: 'error',
        reason: error instanceof Error ? error.message : String(error),
      } satisfies ExportWorkerAnswer),
  );
};
