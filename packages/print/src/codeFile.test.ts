import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readNcodeData } from '../../../test-support/shared';
import {
  CODE_PAGE_BYTES,
  type CodePage,
  CodePageError,
  countSymbols,
  readCodePage,
  readCodePageAsync,
  SYMBOL_D,
  SYMBOL_L,
  SYMBOL_N,
  SYMBOL_R,
  SYMBOL_U,
  symbolAt,
} from './codeFile';

const BOOK = 's3-o27-b1068';
const raw = (p: number) => readNcodeData('code', BOOK, `${BOOK}-p${p}.code.gz`);
const text = (page: CodePage, row: number, c0: number, c1: number) =>
  String.fromCharCode(...page.rows[row]!.subarray(c0, c1));
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

describe('readCodePage on the real code pages (fact sheet §10)', () => {
  let p0: CodePage;
  let p1: CodePage;
  beforeAll(() => {
    p0 = readCodePage(raw(0), 'p0');
    p1 = readCodePage(gzipSync(raw(1)), 'p1'); // through the gzip path too
  });

  it('decompresses to 3,214,849 bytes with the known MD5s', () => {
    expect(CODE_PAGE_BYTES).toBe(3_214_849);
    expect(p1.bytes.length).toBe(3_214_849);
    expect(md5(p0.bytes)).toBe('dccacec1306be87286493dabc66fbc06');
    expect(md5(p1.bytes)).toBe('5adb19b7c1bd45824fe4f633c797ffbd');
    expect(md5(readCodePage(raw(15)).bytes)).toBe('6fd61ae04e82bc4caeaf97dcc85c26e3');
  });

  it('has 1,792 rows of 1,792 symbols as views (no copies)', () => {
    expect(p1.rows).toHaveLength(1792);
    expect(p1.columns).toBe(1792);
    for (const row of p1.rows) {
      expect(row.length).toBe(1792);
      expect(row.buffer).toBe(p1.bytes.buffer);
    }
  });

  it('counts n 851,968 and u, d, l, r 589,824 each', () => {
    expect(countSymbols(p1)).toEqual({ n: 851_968, u: 589_824, d: 589_824, l: 589_824, r: 589_824 });
    expect(countSymbols(p0)).toEqual({ n: 851_968, u: 589_824, d: 589_824, l: 589_824, r: 589_824 });
  });

  it('counts n 832, u 512, d 640, l 512, r 640 in the first 8 × 8 cells', () => {
    for (const page of [p0, p1])
      expect(countSymbols(page, 0, 0, 56, 56)).toEqual({ n: 832, u: 512, d: 640, l: 512, r: 640 });
  });

  it('has the page-1 symbols of the worked examples', () => {
    expect(text(p1, 3, 0, 14)).toBe('ndulrdrnruurrd');
    expect(symbolAt(p1, 10, 3)).toBe(SYMBOL_U);
    expect(symbolAt(p1, 100, 200)).toBe(SYMBOL_D);
    expect(symbolAt(p1, 1792, 0)).toBeUndefined();
    expect(symbolAt(p1, 0, 1792)).toBeUndefined();
    const cell00 = (p: CodePage) => [1, 2, 3, 4, 5, 6].map((r) => text(p, r, 1, 7)).join(' ');
    expect(cell00(p1)).toBe('uuduud drudll dulrdr dlllld lddldd urlrru');
    expect(cell00(p0)).toBe('uuduud drudll ddlrdr rullrd lddldd urlrru');
  });

  it('differs between p0 and p1 in exactly 4 positions per cell, all at rows 3–4, columns 1/2/5', () => {
    const allowed = new Set(['3,1', '3,2', '3,5', '4,1', '4,2', '4,5']);
    let diffs = 0;
    let outside = 0;
    const perCell = new Map<number, number>();
    for (let r = 0; r < 1792; r++) {
      const a = p0.rows[r]!;
      const b = p1.rows[r]!;
      for (let c = 0; c < 1792; c++) {
        if (a[c] === b[c]) continue;
        diffs++;
        if (!allowed.has(`${r % 7},${c % 7}`)) outside++;
        const cell = Math.floor(r / 7) * 256 + Math.floor(c / 7);
        perCell.set(cell, (perCell.get(cell) ?? 0) + 1);
      }
    }
    expect(outside).toBe(0);
    expect(perCell.size).toBe(256 * 256);
    expect(new Set(perCell.values())).toEqual(new Set([4]));
    expect(diffs).toBe(4 * 256 * 256);
  });
});

