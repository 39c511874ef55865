import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageAddress, pageId } from './address';
import {
  codeRequestQuery,
  codeRequestSize,
  comparePages,
  FIRST_CODE_POINTER,
  issueCodes,
  issueInstalledCodes,
  normalizeCodePointer,
  planDocumentCodes,
  readIssuedCodes,
} from './codeIssuing';

const ids = (pages: readonly Parameters<typeof pageId>[0][]) => pages.map(pageId);

describe('issueCodes', () => {
  it('starts at 0.27.667.1 and issues consecutive pages', () => {
    expect(pageId(FIRST_CODE_POINTER)).toBe('0.27.667.1');
    const a = issueCodes(FIRST_CODE_POINTER, 3);
    expect(ids(a.pages)).toEqual(['0.27.667.1', '0.27.667.2', '0.27.667.3']);
    expect(pageId(a.next)).toBe('0.27.667.4');
    const b = issueCodes(a.next, 2);
    expect(ids(b.pages)).toEqual(['0.27.667.4', '0.27.667.5']);
    expect(issueCodes(a.next, 0)).toEqual({ pages: [], next: a.next });
  });

  it('uses pages 1 … count − 1 of a book, then page 1 of the next book', () => {
    const end = issueCodes(pageAddress(0, 27, 667, 4093), 3);
    expect(ids(end.pages)).toEqual(['0.27.667.4093', '0.27.667.4094', '0.27.667.4095']);
    expect(pageId(end.next)).toBe('0.27.668.1');
    expect(pageId(normalizeCodePointer(pageAddress(0, 27, 667, 4096)))).toBe('0.27.668.1');
    expect(pageId(normalizeCodePointer(pageAddress(0, 27, 667, 0)))).toBe('0.27.667.1');
  });

  it('keeps a block in one book when it fits in one', () => {
    const r = issueCodes(pageAddress(3, 27, 9, 500), 20);
    expect(ids(r.pages)[0]).toBe('3.27.10.1');
    expect(ids(r.pages)[19]).toBe('3.27.10.20');
    expect(pageId(r.next)).toBe('3.27.10.21');
    const split = issueCodes(pageAddress(3, 27, 9, 510), 3, { keepInOneBook: false });
    expect(ids(split.pages)).toEqual(['3.27.9.510', '3.27.9.511', '3.27.10.1']);
  });

  it('fills books one after another for a block longer than a book', () => {
    const r = issueCodes(pageAddress(14, 27, 1, 30), 40);
    // section 14: pages 1 … 31 per book
    expect(ids(r.pages).slice(0, 3)).toEqual(['14.27.1.30', '14.27.1.31', '14.27.2.1']);
    expect(ids(r.pages).at(-1)).toBe('14.27.3.7');
    expect(pageId(r.next)).toBe('14.27.3.8');
  });

  it('throws when the published book range runs out, and on bad input', () => {
    expect(() => issueCodes(pageAddress(3, 27, 8191, 511), 2)).toThrow(/Code space exhausted/);
    const last = issueCodes(pageAddress(3, 27, 8191, 510), 2, { keepInOneBook: false });
    expect(ids(last.pages)).toEqual(['3.27.8191.510', '3.27.8191.511']);
    expect(() => issueCodes(last.next, 1)).toThrow(/Code space exhausted/);
    expect(() => issueCodes(FIRST_CODE_POINTER, -1)).toThrow(RangeError);
    expect(() => issueCodes(FIRST_CODE_POINTER, 1.5)).toThrow(RangeError);
    expect(() => issueCodes(pageAddress(0, -1, 1, 1), 1)).toThrow(RangeError);
  });

  it('never issues a page twice, never page 0, always past the previous pointer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 3, 14, 2050),
        fc.integer({ min: 0, max: 600 }),
        fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 8 }),
        fc.boolean(),
        (section, page, sizes, keepInOneBook) => {
          let pointer = pageAddress(section, 27, 1, page);
          const seen = new Set<string>();
          for (const qty of sizes) {
            const r = issueCodes(pointer, qty, { keepInOneBook });
            expect(r.pages).toHaveLength(qty);
            const count = section === 14 ? 32 : section === 3 ? 512 : section === 0 ? 4096 : 500;
            const bad: string[] = [];
            for (const p of r.pages) {
              if (p.page < 1 || p.page >= count || seen.has(pageId(p))) bad.push(pageId(p));
              seen.add(pageId(p));
            }
            expect(bad).toEqual([]);
            const books = new Set(r.pages.map((p) => p.book));
            const perBook = count - 1;
            if (keepInOneBook && qty <= perBook) expect(books.size).toBeLessThanOrEqual(1);
            pointer = r.next;
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('planDocumentCodes', () => {
  it('issues the base code once, then one print code per pages-per-sheet value', () => {
    const plan = planDocumentCodes(FIRST_CODE_POINTER, 5, [1, 2, 1, 16384, 4]);
    expect(ids(plan.base)).toEqual(['0.27.667.1', '0.27.667.2', '0.27.667.3', '0.27.667.4', '0.27.667.5']);
    expect(plan.prints.map((p) => [p.pagesPerSheet, ids(p.pages)])).toEqual([
      [1, ['0.27.667.6', '0.27.667.7', '0.27.667.8', '0.27.667.9', '0.27.667.10']],
      [2, ['0.27.667.11', '0.27.667.12', '0.27.667.13']],
      [4, ['0.27.667.14', '0.27.667.15']],
    ]);
    expect(pageId(plan.next)).toBe('0.27.667.16');
    expect(planDocumentCodes(FIRST_CODE_POINTER, 2, []).prints).toEqual([]);
    expect(() => planDocumentCodes(FIRST_CODE_POINTER, 0, [1])).toThrow(RangeError);
    expect(() => planDocumentCodes(FIRST_CODE_POINTER, 2, [0])).toThrow(RangeError);
  });
});

describe('code requests', () => {
  it('sizes the request as rounded mm plus 20', () => {
    expect(codeRequestSize(210, 297)).toEqual({ widthMm: 230, heightMm: 317 });
    expect(codeRequestSize(215.9, 279.4)).toEqual({ widthMm: 236, heightMm: 299 });
    expect(codeRequestQuery(12, 209.6, 296.5)).toEqual({ qty: 12, width: 230, height: 317 });
  });

  it('reads the issued codes', () => {
    expect(readIssuedCodes([{ s: 0, o: 27, b: 667, p: 1, url: 'https://x/c.code.gz' }])).toEqual([
      { page: pageAddress(0, 27, 667, 1), url: 'https://x/c.code.gz' },
    ]);
    expect(() => readIssuedCodes({})).toThrow(/not a list/);
    expect(() => readIssuedCodes([{ s: 0, o: 27, b: 667, url: 'u' }])).toThrow(/item 0/);
  });
});

describe('issueInstalledCodes (only pages whose code data is installed)', () => {
  const book = (b: number, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => pageAddress(3, 27, b, from + i));
  const shared = book(1068, 1, 15);

  it('starts at the first installed page after the pointer, even far before it', () => {
    const issue = issueInstalledCodes(pageAddress(0, 27, 667, 1), 3, shared);
    expect(issue.pages.map(pageId)).toEqual(['3.27.1068.1', '3.27.1068.2', '3.27.1068.3']);
    expect(pageId(issue.next)).toBe('3.27.1068.4');
    const after = issueInstalledCodes(issue.next, 12, shared);
    expect(after.pages.map(pageId).at(-1)).toBe('3.27.1068.15');
  });

  it('says how many installed pages are left when the block does not fit', () => {
    expect(() => issueInstalledCodes(pageAddress(3, 27, 1068, 14), 3, shared)).toThrow(
      /^Code space exhausted: 3 consecutive code pages asked, 2 installed code pages left/,
    );
    expect(() => issueInstalledCodes(pageAddress(0, 27, 667, 1), 1, [])).toThrow(/Code space exhausted/);
  });

  it('skips a gap and keeps a block in one book', () => {
    const installed = [...book(10, 1, 4), ...book(10, 6, 9), ...book(11, 1, 3)];
    expect(issueInstalledCodes(pageAddress(3, 27, 10, 1), 4, installed).pages.map(pageId)).toEqual([
      '3.27.10.1',
      '3.27.10.2',
      '3.27.10.3',
      '3.27.10.4',
    ]);
    expect(issueInstalledCodes(pageAddress(3, 27, 10, 2), 4, installed).pages.map(pageId)).toEqual([
      '3.27.10.6',
      '3.27.10.7',
      '3.27.10.8',
      '3.27.10.9',
    ]);
    expect(issueInstalledCodes(pageAddress(3, 27, 10, 8), 3, installed).pages[0]!.book).toBe(11);
  });

  it('issues only installed, consecutive pages at or after the pointer, never one twice (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        (numbers, sizes) => {
          const installed = [...numbers].sort((a, b) => a - b).map((p) => pageAddress(3, 27, 5, p));
          const ids = new Set(installed.map(pageId));
          const seen = new Set<string>();
          let pointer = pageAddress(0, 27, 667, 1);
          for (const qty of sizes) {
            let issue: ReturnType<typeof issueInstalledCodes>;
            try {
              issue = issueInstalledCodes(pointer, qty, installed);
            } catch (error) {
              expect(String(error)).toMatch(/Code space exhausted/);
              continue;
            }
            expect(issue.pages).toHaveLength(qty);
            issue.pages.forEach((p, i) => {
              expect(ids.has(pageId(p))).toBe(true);
              expect(seen.has(pageId(p))).toBe(false);
              seen.add(pageId(p));
              if (i > 0) expect(p.page).toBe(issue.pages[i - 1]!.page + 1);
            });
            expect(comparePages(issue.pages[0]!, pointer)).toBeGreaterThanOrEqual(0);
            pointer = issue.next;
          }
        },
      ),
    );
  });
});

