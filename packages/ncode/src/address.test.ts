import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookId,
  fromWire,
  isUnknownPage,
  pageAddress,
  pageId,
  parseBookId,
  parsePageId,
  sameBook,
  samePage,
  toWire,
  UNKNOWN_PAGE,
} from './address';

describe('page address', () => {
  it('formats and parses "s.o.b.p"', () => {
    const a = pageAddress(3, 27, 1068, 1);
    expect(pageId(a)).toBe('3.27.1068.1');
    expect(bookId(a)).toBe('3.27.1068');
    expect(parsePageId(' 3.27.1068.1 ')).toEqual(a);
    expect(parseBookId('3.27.168')).toEqual({ section: 3, owner: 27, book: 168 });
  });

  it('rejects anything but four integers', () => {
    for (const bad of ['', '3.27.1068', '3.27.1068.1.2', '3.27.x.1', '3.27.1.1.', '3.-2.1.1', '1e3.1.1.1']) {
      expect(parsePageId(bad)).toBeUndefined();
    }
  });

  it('rejects a field below -1 in any position, and a book id that is not three integers', () => {
    for (const bad of ['-2.27.1068.1', '3.-2.1068.1', '3.27.-2.1', '3.27.1068.-2']) {
      expect(parsePageId(bad)).toBeUndefined();
    }
    expect(parseBookId(' -1.-1.-1 ')).toEqual({ section: -1, owner: -1, book: -1 });
    for (const bad of ['', '3.27', '3.27.168.1', '3.x.168', '-2.27.168', '3.-2.168', '3.27.-2']) {
      expect(parseBookId(bad)).toBeUndefined();
    }
  });

  it('compares pages and books field by field', () => {
    const a = pageAddress(3, 27, 1068, 1);
    expect(samePage(a, pageAddress(3, 27, 1068, 1))).toBe(true);
    for (const other of [
      pageAddress(4, 27, 1068, 1),
      pageAddress(3, 28, 1068, 1),
      pageAddress(3, 27, 1069, 1),
      pageAddress(3, 27, 1068, 2),
    ]) {
      expect(samePage(a, other)).toBe(false);
    }
    // Another page of the same book is the same book; a different section, owner or book is not.
    expect(sameBook(a, pageAddress(3, 27, 1068, 9))).toBe(true);
    expect(sameBook(a, pageAddress(4, 27, 1068, 1))).toBe(false);
    expect(sameBook(a, pageAddress(3, 28, 1068, 1))).toBe(false);
    expect(sameBook(a, pageAddress(3, 27, 1069, 1))).toBe(false);
  });

  it('treats -1 as unknown', () => {
    for (const partly of [
      pageAddress(-1, 27, 1068, 1),
      pageAddress(3, -1, 1068, 1),
      pageAddress(3, 27, -1, 1),
      pageAddress(3, 27, 1068, -1),
    ]) {
      expect(isUnknownPage(partly)).toBe(true);
    }
    expect(isUnknownPage(UNKNOWN_PAGE)).toBe(true);
    expect(parsePageId('-1.-1.-1.-1')).toEqual(UNKNOWN_PAGE);
    expect(isUnknownPage(pageAddress(3, 27, 168, 1))).toBe(false);
  });

  it('round-trips any address through its string id and the wire names', () => {
    const field = fc.integer({ min: -1, max: 1 << 20 });
    fc.assert(
      fc.property(field, field, field, field, (s, o, b, p) => {
        const a = pageAddress(s, o, b, p);
        expect(samePage(parsePageId(pageId(a))!, a)).toBe(true);
        expect(fromWire(toWire(a))).toEqual(a);
        expect(toWire(a)).toEqual({ section: s, owner: o, bookCode: b, pageNumber: p });
      }),
    );
  });
});
