/**
 * Reads a roster workbook's bytes into the first sheet's cell texts (classroom.md §5), inside the
 * reading worker: an .xlsx with exceljs, an old binary .xls (BIFF in an OLE compound file, still
 * exported by school information systems) with SheetJS CE (`@e965/xlsx`, loaded only for an .xls).
 * Both keep the same limits: a sheet with more than `maxRows` rows is reported by its row count
 * instead of being copied; at most {@link MAX_SHEET_COLUMNS} columns are read; trailing empty
 * cells are dropped, so both formats give the same rows.
 */
import ExcelJS from 'exceljs';
import type { WorkerAnswer } from './readWorkbook';

/** Sheets with more rows than this are not read cell by cell. */
export const MAX_SHEET_ROWS = 5000;
/** Columns read per row (the roster needs 3). */
export const MAX_SHEET_COLUMNS = 50;

const withoutTrailingEmpty = (cells: string[]): string[] => {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
};

/** The OLE compound file signature that starts every BIFF .xls. */
export function isOleFile(bytes: ArrayBuffer): boolean {
  const head = new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength));
  return head.length === 4 && head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
}

async function readXls(bytes: ArrayBuffer, maxRows: number): Promise<WorkerAnswer> {
  const XLSX = await import('@e965/xlsx');
  // SheetJS reads what is no workbook as text: the compound file and its workbook stream are
  // checked first, so a broken .xls is refused (CFB.read throws on a bad container)
  const container = XLSX.CFB.read(new Uint8Array(bytes), { type: 'array' });
  if (!XLSX.CFB.find(container, 'Workbook') && !XLSX.CFB.find(container, 'Book'))
    throw new Error('no workbook stream in the compound file');
  // sheetRows stops reading after the limit (and one more row, to know it was passed);
  // '!fullref' still spans the whole sheet.
  const wb = XLSX.read(new Uint8Array(bytes), { type: 'array', sheetRows: maxRows + 1, cellHTML: false });
  const first = wb.SheetNames[0];
  const ws = first === undefined ? undefined : wb.Sheets[first];
  if (!ws) return { kind: 'sheet', sheet: undefined };
  const full = ws['!fullref'] ?? ws['!ref'];
  if (full === undefined) return { kind: 'sheet', sheet: [] };
  const whole = XLSX.utils.decode_range(full);
  const rowsUsed = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, blankrows: false, raw: false });
  if (whole.e.r + 1 > maxRows && rowsUsed.length > maxRows) return { kind: 'tooMany', rows: whole.e.r + 1 };
  const sheet = rowsUsed
    .map((row) =>
      withoutTrailingEmpty(
        Array.from({ length: Math.min(row.length, MAX_SHEET_COLUMNS) }, (_, c) =>
          row[c] === undefined || row[c] === null ? '' : String(row[c]),
        ),
      ),
    )
    .filter((cells) => cells.length > 0);
  return { kind: 'sheet', sheet };
}

async function readXlsx(bytes: ArrayBuffer, maxRows: number): Promise<WorkerAnswer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const ws = wb.worksheets[0];
  if (!ws) return { kind: 'sheet', sheet: undefined };
  if (ws.actualRowCount > maxRows) return { kind: 'tooMany', rows: ws.actualRowCount };
  const sheet: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, MAX_SHEET_COLUMNS); c++)
      cells.push(row.getCell(c).text ?? '');
    sheet.push(withoutTrailingEmpty(cells));
  });
  return { kind: 'sheet', sheet };
}

/** The first sheet of an .xlsx or .xls workbook; `maxRows` is the row limit. */
export function readSheetBytes(bytes: ArrayBuffer, maxRows = MAX_SHEET_ROWS): Promise<WorkerAnswer> {
  return isOleFile(bytes) ? readXls(bytes, maxRows) : readXlsx(bytes, maxRows);
}
