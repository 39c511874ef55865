/** The demo stand-in PDF of a built-in textbook, as a PDF reader (pdf.js, the browsers' reader) shows it. */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DUMMY_PAPER, findPaper, loadPaperCatalogue, type PaperEntry, paperPageSizePt } from '@dotink/ncode';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { sharedNcodeDir } from '../../test/sharedData';
import { type DemoBook, demoBookPdf, demoPaper } from './demoBook';

const catalogue = loadPaperCatalogue(
  JSON.parse(gunzipSync(readFileSync(join(sharedNcodeDir, 'nbs.json.gz'))).toString('utf8')),
);
const math31: DemoBook = {
  section: 3,
  owner: 1012,
  book: 1191,
  label: 'math 3-1',
  firstPage: 1,
  numPages: 124,
};

/** Each page's size (pt) and its text lines, as pdf.js reads them. */
async function readPages(bytes: Uint8Array): Promise<{ width: number; height: number; lines: string[] }[]> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const { items } = await page.getTextContent();
      const lines = items.flatMap((i) => ('str' in i && i.str.trim() !== '' ? [i.str] : []));
      pages.push({ width: x1 - x0, height: y1 - y0, lines });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

describe('demoBookPdf', () => {
  it('labels every page DEMO with the book and page number, on the paper size of the catalogue', async () => {
    const paper = demoPaper(findPaper(catalogue, math31));
    const { widthPt, heightPt } = paperPageSizePt(paper);
    const bytes = await demoBookPdf(math31, paper);
    const pages = await readPages(bytes);
    expect(pages).toHaveLength(124);
    for (const [i, page] of pages.entries()) {
      const n = i + 1;
      expect(page.width).toBeCloseTo(widthPt, 2);
      expect(page.height).toBeCloseTo(heightPt, 2);
      expect(page.lines).toEqual([
        'DEMO',
        `math 3-1 - page ${n} of 124`,
        `Ncode book 3.1012.1191, page ${n}. No vendor PDF installed: a blank demo page.`,
      ]);
    }
    const meta = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(meta.getTitle()).toBe('DEMO math 3-1 (3.1012.1191)');
    expect(meta.getSubject()).toBe(
      'Demo stand-in: the vendor PDF of this textbook is not installed (NCODE_DATA_DIR/books)',
    );
    expect(meta.getProducer()).toBe('dotink server');
  });

  it('numbers pages from the first page, on A4 without a catalogue entry', async () => {
    const book: DemoBook = { section: 3, owner: 27, book: 5, label: 'note', firstPage: 7, numPages: 2 };
    const pages = await readPages(await demoBookPdf(book, demoPaper(undefined)));
    expect(pages.map((p) => p.lines[1])).toEqual(['note - page 7 of 2', 'note - page 8 of 2']);
    const a4 = paperPageSizePt(DUMMY_PAPER as PaperEntry);
    expect(pages[0]).toMatchObject({
      width: expect.closeTo(a4.widthPt, 2),
      height: expect.closeTo(a4.heightPt, 2),
    });
  });

  it('writes a label the standard fonts cannot show with ? instead of failing', async () => {
    const book: DemoBook = { ...math31, label: '수학 3-1 (ß)', numPages: 1 };
    const pages = await readPages(await demoBookPdf(book, demoPaper(undefined)));
    expect(pages[0]!.lines[1]).toBe('?? 3-1 (?) - page 1 of 1');
    const meta = await PDFDocument.load(await demoBookPdf(book, demoPaper(undefined)));
    expect(meta.getTitle()).toBe('DEMO 수학 3-1 (ß) (3.1012.1191)');
  });
});
