/**
 * Runs the report worker for one report: {@link openReportFile} starts it with the report's
 * head, {@link ReportFile.add} sends each pupil's sheet as soon as it is read (the worker draws it
 * while the next pupils are read), {@link ReportFile.save} answers the PDF's bytes — or rejects
 * with the worker's reason (a {@link ReportFailure} when it was the font or the textbook) as soon
 * as the worker fails; an aborted signal ends the worker at once (AbortError).
 */
import { type PupilSheet, ReportFailure, type ReportHead, reportTitle } from './reportModel';
import type { ReportWorkerAnswer, ReportWorkerRequest } from './reportWorker';

export interface ReportFile {
  /** Sends the next pupil's sheet (its ink's buffers are moved to the worker). */
  add(sheet: PupilSheet): void;
  /** The PDF's bytes once every sheet sent is drawn. */
  save(): Promise<Uint8Array>;
  /** Rejects when the worker fails or the signal aborts (for a caller still reading). */
  readonly failed: Promise<never>;
  /** Ends the worker (a report given up). */
  close(): void;
}

export function openReportFile(
  head: ReportHead,
  onDrawn: (done: number) => void,
  signal: AbortSignal,
): ReportFile {
  signal.throwIfAborted();
  const worker = new Worker(new URL('./reportWorker.ts', import.meta.url), { type: 'module' });
  const send = (request: ReportWorkerRequest, transfer: Transferable[] = []) =>
    worker.postMessage(request, { transfer });
  let resolveBytes: (bytes: Uint8Array) => void = () => {};
  const bytes = new Promise<Uint8Array>((resolve) => {
    resolveBytes = resolve;
  });
  const failed = new Promise<never>((_, reject) => {
    const abort = () => reject(new DOMException('cancelled', 'AbortError'));
    signal.addEventListener('abort', abort, { once: true });
    worker.onmessage = (e: MessageEvent<ReportWorkerAnswer>) => {
      const a = e.data;
      if (a.kind === 'drawn') onDrawn(a.done);
      else if (a.kind === 'bytes') resolveBytes(a.bytes);
      else reject(a.failure ? new ReportFailure(a.failure, a.reason) : new Error(a.reason));
    };
    worker.onerror = (e) => reject(new Error(e.message || 'report worker failed'));
  });
  // the caller may never wait on it (a report that ends well)
  failed.catch(() => worker.terminate());
  send({ kind: 'open', head });
  const sent: Pick<PupilSheet, 'title' | 'name'>[] = [];
  return {
    add(sheet) {
      sent.push({ title: sheet.title, name: sheet.name });
      const transfer = sheet.thumbnails.pages.flatMap((p) => p.strokes.map((xy) => xy.buffer));
      send({ kind: 'sheet', sheet }, transfer as ArrayBuffer[]);
    },
    async save() {
      send({ kind: 'save', title: reportTitle(sent) });
      try {
        return await Promise.race([bytes, failed]);
      } finally {
        worker.terminate();
      }
    },
    failed,
    close: () => worker.terminate(),
  };
}