describe('readCodePage validation', () => {
  let good: Uint8Array;
  beforeAll(() => {
    good = raw(1);
  });
  const corrupt = (at: number, byte: number) => {
    const b = good.slice();
    b[at] = byte;
    return b;
  };
  const offset = (row: number, col: number) => row * 1794 + col;

  it('rejects a wrong length', () => {
    expect(() => readCodePage(good.subarray(0, 1000), 'x.code.gz')).toThrow(
      'x.code.gz: expected 3,214,849 bytes after decompression (1,792 lines of 1,792 symbols + CR LF, then NUL), got 1,000',
    );
  });

  it('rejects a foreign symbol, an n off the grid, a non-n on the grid, a broken line end and a missing NUL', () => {
    expect(() => readCodePage(corrupt(offset(1, 1), 0x78), 'f')).toThrow(
      "f: row 1, column 1 holds 'x', not one of u d l r n",
    );
    expect(() => readCodePage(corrupt(offset(1, 1), SYMBOL_N), 'f')).toThrow(
      "f: row 1, column 1 holds 'n' off the reference grid",
    );
    expect(() => readCodePage(corrupt(offset(7, 3), SYMBOL_U), 'f')).toThrow(
      "f: row 7, column 3 is on the reference grid (index multiple of 7) and must be 'n', found 'u'",
    );
    expect(() => readCodePage(corrupt(offset(3, 14), SYMBOL_D), 'f')).toThrow(
      /row 3, column 14 is on the reference grid/,
    );
    expect(() => readCodePage(corrupt(offset(5, 1792), 0x20), 'f')).toThrow(
      'f: line 5 must be exactly 1,792 symbols followed by CR LF',
    );
    expect(() => readCodePage(corrupt(CODE_PAGE_BYTES - 1, 0x0a), 'f')).toThrow(
      'f: the last byte must be NUL, found byte 0x0a',
    );
  });

  it('reads the same page natively (async) and names a broken gzip the same way', async () => {
    const gz = gzipSync(good);
    const page = await readCodePageAsync(gz, 'a');
    expect(Buffer.from(page.bytes).equals(Buffer.from(good))).toBe(true);
    expect(page.rows[3]![10]).toBe(SYMBOL_U);
    expect((await readCodePageAsync(good)).bytes.length).toBe(CODE_PAGE_BYTES);
    await expect(readCodePageAsync(gz.subarray(0, 40), 'g.code.gz')).rejects.toThrow(
      /^g\.code\.gz: not a readable gzip file/,
    );
    await expect(readCodePageAsync(gzipSync(good.subarray(0, 10)), 'short')).rejects.toThrow(
      'short: expected 3,214,849 bytes after decompression (1,792 lines of 1,792 symbols + CR LF, then NUL), got 10',
    );
  });

  it('rejects bytes that are gzip but broken', () => {
    const gz = gzipSync(good.subarray(0, 5000));
    expect(() => readCodePage(gz.subarray(0, 40), 'g.code.gz')).toThrow(CodePageError);
    expect(() => readCodePage(gz.subarray(0, 40), 'g.code.gz')).toThrow(
      /^g\.code\.gz: not a readable gzip file/,
    );
  });

  it('accepts a change exactly when it keeps the §4.1 rules (property)', () => {
    const data = [SYMBOL_U, SYMBOL_D, SYMBOL_L, SYMBOL_R];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1791 }),
        fc.integer({ min: 0, max: 1793 }),
        fc.oneof(fc.constantFrom(...data, SYMBOL_N, 0x0d, 0x0a, 0), fc.integer({ min: 0, max: 255 })),
        (row, col, byte) => {
          const at = offset(row, col);
          const b = corrupt(at, byte);
          let ok: boolean;
          if (col === 1792) ok = byte === 0x0d;
          else if (col === 1793) ok = byte === 0x0a;
          else if (row % 7 === 0 || col % 7 === 0) ok = byte === SYMBOL_N;
          else ok = data.includes(byte);
          if (ok) expect(readCodePage(b).bytes[at]).toBe(byte);
          else expect(() => readCodePage(b)).toThrow(CodePageError);
        },
      ),
      { numRuns: 40 },
    );
  });
});
