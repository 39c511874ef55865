/**
 * CSV of exported tables (RFC 4180): UTF-8 with a byte-order mark, so spreadsheet programs open
 * Korean and Japanese text correctly; fields with a comma, quote, CR or LF are quoted (quotes
 * doubled); lines end with CRLF. Several tables follow one another: the title on a line of its
 * own, the header row, the rows, then an empty line.
 */
import { cellText, type ExportCell, type ExportTable } from './table';

/** The UTF-8 byte-order mark. */
export const UTF8_BOM = '\ufeff';
export const CSV_TYPE = 'text/csv;charset=utf-8';

/** One field, quoted when it must be. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields (without its line end). */
export const csvLine = (cells: readonly ExportCell[]): string =>
  cells.map((c) => csvField(cellText(c))).join(',');

/** The CSV text (BOM first) of rows. */
export function csvText(rows: readonly (readonly ExportCell[])[]): string {
  return UTF8_BOM + rows.map((r) => `${csvLine(r)}\r\n`).join('');
}

/** The rows of tables one after another: title, header, rows, an empty line between tables. */
export function tableRows(tables: readonly ExportTable[]): ExportCell[][] {
  const out: ExportCell[][] = [];
  tables.forEach((table, i) => {
    if (i > 0) out.push([]);
    if (tables.length > 1) out.push([table.title]);
    out.push(table.columns.map((c) => c.header));
    for (const row of table.rows) out.push([...row]);
  });
  return out;
}

/** The CSV bytes of tables (UTF-8 with BOM). */
export function encodeCsv(tables: readonly ExportTable[]): Uint8Array {
  return new TextEncoder().encode(csvText(tableRows(tables)));
}
