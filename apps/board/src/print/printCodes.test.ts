import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import {
  codesForPages,
  emptyPrintCodes,
  pagesMissingCodes,
  pagesWithCodes,
  readPrintCodes,
  withIssuedCodes,
} from './printCodes';
import { boardPages } from './testPages';

const code = (p: number) => pageAddress(3, 27, 1068, p);

describe('print codes', () => {
  it('issues codes for every page without one, in board order, and reuses them on reprints', () => {
    const pages = boardPages(4);
    let record = emptyPrintCodes();
    expect(pagesMissingCodes(record, pages).map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    record = withIssuedCodes(
      record,
      pages,
      [1, 2, 3, 4].map((p) => ({ page: code(p), url: p === 2 ? 'https://cdn/p2.gz' : '' })),
    );
    expect([...pagesWithCodes(record, pages)]).toEqual([1, 2, 3, 4]);
    expect(pagesMissingCodes(record, pages)).toEqual([]);
    // page i prints on start + (i − 1), whatever the range
    expect(codesForPages(record, pages, [2, 4])).toEqual({
      codes: [code(2), code(4)],
      urls: { '3.27.1068.2': 'https://cdn/p2.gz' },
    });
    // a page added later gets the next code; the others keep theirs
    const more = [...pages, ...boardPages(5).slice(4)];
    const missing = pagesMissingCodes(record, more);
    expect(missing.map((p) => p.id)).toEqual(['p5']);
    record = withIssuedCodes(record, missing, [{ page: code(9), url: '' }]);
    expect(codesForPages(record, more, [1, 5]).codes).toEqual([code(1), code(9)]);
  });

  it('survives a round trip through storage and reads garbage as empty', () => {
    const pages = boardPages(1);
    const record = withIssuedCodes(emptyPrintCodes(), pages, [{ page: code(7), url: 'u' }]);
    expect(readPrintCodes(JSON.parse(JSON.stringify(record)))).toEqual(record);
    expect(readPrintCodes(undefined)).toEqual(emptyPrintCodes());
    expect(readPrintCodes({ version: 2 })).toEqual(emptyPrintCodes());
    expect(readPrintCodes({ version: 1, pages: { p1: { address: { section: 'x' } } } }).pages).toEqual({});
  });

  it('refuses a code list of the wrong length and pages without codes', () => {
    expect(() => withIssuedCodes(emptyPrintCodes(), boardPages(2), [{ page: code(1), url: '' }])).toThrow(
      RangeError,
    );
    expect(() => codesForPages(emptyPrintCodes(), boardPages(2), [1])).toThrow(
      'board page 1 has no print code',
    );
  });
});
