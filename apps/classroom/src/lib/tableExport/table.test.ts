import { describe, expect, it } from 'vitest';
import { cellValue, columnsOf, exportFileName } from './table';

describe('export tables', () => {
  it('a one-decimal column stores its figure texts as the same numbers; other cells stay as shown', () => {
    const [plain, figure] = columnsOf(['name', 'rate'], [1]);
    expect(cellValue('12.5', figure)).toBe(12.5);
    expect(cellValue('0.0', figure)).toBe(0);
    expect(cellValue('-', figure)).toBe('-');
    expect(cellValue('12.5', plain)).toBe('12.5');
    expect(cellValue(7, plain)).toBe(7);
  });

  it('file names keep the title and drop characters file systems refuse', () => {
    expect(exportFileName(['3학년 1반', 'math/all', '2026-05-01'], 'csv')).toBe(
      '3학년 1반 - math_all - 2026-05-01.csv',
    );
    expect(exportFileName(['', ' '], 'xlsx')).toBe('dotink.xlsx');
  });
});
