/**
 * A table as it leaves the app (issue 30 item 1): the title, the column headers and the rows of
 * cells exactly as the screen shows them (already formatted: the same `formatOneDecimal`, page
 * labels and date texts as the screen's table). A column marked `oneDecimal` holds one-decimal
 * figure texts ('12.5'); the spreadsheet stores them as numbers shown with one decimal, so a
 * teacher can compute with them and sees the same figure — never rounded a second time.
 */

/** A cell as the screen shows it. */
export type ExportCell = string | number;

/** How a column's cells are stored in a spreadsheet. */
export interface ExportColumn {
  readonly header: string;
  /** One-decimal figure texts ('12.5'), stored as numbers with the format 0.0. */
  readonly oneDecimal?: boolean;
}

/** One table: a sheet of the workbook, a block of the CSV. */
export interface ExportTable {
  readonly title: string;
  readonly columns: readonly ExportColumn[];
  readonly rows: readonly (readonly ExportCell[])[];
}

/** Columns from headers, those at `oneDecimalAt` holding one-decimal figures. */
export function columnsOf(headers: readonly string[], oneDecimalAt: readonly number[] = []): ExportColumn[] {
  return headers.map((header, i) => (oneDecimalAt.includes(i) ? { header, oneDecimal: true } : { header }));
}

/** The text of a cell (what the screen shows). */
export const cellText = (cell: ExportCell): string => (typeof cell === 'number' ? String(cell) : cell);

/** The stored value of a cell in a column: a one-decimal text as its number, else as it is. */
export function cellValue(cell: ExportCell, column: ExportColumn | undefined): ExportCell {
  if (column?.oneDecimal && typeof cell === 'string' && /^-?\d+\.\d$/.test(cell)) return Number(cell);
  return cell;
}

/** A file name of the title and date: characters that file systems refuse become '_'. */
export function exportFileName(parts: readonly string[], extension: 'xlsx' | 'csv' | 'pdf'): string {
  const base = parts
    .filter((p) => p.trim() !== '')
    .join(' - ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused by file systems
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_')
    .trim()
    .slice(0, 120);
  return `${base || 'dotink'}.${extension}`;
}
