import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterPageRangeInput,
  formatPageRange,
  isPageRangeChar,
  normalizePageRange,
  parsePageRange,
} from './pageRange';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => a + k);

describe('page-range strings (fact sheet §9, N = 10)', () => {
  const table: [string, string, number[]][] = [
    ['', '1-10', range(1, 10)],
    ['5,1,2,3', '1-3, 5', [1, 2, 3, 5]],
    ['-3', '1-3', [1, 2, 3]],
    ['8-', '8-10', [8, 9, 10]],
    ['3-3', '3', [3]],
    ['0, 11, 4', '4', [4]],
    ['2-20', '2-10', range(2, 10)],
    ['1-3 5 7', '1-3, 5, 7', [1, 2, 3, 5, 7]],
    ['4-6,5-8', '4-8', range(4, 8)],
    ['1,2,4,5,6,9,10', '1-2, 4-6, 9-10', [1, 2, 4, 5, 6, 9, 10]],
    ['5-3', '', []],
    ['12', '', []],
    ['3-1-9', '', []],
    [' , ', '', []],
    // the two quirks, fixed: a spaced hyphen and a doubled hyphen are ranges
    ['1 - 3', '1-3', [1, 2, 3]],
    ['1--4', '1-4', [1, 2, 3, 4]],
  ];

  it.each(table)('%j → %j', (input, normalised, pages) => {
    expect(normalizePageRange(input, 10)).toBe(normalised);
    const parsed = parsePageRange(input, 10);
    expect(parsed.pages).toEqual(pages);
    expect(parsed.valid).toBe(pages.length > 0);
    expect(parsed.text).toBe(normalised);
  });

  it('handles the edges around the rules', () => {
    expect(normalizePageRange('   ', 10)).toBe('1-10');
    expect(normalizePageRange('-', 10)).toBe('1-10');
    expect(normalizePageRange('8 -', 10)).toBe('8-10');
    expect(normalizePageRange('- 2', 10)).toBe('1-2');
    expect(normalizePageRange('12-15', 10)).toBe('10');
    expect(normalizePageRange('0-2', 10)).toBe('1-2');
    expect(normalizePageRange('a, 2x, 3', 10)).toBe('3');
    expect(normalizePageRange('1-a', 10)).toBe('');
    expect(normalizePageRange('007', 10)).toBe('7');
    expect(normalizePageRange('99999999999999999999999', 10)).toBe('');
    expect(normalizePageRange('', 1)).toBe('1');
    expect(normalizePageRange('', 0)).toBe('');
    expect(parsePageRange('1', 2.5).valid).toBe(false);
    expect(parsePageRange('999999-1000001', 1e9).pages).toEqual([999999, 1000000, 1000001]);
  });

  it('formats pages as runs', () => {
    expect(formatPageRange([5, 1, 2, 3, 3])).toBe('1-3, 5');
    expect(formatPageRange([])).toBe('');
    expect(formatPageRange([9, 10, 0, -1, 2.5])).toBe('9-10');
  });

  it('filters typed characters', () => {
    expect(filterPageRangeInput('1-3; 5a,\t7')).toBe('1-3 5,7');
    expect(isPageRangeChar('7')).toBe(true);
    expect(isPageRangeChar(',')).toBe(true);
    expect(isPageRangeChar('.')).toBe(false);
    expect(isPageRangeChar('12')).toBe(false);
  });
});

describe('page-range properties', () => {
  const typed = fc.string({ unit: fc.constantFrom(...'0123456789 ,-'.split(''), 'x', '\t'), maxLength: 30 });
  const anyText = fc.oneof(typed, fc.string({ maxLength: 30 }));
  const total = fc.integer({ min: 1, max: 60 });

  it('selects sorted, unique pages within 1 … N', () => {
    fc.assert(
      fc.property(anyText, total, (text, n) => {
        const r = parsePageRange(text, n);
        for (let k = 0; k < r.pages.length; k++) {
          expect(r.pages[k]).toBeGreaterThanOrEqual(1);
          expect(r.pages[k]).toBeLessThanOrEqual(n);
          if (k > 0) expect(r.pages[k]).toBeGreaterThan(r.pages[k - 1]!);
        }
        expect(r.valid).toBe(r.pages.length > 0);
        expect(r.text).toBe(normalizePageRange(text, n));
      }),
    );
  });

  it('is idempotent: a normalised text normalises to itself and selects the same pages', () => {
    fc.assert(
      fc.property(anyText, total, (text, n) => {
        const once = parsePageRange(text, n);
        if (!once.valid) return;
        expect(normalizePageRange(once.text, n)).toBe(once.text);
        expect(parsePageRange(once.text, n).pages).toEqual(once.pages);
      }),
    );
  });

  it('reads back any formatted page set', () => {
    fc.assert(
      fc.property(
        total.chain((n) =>
          fc.tuple(fc.constant(n), fc.uniqueArray(fc.integer({ min: 1, max: n }), { minLength: 1 })),
        ),
        ([n, pages]) => {
          const sorted = [...pages].sort((a, b) => a - b);
          const text = formatPageRange(pages);
          expect(parsePageRange(text, n).pages).toEqual(sorted);
          expect(normalizePageRange(text, n)).toBe(text);
        },
      ),
    );
  });
});
