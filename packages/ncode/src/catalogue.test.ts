import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNcodeText } from '../../../test-support/shared';
import { pageAddress } from './address';
import {
  DUMMY_PAPER,
  findPaper,
  isDummyPaper,
  loadPaperCatalogue,
  lookupPaper,
  type PaperEntry,
  paperAreaNu,
  paperPageGeometry,
  paperPageRange,
  paperPageSizePt,
  paperTransform,
} from './catalogue';
import { applyHomography } from './homography';

const raw = JSON.parse(readNcodeText('nbs.json.gz')) as Record<string, unknown>;
const catalogue = loadPaperCatalogue(raw);
const all = [...catalogue.entries.values()];
const get = (id: string) => findPaper(catalogue, id)!;

describe('paper catalogue (real nbs.json.gz)', () => {
  it('reads 654 keys: 653 books and "updated"; only 3.27.532 is left out', () => {
    expect(catalogue.keyCount).toBe(654);
    expect(catalogue.updated).toBe('2020-12-23 23:03:11');
    expect(catalogue.entries.size).toBe(652);
    const errors = catalogue.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([
      {
        key: '3.27.532',
        severity: 'error',
        message: '3.27.532 invalid: Xmax ≤ Xmin (-0.14880952 ≤ 0.14880952); entry skipped',
      },
    ]);
    expect(catalogue.diagnostics).toHaveLength(1);
    expect(isDummyPaper(lookupPaper(catalogue, '3.27.532'))).toBe(true);
  });

  it('keys every entry by its section.owner.book and counts sections and owners', () => {
    for (const [id, e] of catalogue.entries) expect(id).toBe(`${e.section}.${e.owner}.${e.book}`);
    const count = (f: (e: PaperEntry) => number) =>
      all.reduce<Record<number, number>>((acc, e) => {
        acc[f(e)] = (acc[f(e)] ?? 0) + 1;
        return acc;
      }, {});
    // 3.27.532 (section 3, owner 27) is the one book left out of 653
    expect(count((e) => e.section)).toEqual({ 0: 11, 3: 640, 44: 1 });
    const owners = count((e) => e.owner);
    expect(owners[27]).toBe(569);
    expect(owners[1012]).toBe(70);
  });

  it('reads 3.27.168 "Ncode A4 300" exactly, an A4 page with c = f = −21', () => {
    const e = get('3.27.168');
    expect(e).toEqual({
      id: '3.27.168',
      section: 3,
      owner: 27,
      book: 168,
      title: 'Ncode A4 300',
      margin: { xMinNu: 3.125, yMinNu: 3.125, xMaxNu: 91.708336, yMaxNu: 128.40625 },
      pdfPageCount: 300,
      ncodeStartPage: 1,
      ncodeEndPage: 300,
      nprojFile: 'note_168.nproj',
      pdfName: 'Ncode_A4_300inner.pdf',
    });
    const size = paperPageSizePt(e);
    expect(size.widthPt).toBeCloseTo(595.28, 2);
    expect(size.heightPt).toBeCloseTo(841.89, 2);
    const h = paperTransform(e);
    expect([h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i]).toEqual([6.72, 0, -21, 0, 6.72, -21, 0, 0, 1]);
    expect(paperPageRange(e)).toEqual({ first: 1, last: 300, count: 300 });
    expect(applyHomography(h, paperAreaNu(e)[0])).toEqual({ x: 0, y: 0 });
    expect(Object.isFrozen(e)).toBe(true);
    expect(Object.isFrozen(e.margin)).toBe(true);
  });

  it('reads 3.1013.1 (no title, 5 page geometries)', () => {
    const e = get('3.1013.1');
    expect(e.title).toBeUndefined();
    expect(e.margin).toEqual({ xMinNu: 4.910714, yMinNu: 4.910714, xMaxNu: 113.31845, yMaxNu: 81.68303 });
    expect(e.pages).toHaveLength(5);
    expect(paperPageGeometry(e, 2)?.sizeWithCropMarkPt).toMatchObject({ x2: 581.91, y2: 136.87 });
    expect(paperPageGeometry(e, 1)?.marginPt).toEqual({ x1: 33, y1: 33, x2: 33, y2: 33 });
    expect(paperPageGeometry(e, 99)).toBeUndefined();
  });

  it('reads 3.27.614, 3.1012.1087 and 44.1.2', () => {
    expect(get('3.27.614')).toMatchObject({
      title: 'N A4',
      margin: { xMinNu: 0, yMinNu: 0, xMaxNu: 99.55059, yMaxNu: 136.24852 },
    });
    const b = get('3.1012.1087');
    expect(b.margin).toEqual({ xMinNu: 3.4970238, yMinNu: 3.4970238, xMaxNu: 65.92857, yMaxNu: 92.08036 });
    expect(b.pages).toHaveLength(501);
    expect(get('44.1.2')).toMatchObject({
      title: 'tkcmc_form_scode1',
      margin: { xMinNu: 0, yMinNu: 0, xMaxNu: 88.57143, yMaxNu: 125.25 },
    });
  });

  it('counts optional fields as measured', () => {
    // 3.27.532 (left out) has a title, pdf_page_count, start/end pages and `pages`
    expect(raw['3.27.532']).toMatchObject({
      title: expect.any(String),
      pdf_page_count: expect.any(Number),
      ncode_start_page: expect.any(Number),
      ncode_end_page: expect.any(Number),
      pages: expect.any(Array),
    });
    expect(all.filter((e) => e.pages).length + 1).toBe(22);
    expect(all.filter((e) => e.title === undefined).length).toBe(8);
    expect(all.filter((e) => e.pdfPageCount === undefined).length).toBe(30);
    expect(all.filter((e) => e.ncodeStartPage === undefined || e.ncodeEndPage === undefined).length).toBe(46);
  });

  it('does not know 3.27.0, 3.27.1068, 3.1013.1116, 3.27.161 or 3.27.1096: they get the dummy A4', () => {
    for (const id of ['3.27.0', '3.27.1068', '3.1013.1116', '3.27.161', '3.27.1096']) {
      expect(findPaper(catalogue, id), id).toBeUndefined();
      expect(lookupPaper(catalogue, id), id).toBe(DUMMY_PAPER);
    }
    expect(lookupPaper(catalogue, pageAddress(3, 27, 168, 5)).title).toBe('Ncode A4 300');
  });
});

