import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvField, csvText, encodeCsv, tableRows, UTF8_BOM } from './csv';
import { columnsOf, type ExportTable } from './table';

/** Reads CSV bytes back as a spreadsheet program would: UTF-8, BOM dropped, RFC 4180. */
function readBack(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  // the last line's CRLF ends the last row; the parser reads an empty row after it
  const last = parsed.data.at(-1);
  return last?.length === 1 && last[0] === '' ? parsed.data.slice(0, -1) : parsed.data;
}

// Text a pupil's name or a unit title may hold: Korean, Japanese, commas, quotes, line ends.
const piece = fc.constantFrom(
  '김민준',
  '이서연',
  '山田 太郎',
  'さくら',
  '單元',
  ',',
  '"',
  '\r\n',
  '\n',
  '\r',
  ' ',
  'a',
  '1.5',
  '',
);
const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
const cell = fc.oneof(text, fc.integer({ min: -1000, max: 100_000 }));

describe('CSV of exported tables', () => {
  it('starts with the UTF-8 byte-order mark and ends lines with CRLF', () => {
    const bytes = encodeCsv([{ title: 't', columns: columnsOf(['번호', '이름']), rows: [[1, '김민준']] }]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('번호,이름\r\n1,김민준\r\n');
  });

  it('quotes a field only when it holds a comma, quote or line end, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('puts several tables one after another: title, header, rows, an empty line between', () => {
    const tables: ExportTable[] = [
      { title: 'A', columns: columnsOf(['x']), rows: [['1']] },
      { title: 'B', columns: columnsOf(['y', 'z']), rows: [] },
    ];
    expect(tableRows(tables)).toEqual([['A'], ['x'], ['1'], [], ['B'], ['y', 'z']]);
  });

  it('round-trips any rows of Korean, Japanese, commas, quotes and line ends through a CSV parser', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          // a row of one empty field is written as an empty line, which a reader cannot tell from no field
          fc.pre(rows.every((r) => !(r.length === 1 && r[0] === '')));
          const bytes = new TextEncoder().encode(csvText(rows));
          expect(readBack(bytes)).toEqual(rows.map((r) => r.map(String)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('round-trips a table: header and every cell as the screen shows it', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), { maxLength: 6 }),
        (headers, rows) => {
          fc.pre(!(headers.length === 1 && headers[0] === ''));
          const cut = rows.map((r) => r.slice(0, headers.length));
          fc.pre(cut.every((r) => !(r.length === 1 && r[0] === '')));
          const back = readBack(encodeCsv([{ title: 'T', columns: columnsOf(headers), rows: cut }]));
          expect(back).toEqual([headers, ...cut.map((r) => r.map(String))]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the BOM is a single U+FEFF that decoders drop', () => {
    expect(UTF8_BOM).toBe('\ufeff');
    const decoded = new TextDecoder().decode(
      encodeCsv([{ title: '', columns: columnsOf(['名前']), rows: [] }]),
    );
    expect(decoded).toBe('名前\r\n');
  });
});
