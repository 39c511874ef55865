import { pageAddress, scaleHomography } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { applyPageCodes, documentFingerprint, locateOnBoard, storedMapping } from './boardMapping';
import { boardPages, temporary } from './testPages';

const code = (p: number) => pageAddress(3, 27, 1068, p);

describe('board mapping', () => {
  it('puts the printed code and map on each printed page and keeps its identity as the base', () => {
    const pages = boardPages(3);
    const h = scaleHomography(7, 7, -10, -20);
    const next = applyPageCodes(pages, [
      { pdfPageNo: 1, address: code(1), h },
      { pdfPageNo: 3, address: code(3), h },
    ]);
    expect(next[0]).toMatchObject({ address: code(1), baseAddress: temporary(0), nuToPt: h });
    expect(next[1]).toBe(pages[1]);
    expect(next[2]).toMatchObject({ address: code(3), baseAddress: temporary(2) });
    // a reprint keeps the first identity
    const again = applyPageCodes(next, [{ pdfPageNo: 1, address: code(11), h }]);
    expect(again[0]).toMatchObject({ address: code(11), baseAddress: temporary(0) });
    // pen points on the printout land on the page, through the stored map
    expect(locateOnBoard(next, code(3), { x: 10, y: 10 })).toEqual({ pageIndex: 2, pt: { x: 60, y: 50 } });
    expect(locateOnBoard(next, code(2), { x: 10, y: 10 })).toBeUndefined();
  });

  it('refuses two pages on one Ncode page', () => {
    const h = scaleHomography(6.72);
    expect(() =>
      applyPageCodes(boardPages(2), [
        { pdfPageNo: 1, address: code(1), h },
        { pdfPageNo: 2, address: code(1), h },
      ]),
    ).toThrow('two board pages would show the Ncode page 3.27.1068.1');
    expect(() => applyPageCodes(boardPages(2), [{ pdfPageNo: 2, address: temporary(0), h }])).toThrow();
  });

  it('names the document by its PDF fingerprint, or by the board when pages mix sources', () => {
    const pages = boardPages(2);
    const pdfs = [{ id: 'pdf1', fileName: 'a.pdf', fingerprint: 'abc', bytes: new Uint8Array() }];
    expect(documentFingerprint('b1', pages, pdfs, [1, 2])).toBe('abc');
    const mixed = [...pages, { ...pages[0]!, id: 'p3', source: { kind: 'ncode' as const } }];
    expect(documentFingerprint('b1', mixed, pdfs, [1, 3])).toBe('board-b1');
    const m = storedMapping(
      'abc',
      'plainPaper',
      'print',
      applyPageCodes(pages, [{ pdfPageNo: 2, address: code(2), h: scaleHomography(6.72) }]),
      [{ pdfPageNo: 2, address: code(2), h: scaleHomography(6.72) }],
      5,
    );
    expect(m).toMatchObject({
      id: 'abc/1',
      pages: [{ pdfPageNo: 2, boardPageId: 'p2', pageInfo: code(2), basePageInfo: temporary(1) }],
    });
  });
});
