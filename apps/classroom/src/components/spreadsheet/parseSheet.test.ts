import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, parseSheet, SheetError } from './parseSheet';

describe('student spreadsheet rules (classroom.md §4, §5)', () => {
  it('finds the header by keyword in ko, en or ja and reads the rows', () => {
    for (const header of [
      ['번호', '이름', 'mac'],
      ['Number', 'NAME', 'MAC address'],
      ['番号', '名前', 'mac'],
    ]) {
      const p = parseSheet([header, ['1', 'Kim', '9c7bd2000001']]);
      expect(p.error).toBe(0);
      expect(p.rows).toEqual([
        { num: 1, autoNumber: false, name: 'Kim', mac: '9C:7B:D2:00:00:01', error: 0 },
      ]);
    }
  });

  it('numbers a row without number after the largest, keeps an empty name, skips empty rows', () => {
    const p = parseSheet(
      [
        ['number', 'name', 'mac'],
        ['', 'Lee', ''],
        ['', '', ''],
        ['7', '', '1'],
      ],
      [3, 5],
    );
    expect(p.rows.map((r) => [r.num, r.autoNumber, r.name])).toEqual([
      [8, true, 'Lee'],
      [7, false, ''],
    ]);
  });

  it('names the rows the server would refuse (one rule: @dotink/contracts/studentRoster), accepts nameless ones', () => {
    const p = parseSheet([
      ['number', 'name', 'mac'],
      ['1', 'Kim', ''],
      ['2', '', ''],
      ['1', 'Park', ''],
      ['4', 'x'.repeat(101), ''],
    ]);
    expect(p.rows.map((r) => r.problem)).toEqual(['numberTwice', undefined, 'numberTwice', 'nameTooLong']);
    expect(p.refusedRows).toEqual([1, 3, 4]);
    const fine = parseSheet([
      ['number', 'name', 'mac'],
      ['1', '', ''],
      ['', 'Lee', ''],
    ]);
    expect(fine.refusedRows).toEqual([]);
  });

  it('flags a wrong address, duplicated addresses, no sheet and no header', () => {
    const p = parseSheet([
      ['number', 'name', 'mac'],
      ['1', 'a', 'XYZ'],
      ['2', 'b', '9c7bd2000001'],
      ['3', 'c', '9C:7B:D2:00:00:01'],
    ]);
    expect(p.rows.map((r) => r.error)).toEqual([
      SheetError.SYNTAXERROR,
      SheetError.DUPLICATED,
      SheetError.DUPLICATED,
    ]);
    expect(p.error).toBe(SheetError.SYNTAXERROR | SheetError.DUPLICATED);
    expect(parseSheet(undefined).error).toBe(SheetError.THERE_IS_NO_SHEET1);
    expect(
      parseSheet([
        ['a', 'b'],
        ['1', '2'],
      ]).error,
    ).toBe(SheetError.NO_HEADER_FIELDS);
  });

  it('refuses more rows than one save takes', () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [String(i + 1), 'x', '']);
    expect(parseSheet([['number', 'name', 'mac'], ...rows]).tooMany).toBe(MAX_IMPORT_ROWS + 1);
  });

  it('never throws and never flags a valid unique list, whatever the cells', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }), { maxLength: 30 }),
        (cells) => {
          const p = parseSheet([['number', 'name', 'mac'], ...cells]);
          for (const r of p.rows) expect(r.num).toBeGreaterThan(0);
          expect(p.error & ~(SheetError.DUPLICATED | SheetError.SYNTAXERROR)).toBe(0);
        },
      ),
    );
  });
});
