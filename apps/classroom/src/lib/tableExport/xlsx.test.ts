import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnsOf } from './table';
import { encodeXlsx, sheetNames } from './xlsx';

describe('xlsx of exported tables', () => {
  it('one sheet per table, bold header, one-decimal figures as numbers shown with one decimal', async () => {
    const bytes = await encodeXlsx([
      {
        title: '필기 학습률',
        columns: columnsOf(['번호', '이름', '필기 학습률 (%)'], [2]),
        rows: [
          [1, '김민준', '10.5'],
          [2, '山田, "太郎"', '0.0'],
        ],
      },
      { title: 'units', columns: columnsOf(['unit']), rows: [['1단원']] },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['필기 학습률', 'units']);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, '번호', '이름', '필기 학습률 (%)']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getCell('C2').value).toBe(10.5);
    expect(ws.getCell('C2').numFmt).toBe('0.0');
    expect(ws.getCell('C3').value).toBe(0);
    expect(ws.getCell('B3').value).toBe('山田, "太郎"');
    expect(ws.getCell('A3').value).toBe(2);
  });

  it('sheet names avoid Excel’s forbidden characters, stay within 31 characters and are unique', () => {
    const long = 'x'.repeat(40);
    const names = sheetNames(['a/b', long, long, '', 'A/B']);
    expect(names[0]).toBe('a_b');
    expect(names[1]).toHaveLength(31);
    expect(names[2]).toBe(`${'x'.repeat(27)} (2)`);
    expect(names[3]).toBe('Sheet4');
    expect(names[4]).toBe('A_B (2)');
  });
});
