import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseSheet, SheetError } from './parseSheet';
import { readSheetBytes } from './readSheetBytes';

/** The fixtures were written by LibreOffice Calc 7.4 (fixtures/README.md), not by the reader. */
const fixture = async (name: string): Promise<ArrayBuffer> => {
  const b = await readFile(new URL(`./fixtures/${name}`, import.meta.url));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};

const ROSTER = [
  ['number', 'name', 'mac'],
  ['1', 'Kim Minji', '9c7bd2000001'],
  ['2', '이서준', '9C:7B:D2:00:00:02'],
  ['', 'Lee'],
  ['4', '', 'XYZ'],
  ['5', 'Park', '9c7bd2000002'],
];

describe('reading a roster workbook (classroom.md §5: .xlsx and .xls)', () => {
  it('reads the first sheet of an .xlsx', async () => {
    const answer = await readSheetBytes(await fixture('roster.xlsx'));
    expect(answer).toEqual({ kind: 'sheet', sheet: ROSTER });
  });

  it('reads the first sheet of a BIFF .xls saved by a spreadsheet program, from .csv and from .xlsx', async () => {
    for (const name of ['roster-from-csv.xls', 'roster-from-xlsx.xls']) {
      const answer = await readSheetBytes(await fixture(name));
      expect(answer, name).toEqual({ kind: 'sheet', sheet: ROSTER });
    }
  });

  it('gives an .xls roster the same rows and flags as the .xlsx one', async () => {
    const fromXls = await readSheetBytes(await fixture('roster-from-csv.xls'));
    const fromXlsx = await readSheetBytes(await fixture('roster.xlsx'));
    if (fromXls.kind !== 'sheet' || fromXlsx.kind !== 'sheet') throw new Error('not read');
    const parsed = parseSheet(fromXls.sheet);
    expect(parsed).toEqual(parseSheet(fromXlsx.sheet));
    expect(parsed.error).toBe(SheetError.SYNTAXERROR | SheetError.DUPLICATED);
    expect(parsed.rows.map((r) => [r.num, r.name, r.mac])).toEqual([
      [1, 'Kim Minji', '9C:7B:D2:00:00:01'],
      [2, '이서준', '9C:7B:D2:00:00:02'],
      [6, 'Lee', '00:00:00:00:00:00'],
      [4, '', 'XYZ'],
      [5, 'Park', '9C:7B:D2:00:00:02'],
    ]);
  });

  it('reads a Korean header from an .xls', async () => {
    const answer = await readSheetBytes(await fixture('roster-ko.xls'));
    expect(answer).toEqual({
      kind: 'sheet',
      sheet: [
        ['번호', '이름', 'MAC 주소'],
        ['3', '최지우', '9C7BD2000003'],
      ],
    });
  });

  it('reports an .xls with more rows than the limit by its count, like an .xlsx', async () => {
    expect(await readSheetBytes(await fixture('roster-from-csv.xls'), 4)).toEqual({
      kind: 'tooMany',
      rows: 6,
    });
    expect(await readSheetBytes(await fixture('roster.xlsx'), 4)).toEqual({ kind: 'tooMany', rows: 6 });
  });

  it('refuses bytes that are no workbook with an error, never a sheet', async () => {
    const text = new TextEncoder().encode('number,name,mac\n1,a,b\n');
    await expect(readSheetBytes(text.buffer)).rejects.toThrow();
    // a compound file's signature alone (SheetJS would read it as a line of text)
    await expect(
      readSheetBytes(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]).buffer),
    ).rejects.toThrow();
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(readSheetBytes(ole.buffer)).rejects.toThrow();
  });
});
