/**
 * The .xlsx of exported tables with exceljs: one sheet per table (named by its title, made
 * unique and within Excel's 31 characters), a bold header row, one-decimal figures as numbers
 * shown with the format 0.0. Loaded only when a teacher asks for a workbook (in the export
 * worker), so it adds nothing to a first visit.
 */
import ExcelJS from 'exceljs';
import { cellText, cellValue, type ExportTable } from './table';

/** Sheet names: Excel's forbidden characters replaced, at most 31 characters, unique. */
export function sheetNames(titles: readonly string[]): string[] {
  const used = new Set<string>();
  return titles.map((title, i) => {
    const clean = title.replace(/[\\/?*[\]:]/g, '_').trim() || `Sheet${i + 1}`;
    let name = clean.slice(0, 31);
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${clean.slice(0, 31 - suffix.length)}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** The workbook bytes of tables. */
export async function encodeXlsx(tables: readonly ExportTable[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const names = sheetNames(tables.map((t) => t.title));
  tables.forEach((table, i) => {
    const ws = wb.addWorksheet(names[i]!);
    const header = ws.addRow(table.columns.map((c) => c.header));
    header.font = { bold: true };
    for (const row of table.rows) {
      const added = ws.addRow(row.map((cell, j) => cellValue(cell, table.columns[j])));
      table.columns.forEach((c, j) => {
        if (c.oneDecimal) added.getCell(j + 1).numFmt = '0.0';
      });
    }
    table.columns.forEach((c, j) => {
      const column = ws.getColumn(j + 1);
      const longest = Math.max(c.header.length, ...table.rows.map((r) => cellText(r[j] ?? '').length));
      column.width = Math.min(60, Math.max(8, longest + 2));
    });
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  });
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
