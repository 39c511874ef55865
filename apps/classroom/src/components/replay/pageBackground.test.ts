import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { pdfPageOf } from './pageBackground';

describe('the textbook page behind the ink', () => {
  it('is the PDF page counted from the book’s first code page', () => {
    expect(pdfPageOf(pageAddress(3, 1012, 1191, 1), 1, 124)).toBe(1);
    expect(pdfPageOf(pageAddress(3, 1012, 1191, 13), 1, 124)).toBe(13);
    expect(pdfPageOf(pageAddress(0, 27, 700, 42), 40, 5)).toBe(3);
    expect(pdfPageOf(pageAddress(0, 27, 700, 39), 40, 5)).toBeUndefined();
    expect(pdfPageOf(pageAddress(0, 27, 700, 45), 40, 5)).toBeUndefined();
  });
});
