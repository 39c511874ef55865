import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv';

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, every line break and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n"c,1","say ""hi"""\n"multi\nline",\rlast')).toEqual([
      ['a', 'b'],
      ['c,1', 'say "hi"'],
      ['multi\nline', ''],
      ['last'],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('x\r\n')).toEqual([['x']]);
    expect(parseCsv('a\tb', '\t')).toEqual([['a', 'b']]);
    expect(() => parseCsv('a', '"')).toThrow(/delimiter/);
  });

  it('reads back what it writes (property)', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'ㄱ', ',', '"', '\r', '\n', ' ', '1') });
    const record = fc
      .array(field, { minLength: 1, maxLength: 6 })
      .filter((r) => !(r.length === 1 && r[0] === ''));
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 8 }),
        fc.constantFrom(',', ';', '\t'),
        (records, delimiter) => {
          expect(parseCsv(formatCsv(records, delimiter), delimiter)).toEqual(records);
        },
      ),
    );
  });

  it('never throws on any text (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const rows = parseCsv(s);
        expect(Array.isArray(rows)).toBe(true);
      }),
    );
  });
});
