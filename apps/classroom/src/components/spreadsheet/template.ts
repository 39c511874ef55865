/**
 * The Excel template for student registration (classroom.md §2): one sheet whose header row
 * names the number, name and mac columns in the user's language (the import reads ko/en/ja).
 */
import ExcelJS from 'exceljs';

export const TEMPLATE_FILE_NAME = 'dotink-students-template.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const HEADERS: Readonly<Record<string, readonly [string, string, string]>> = {
  ko: ['번호', '이름', 'mac'],
  ja: ['番号', '名前', 'mac'],
};

/** The template workbook's bytes. */
export async function templateWorkbook(language: string): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.columns = (HEADERS[language] ?? ['number', 'name', 'mac']).map((header, i) => ({
    header,
    key: ['num', 'name', 'mac'][i]!,
    width: i === 2 ? 22 : 12,
  }));
  ws.getRow(1).font = { bold: true };
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}
