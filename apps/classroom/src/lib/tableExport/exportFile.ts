/**
 * Makes an export file's bytes in the browser: CSV at once, .xlsx in a Web Worker started for
 * the one export (exceljs is fetched with the worker, never with the screens), ended when it
 * answers, fails or takes more than 30 s.
 */
import { CSV_TYPE, encodeCsv } from './csv';
import type { ExportWorkerAnswer } from './exportWorker';
import type { ExportTable } from './table';

export type ExportFormat = 'xlsx' | 'csv';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TIMEOUT_MS = 30_000;

/** The bytes and media type of an export. */
export async function exportBytes(
  format: ExportFormat,
  tables: readonly ExportTable[],
): Promise<{ bytes: Uint8Array; type: string }> {
  if (format === 'csv') return { bytes: encodeCsv(tables), type: CSV_TYPE };
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module' });
  try {
    const answer = await new Promise<ExportWorkerAnswer>((resolve) => {
      const timer = setTimeout(() => resolve({ kind: 'error', reason: 'timeout' }), TIMEOUT_MS);
      worker.onmessage = (e: MessageEvent<ExportWorkerAnswer>) => {
        clearTimeout(timer);
        resolve(e.data);
      };
      worker.onerror = (e) => {
        clearTimeout(timer);
        resolve({ kind: 'error', reason: e.message || 'worker error' });
      };
      worker.postMessage(tables);
    });
    if (answer.kind === 'error') throw new Error(answer.reason);
    return { bytes: answer.bytes, type: XLSX_TYPE };
  } finally {
    worker.terminate();
  }
}