describe('code issuing at the edges of a book (section 14: pages 1 … 31 per book)', () => {
  const pages = (b: number, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => pageAddress(14, 27, b, from + i));

  it('starts a block of exactly one book on a fresh book; one page more fills the current book first', () => {
    const whole = issueCodes(pageAddress(14, 27, 1, 30), 31);
    expect(ids(whole.pages)).toEqual(ids(pages(2, 1, 31)));
    expect(pageId(whole.next)).toBe('14.27.3.1');
    const longer = issueCodes(pageAddress(14, 27, 1, 30), 32);
    expect(ids(longer.pages).slice(0, 3)).toEqual(['14.27.1.30', '14.27.1.31', '14.27.2.1']);
    expect(pageId(longer.next)).toBe('14.27.2.31');
  });

  it("keeps a pointer on a book's last page, and names a field that cannot be a pointer", () => {
    expect(pageId(normalizeCodePointer(pageAddress(14, 27, 1, 31)))).toBe('14.27.1.31');
    expect(() => normalizeCodePointer(pageAddress(14, 27, -1, 1))).toThrow(
      new RangeError('code pointer book must be an integer ≥ 0, got -1'),
    );
    expect(() => issueCodes(FIRST_CODE_POINTER, -1)).toThrow(
      new RangeError('qty must be an integer ≥ 0, got -1'),
    );
  });

  it('orders pages by section, then owner, then book, then page', () => {
    const order = [
      pageAddress(0, 9, 9, 9),
      pageAddress(1, 0, 9, 9),
      pageAddress(1, 1, 0, 9),
      pageAddress(1, 1, 1, 0),
    ];
    for (let i = 1; i < order.length; i++) {
      expect(comparePages(order[i - 1]!, order[i]!)).toBeLessThan(0);
      expect(comparePages(order[i]!, order[i - 1]!)).toBeGreaterThan(0);
    }
    expect(comparePages(order[2]!, pageAddress(1, 1, 0, 9))).toBe(0);
  });

  it('plans a one-page document, and names a pages-per-sheet value that is not a positive integer', () => {
    expect(ids(planDocumentCodes(FIRST_CODE_POINTER, 1, [1]).base)).toEqual(['0.27.667.1']);
    expect(() => planDocumentCodes(FIRST_CODE_POINTER, 0, [1])).toThrow(
      new RangeError('numPages must be a positive integer, got 0'),
    );
    for (const k of [0, -2, 1.5]) {
      expect(() => planDocumentCodes(FIRST_CODE_POINTER, 2, [k])).toThrow(
        new RangeError(`pages per sheet must be a positive integer, got ${k}`),
      );
    }
  });

  it('refuses issued codes with a negative or fractional field, or no url', () => {
    const item = { s: 0, o: 27, b: 667, p: 1, url: 'u' };
    for (const bad of [
      { ...item, s: -1 },
      { ...item, p: 1.5 },
      { ...item, url: 7 },
    ]) {
      expect(() => readIssuedCodes([item, bad])).toThrow(/item 1/);
    }
  });

  it('issues installed pages up to the end of a book and points at page 1 of the next', () => {
    const installed = [...pages(1, 29, 31), ...pages(2, 1, 5)];
    const issue = issueInstalledCodes(pageAddress(14, 27, 1, 29), 3, installed);
    expect(ids(issue.pages)).toEqual(['14.27.1.29', '14.27.1.30', '14.27.1.31']);
    expect(pageId(issue.next)).toBe('14.27.2.1');
  });

  it('keeps an installed block in one book when it fits in one (unless asked not to), and spans books when it cannot fit', () => {
    const installed = [...pages(1, 29, 31), ...pages(2, 1, 5)];
    expect(ids(issueInstalledCodes(pageAddress(14, 27, 1, 29), 4, installed).pages)).toEqual(
      ids(pages(2, 1, 4)),
    );
    expect(
      ids(issueInstalledCodes(pageAddress(14, 27, 1, 29), 4, installed, { keepInOneBook: false }).pages),
    ).toEqual(['14.27.1.29', '14.27.1.30', '14.27.1.31', '14.27.2.1']);
    // Two whole books installed: 31 pages (one book's worth) from page 2 start on book 2; 33 span.
    const two = [...pages(1, 1, 31), ...pages(2, 1, 31)];
    expect(ids(issueInstalledCodes(pageAddress(14, 27, 1, 2), 31, two).pages)).toEqual(ids(pages(2, 1, 31)));
    const spanning = issueInstalledCodes(pageAddress(14, 27, 1, 1), 33, two);
    expect(ids(spanning.pages).slice(29)).toEqual(['14.27.1.30', '14.27.1.31', '14.27.2.1', '14.27.2.2']);
  });

  it('issues nothing for 0, refuses a negative or fractional quantity, and counts one page left in the singular', () => {
    const pointer = pageAddress(14, 27, 1, 29);
    expect(issueInstalledCodes(pointer, 0, [])).toEqual({ pages: [], next: pointer });
    expect(() => issueInstalledCodes(pointer, -1, pages(1, 29, 31))).toThrow(
      new RangeError('qty must be an integer ≥ 0, got -1'),
    );
    expect(() => issueInstalledCodes(pointer, 1.5, pages(1, 29, 31))).toThrow(RangeError);
    expect(() => issueInstalledCodes(pageAddress(14, 27, 1, 31), 2, pages(1, 29, 31))).toThrow(
      /^Code space exhausted: 2 consecutive code pages asked, 1 installed code page left and/,
    );
  });
});
