import { describe, expect, it } from 'vitest';
import {
  checkPrintOptions,
  DEFAULT_PRINT_OPTIONS,
  type PrintOptions,
  pagesBeyond,
  rangeTextOnBlur,
  toPrintSettings,
} from './printOptions';

const none = { signedIn: false, pagesWithCodes: new Set<number>() };
const signedIn = { signedIn: true, pagesWithCodes: new Set<number>() };
const opts = (o: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, ...o });

describe('print options', () => {
  it('opens on plain paper, all pages, A4, normal density, no outline, simple mode', () => {
    expect(DEFAULT_PRINT_OPTIONS).toEqual({
      mode: 'simple',
      paperChoice: 'plainPaper',
      rangeText: '',
      paperSize: 'A4',
      density: 'normal',
      outline: false,
    });
  });

  it('reads a blank range as every page and normalises ranges with the ncode rules', () => {
    expect(checkPrintOptions(DEFAULT_PRINT_OPTIONS, 10, signedIn).range.pages).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(checkPrintOptions(opts({ rangeText: '5,1,2,3' }), 10, signedIn).range.text).toBe('1-3, 5');
    expect(rangeTextOnBlur('5,1,2,3', 10)).toBe('1-3, 5');
    expect(rangeTextOnBlur('  ', 10)).toBe('');
    // invalid text stays as typed, so the user sees what to fix
    expect(rangeTextOnBlur('12', 10)).toBe('12');
  });

  it('disables Print for a range that selects nothing', () => {
    for (const rangeText of ['5-3', '12', '3-1-9', ' , ']) {
      const c = checkPrintOptions(opts({ rangeText, paperChoice: 'ncodeA4' }), 10, none);
      expect(c.canPrint).toBe(false);
      expect(c.blocks).toEqual(['invalidRange']);
    }
  });

  it('needs sign-in for the pattern choices when a selected page has no code yet; pre-printed paper never', () => {
    expect(checkPrintOptions(opts({ paperChoice: 'plainPaper' }), 3, none).blocks).toEqual(['needsSignIn']);
    expect(checkPrintOptions(opts({ paperChoice: 'savePdf' }), 3, none).blocks).toEqual(['needsSignIn']);
    expect(checkPrintOptions(opts({ paperChoice: 'ncodeA4' }), 3, none).canPrint).toBe(true);
    expect(checkPrintOptions(opts({ paperChoice: 'plainPaper' }), 3, signedIn).canPrint).toBe(true);
    // a reprint of pages that have codes works signed out (offline)
    const reprint = { signedIn: false, pagesWithCodes: new Set([1, 2]) };
    expect(checkPrintOptions(opts({ rangeText: '1-2' }), 3, reprint).canPrint).toBe(true);
    expect(checkPrintOptions(opts({ rangeText: '2-3' }), 3, reprint).pagesNeedingCodes).toEqual([3]);
  });

  it('prints pre-printed Ncode paper on portrait A4 without density, and passes the rest through', () => {
    expect(toPrintSettings(opts({ paperChoice: 'ncodeA4', paperSize: 'B4', outline: true }))).toEqual({
      paperChoice: 'ncodeA4',
      paperSize: 'A4',
      orientation: 'portrait',
      outline: true,
    });
    expect(
      checkPrintOptions(opts({ paperChoice: 'ncodeA4', paperSize: 'B4' }), 1, none).effectivePaperSize,
    ).toBe('A4');
    expect(toPrintSettings(opts({ paperChoice: 'savePdf', paperSize: 'Letter', density: 'dark' }))).toEqual({
      paperChoice: 'savePdf',
      paperSize: 'Letter',
      density: 'dark',
      outline: false,
    });
  });
});

describe('pages the range names beyond the document', () => {
  it('lists named pages the document lacks', () => {
    expect(pagesBeyond('1, 2, 4', 3)).toEqual([4]);
    expect(pagesBeyond('2-5', 3)).toEqual([4, 5]);
    expect(pagesBeyond('', 3)).toEqual([]);
    expect(pagesBeyond('1-3', 3)).toEqual([]);
  });

  it('an open range ends at the last page, so it names no missing page', () => {
    expect(pagesBeyond('1-', 3)).toEqual([]);
    expect(pagesBeyond('2 -', 3)).toEqual([]);
    expect(pagesBeyond('-', 3)).toEqual([]);
    expect(pagesBeyond('-2, 3-', 3)).toEqual([]);
    expect(pagesBeyond('1-, 7', 3)).toEqual([7]);
  });

  it('an open range starting after the last page names its first page', () => {
    expect(pagesBeyond('5-', 3)).toEqual([5]);
  });
});
