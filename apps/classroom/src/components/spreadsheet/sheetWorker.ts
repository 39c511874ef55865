/**
 * Reads a roster workbook (.xlsx or .xls) off the main thread: the first sheet's cell texts, or
 * why it could not be read (readSheetBytes.ts).
 */

import { readSheetBytes } from './readSheetBytes';
import type { WorkerAnswer } from './readWorkbook';

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  readSheetBytes(event.data).then(
    (answer) => self.postMessage(answer),
    (error: unknown) =>
      self.postMessage({
        kind: 'error',
        reason: error instanceof Error ? error.message : String(error),
      } satisfies WorkerAnswer),
  );
};
