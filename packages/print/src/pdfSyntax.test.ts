import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascii, fileIdBytes, pdfDate, pdfName, pdfNumber, pdfTextString } from './pdfSyntax';

/** Decodes what pdfTextString wrote (the two forms it uses). */
function decodeTextString(s: string): string {
  if (s.startsWith('<FEFF')) {
    const hex = s.slice(5, -1);
    let out = '';
    for (let i = 0; i < hex.length; i += 4)
      out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
    return out;
  }
  expect(s.startsWith('(') && s.endsWith(')')).toBe(true);
  return s.slice(1, -1).replace(/\\(.)/g, '$1');
}

describe('PDF syntax', () => {
  it('writes numbers with at most 4 decimals and no exponent', () => {
    expect(pdfNumber(595.32)).toBe('595.32');
    expect(4961 * 0.12).not.toBe(595.32);
    expect(pdfNumber(4961 * 0.12)).toBe('595.32');
    expect(pdfNumber(-0.00001)).toBe('0');
    expect(pdfNumber(1e-7)).toBe('0');
    expect(pdfNumber(12)).toBe('12');
    expect(pdfNumber(-3.5)).toBe('-3.5');
    expect(pdfNumber(123456789.123456)).toBe('123456789.1235');
    expect(() => pdfNumber(1e21)).toThrow(RangeError);
    expect(() => pdfNumber(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips numbers within 0.00005 (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (n) => {
        const s = pdfNumber(n);
        expect(s).toMatch(/^-?\d+(\.\d{1,4})?$/);
        expect(Math.abs(Number(s) - n)).toBeLessThanOrEqual(0.00005 + 1e-9);
      }),
    );
  });

  it('escapes names', () => {
    expect(pdfName('DotinkMapping')).toBe('/DotinkMapping');
    expect(pdfName('a b#(c)')).toBe('/a#20b#23#28c#29');
  });

  it('writes ASCII text as a literal and anything else as UTF-16BE hex (property: decodes back)', () => {
    expect(pdfTextString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)');
    expect(pdfTextString('가')).toBe('<FEFFAC00>');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const w = pdfTextString(s);
        expect(w).toMatch(/^[\x20-\x7e]*$/);
        expect(decodeTextString(w)).toBe(s);
      }),
      { numRuns: 100 },
    );
  });

  it('writes dates in UTC and ASCII bytes', () => {
    expect(pdfDate(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('(D:20240102030405Z)');
    expect([...ascii('%PDF')]).toEqual([0x25, 0x50, 0x44, 0x46]);
    expect(() => ascii('é')).toThrow(RangeError);
  });

  it('derives a stable 16-byte file id', () => {
    expect(fileIdBytes('abc')).toEqual(fileIdBytes('abc'));
    expect(fileIdBytes('abc')).not.toEqual(fileIdBytes('abd'));
    expect(fileIdBytes('').length).toBe(16);
  });
});
