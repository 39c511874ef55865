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

  it('treats -1 as unknown', () => {
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
