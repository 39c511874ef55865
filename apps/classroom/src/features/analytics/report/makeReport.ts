/**
 * Makes a report's PDF (issue 30 item 2): the page reads the pupils (`reportData.ts`) while the
 * report worker draws each one as soon as it and those before it are read (`reportFile.ts`).
 * Progress says how many are read, then — once all are — how many are drawn. A worker that fails
 * while the pupils are read ends the reading at once; an aborted signal ends both (AbortError).
 */
import type { Services } from '../../../lib/services';
import { gatherReport, type ReportRequest } from './reportData';
import { openReportFile, type ReportFile } from './reportFile';

/** What the report is doing, of how many pupils. */
export type ReportStep = 'reading' | 'drawing';

export async function makeReport(
  services: Pick<Services, 'api' | 'queryClient'>,
  request: ReportRequest,
  onProgress: (step: ReportStep, done: number, total: number) => void,
  signal: AbortSignal,
): Promise<{ readonly bytes: Uint8Array; readonly pupils: number }> {
  const total = request.studentIds.length;
  // once the report has ended (cancelled, failed), a reading still in flight says nothing more: its
  // progress would put a cancelled report's bar back on the screen
  let ended = false;
  const progress = (step: ReportStep, done: number) => {
    if (!ended && !signal.aborted) onProgress(step, done, total);
  };
  let reading = true;
  let drawn = 0;
  // set by the reading (a closure): a holder, which TypeScript does not narrow away
  const opened: { file?: ReportFile } = {};
  const stopReading = new AbortController();
  let workerFailed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    workerFailed = (error) => {
      stopReading.abort();
      reject(error);
    };
  });
  // raced below (its rejection is the report's); marked handled so a failure after the race has
  // been decided is not reported as unhandled
  failure.catch(() => {});
  try {
    const read = gatherReport(
      services,
      request,
      (done) => progress('reading', done),
      AbortSignal.any([signal, stopReading.signal]),
      {
        open(textbookPdf) {
          const file = openReportFile(
            { paper: request.paper, language: request.language, textbookPdf },
            (done) => {
              drawn = done;
              if (!reading) progress('drawing', done);
            },
            signal,
          );
          file.failed.catch(workerFailed);
          opened.file = file;
        },
        sheet: (sheet) => opened.file?.add(sheet),
      },
    );
    // raced with the worker's failure: the race rejects with it; a reading that fails after the
    // worker did is already the report's failure
    read.catch(() => {});
    const pupils = await Promise.race([read, failure]);
    reading = false;
    if (!opened.file) throw new Error('report: no file opened');
    progress('drawing', drawn);
    return { bytes: await Promise.race([opened.file.save(), failure]), pupils };
  } finally {
    ended = true;
    opened.file?.close();
  }
}
