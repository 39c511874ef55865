import { deflateRawSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { strToU8, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type PageAddress, pageAddress } from './address';
import { encodeBase64 } from './base64';
import { decodePageArray, encodePageArray, encodePageRuns, expandPageRuns } from './pageRangeCodec';

const book = (s: number, o: number, b: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => pageAddress(s, o, b, from + k));

describe('page runs', () => {
  it('joins consecutive pages of a book into runs, keeping order', () => {
    const pages = [...book(3, 1012, 1191, 1, 124), ...book(0, 27, 667, 5, 6), pageAddress(0, 27, 667, 9)];
    expect(encodePageRuns(pages)).toEqual([
      { s: 3, o: 1012, b: 1191, p: 1, ln: 124 },
      { s: 0, o: 27, b: 667, p: 5, ln: 2 },
      { s: 0, o: 27, b: 667, p: 9, ln: 1 },
    ]);
    expect(expandPageRuns(encodePageRuns(pages))).toEqual(pages);
    expect(encodePageRuns([pageAddress(1, 1, 1, 2), pageAddress(1, 1, 1, 1)])).toHaveLength(2);
    expect(encodePageRuns([])).toEqual([]);
  });

  it('rejects a run without a run length with the spec message', () => {
    expect(() => expandPageRuns([{ s: 3, o: 27, b: 1, p: 1 }])).toThrow(
      new Error('Page array encoder has not worked'),
    );
    const text = encodeBase64(
      zlibSync(
        strToU8(
          JSON.stringify([
            { s: 3, o: 27, b: 1, p: 1, ln: 2 },
            { s: 3, o: 27, b: 2, p: 1 },
          ]),
        ),
      ),
    );
    expect(() => decodePageArray(text)).toThrow(new Error('Page array encoder has not worked'));
  });

  it('rejects malformed runs and oversized lists', () => {
    expect(() => expandPageRuns([{ s: 3, o: 27, b: 1, p: 1, ln: 0 }])).toThrow(/malformed/);
    expect(() => expandPageRuns([{ s: '3', o: 27, b: 1, p: 1, ln: 1 }])).toThrow(/malformed/);
    expect(() => expandPageRuns([7])).toThrow(/not an object/);
    expect(() => expandPageRuns([{ s: 3, o: 27, b: 1, p: 1, ln: 2 ** 30 }])).toThrow(/longer than/);
  });
});

describe('compressed page array', () => {
  it('round-trips a textbook page list in short text', () => {
    const pages = book(3, 1012, 1191, 1, 124);
    const text = encodePageArray(pages);
    expect(text.length).toBeLessThan(80);
    expect(decodePageArray(text)).toEqual(pages);
  });

  it('reads zlib, raw deflate and gzip, in either base64 alphabet', () => {
    const pages = [...book(0, 27, 667, 1, 3), pageAddress(3, 27, 168, 300)];
    const json = strToU8(JSON.stringify(encodePageRuns(pages)));
    for (const packed of [
      zlibSync(json),
      new Uint8Array(deflateRawSync(json)),
      new Uint8Array(gzipSync(json)),
    ]) {
      expect(decodePageArray(encodeBase64(packed))).toEqual(pages);
      expect(decodePageArray(Buffer.from(packed).toString('base64url'))).toEqual(pages);
    }
  });

  it('says what is wrong with bad text', () => {
    expect(() => decodePageArray('***')).toThrow(/Invalid base64/);
    expect(() => decodePageArray(encodeBase64(zlibSync(strToU8('{"s":1}'))))).toThrow(
      'Page array is not a list of page runs',
    );
    expect(() => decodePageArray(encodeBase64(zlibSync(strToU8('[1,'))))).toThrow('Page array is not JSON');
  });

  it('round-trips any page list', () => {
    const n = fc.integer({ min: 0, max: 5000 });
    const page = fc.record({ section: n, owner: n, book: n, page: n });
    const runOf = fc
      .tuple(page, fc.integer({ min: 1, max: 20 }))
      .map(([a, len]) => book(a.section, a.owner, a.book, a.page, a.page + len - 1));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            page.map((a) => [a as PageAddress]),
            runOf,
          ),
          { maxLength: 20 },
        ),
        (chunks) => {
          const pages = chunks.flat().map((a) => pageAddress(a.section, a.owner, a.book, a.page));
          expect(decodePageArray(encodePageArray(pages))).toEqual(pages);
        },
      ),
    );
  });
});
