/**
 * Reads an .xlsx workbook off the main thread (exceljs): the first sheet's cell texts, or why it
 * could not be read. A huge sheet is reported by its row count instead of being copied.
 */
import ExcelJS from 'exceljs';
import type { WorkerAnswer } from './readWorkbook';

/** Sheets with more rows than this are not read cell by cell. */
const MAX_SHEET_ROWS = 5000;

async function read(bytes: ArrayBuffer): Promise<WorkerAnswer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const ws = wb.worksheets[0];
  if (!ws) return { kind: 'sheet', sheet: undefined };
  if (ws.actualRowCount > MAX_SHEET_ROWS) return { kind: 'tooMany', rows: ws.actualRowCount };
  const sheet: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, 50); c++) cells.push(row.getCell(c).text ?? '');
    sheet.push(cells);
  });
  return { kind: 'sheet', sheet };
}

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  read(event.data).then(
    (answer) => self.postMessage(answer),
    (error: unknown) =>
      self.postMessage({
        kind: 'error',
        reason: error instanceof Error ? error.message : String(error),
      } satisfies WorkerAnswer),
  );
};
