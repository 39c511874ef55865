/**
 * Runs the report worker for one job: progress as it answers, the PDF's bytes, or a rejection
 * with the worker's reason (a {@link ReportFailure} when it was the font or the textbook); an aborted signal ends the worker at once (AbortError).
 */
import { ReportFailure, type ReportJob } from './reportModel';
import type { ReportWorkerAnswer } from './reportWorker';

export async function reportFileBytes(
  job: ReportJob,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<Uint8Array> {
  signal.throwIfAborted();
  const worker = new Worker(new URL('./reportWorker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<Uint8Array>((resolve, reject) => {
      const abort = () => reject(new DOMException('cancelled', 'AbortError'));
      signal.addEventListener('abort', abort, { once: true });
      worker.onmessage = (e: MessageEvent<ReportWorkerAnswer>) => {
        const a = e.data;
        if (a.kind === 'progress') onProgress(a.done, a.total);
        else if (a.kind === 'bytes') resolve(a.bytes);
        else reject(a.failure ? new ReportFailure(a.failure, a.reason) : new Error(a.reason));
      };
      worker.onerror = (e) => reject(new Error(e.message || 'report worker failed'));
      const transfer = job.sheets.flatMap((s) =>
        s.thumbnails.pages.flatMap((p) => p.strokes.map((xy) => xy.buffer)),
      );
      worker.postMessage(job, { transfer: transfer as ArrayBuffer[] });
    });
  } finally {
    worker.terminate();
  }
}