describe('dummy paper', () => {
  it('is 3.0.0 with 65536 pages, exactly A4 from the code origin', () => {
    expect(DUMMY_PAPER.id).toBe('3.0.0');
    expect(paperPageRange(DUMMY_PAPER)?.count).toBe(65536);
    const size = paperPageSizePt(DUMMY_PAPER);
    expect(size.widthPt).toBeCloseTo(595.2756, 4);
    expect(size.heightPt).toBeCloseTo(841.8898, 4);
    // within 0.03 nu of GRIDA's default surface 3.27.0 (0, 0)–(88.56, 125.24)
    expect(Math.abs(DUMMY_PAPER.margin.xMaxNu - 88.56)).toBeLessThan(0.03);
    expect(Math.abs(DUMMY_PAPER.margin.yMaxNu - 125.24)).toBeLessThan(0.05);
    const h = paperTransform(DUMMY_PAPER);
    expect(applyHomography(h, { x: 40, y: 60 })).toEqual({ x: 268.8, y: 403.2 });
  });
});

describe('catalogue diagnostics', () => {
  const good = { section: 3, owner: 27, book: 5, Xmin: 0, Ymin: 0, Xmax: 10, Ymax: 20 };

  it('lists each problem and keeps what it can', () => {
    const c = loadPaperCatalogue({
      updated: 'x',
      '3.27.5': { ...good, title: 7, pdf_page_count: 'many', pages: [{ pageNo: 1 }] },
      '3.27.6': good,
      '3.27.7': { ...good, book: 7, Xmin: 'a' },
      '3.27.8': { ...good, book: 8, Ymax: -1 },
      '3.27.9': { ...good, book: 9.5 },
      '3.27.10': { owner: 27, Xmin: 0, Ymin: 0, Xmax: 1, Ymax: 1 },
      junk: { ...good, book: 11 },
      nothing: 5,
    });
    expect(c.updated).toBe('x');
    expect(c.keyCount).toBe(9);
    expect([...c.entries.keys()]).toEqual(['3.27.5', '3.27.10']);
    expect(c.entries.get('3.27.5' as never)).not.toHaveProperty('title');
    expect(c.entries.get('3.27.5' as never)?.pages).toEqual([]);
    expect(c.diagnostics.map((d) => `${d.severity} ${d.message}`)).toEqual([
      'warning 3.27.5: title is not a string; ignored',
      'warning 3.27.5: pdf_page_count is not a non-negative integer; ignored',
      'warning 3.27.5: 1 malformed "pages" item(s) ignored',
      'error 3.27.6 invalid: key does not match section.owner.book (3.27.5); entry skipped',
      'error 3.27.7 invalid: Xmin missing or not a number; entry skipped',
      'error 3.27.8 invalid: Ymax ≤ Ymin (-1 ≤ 0); entry skipped',
      'error 3.27.9 invalid: book is not a non-negative integer (9.5); entry skipped',
      'error junk invalid: key does not match section.owner.book (3.27.11); entry skipped',
      'warning nothing: not an object; skipped',
    ]);
  });

  it('gives an empty catalogue for a non-object', () => {
    const c = loadPaperCatalogue([1, 2]);
    expect(c.entries.size).toBe(0);
    expect(c.diagnostics[0]?.severity).toBe('error');
  });

  it('never throws, whatever the JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()), (a, b) => {
        loadPaperCatalogue(a);
        const c = loadPaperCatalogue(b);
        for (const [id, e] of c.entries) {
          expect(id).toBe(`${e.section}.${e.owner}.${e.book}`);
          expect(e.margin.xMaxNu).toBeGreaterThan(e.margin.xMinNu);
        }
      }),
    );
  });
});
