import { pathToFileURL } from 'node:url';
import { counterKeySource } from '@dotink/ink';
import {
  applyHomography,
  composeHomography,
  type Homography,
  memoryLogger,
  NU_TO_PT,
  type PageAddress,
  pageAddress,
  pageId,
  scaleHomography,
} from '@dotink/ncode';
import {
  type ContentRaster,
  fflateDeflate,
  mappingJson,
  type PrintMapping,
  runPrintJob,
} from '@dotink/print';
import fc from 'fast-check';
import { type PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BoardSession } from '../model/boardSession';
import { counterIds } from '../model/ids';
import { paperLookup } from '../model/paper';
import { isTemporaryPage } from '../model/temporaryCodes';
import { manualTimers, memoryRepository } from '../model/testSupport';
import { locateOnBoard } from '../print/boardMapping';
import { importFile } from './importFlow';
import type { PdfEngine } from './pdfEngine';
import { pdfjsEngine } from './pdfjsEngine';
import { mappingText, parsePrintedMapping, readPrintedMapping } from './printedMapping';

// The app's pdf.js engine, run in Node on pdf.js's legacy build (the worker in-process).
vi.mock('pdfjs-dist', async () => await import('pdfjs-dist/legacy/build/pdf.mjs'));
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', async () => {
  const { createRequire } = await import('node:module');
  const path = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
  return { default: pathToFileURL(path).href };
});

// The real code pages come through the repository's test-support (outside this project's tsconfig).
const SHARED_MODULE: string = '../../../../test-support/shared';
const { readNcodeData } = (await import(/* @vite-ignore */ SHARED_MODULE)) as {
  readNcodeData(...parts: string[]): Uint8Array;
};

const BOOK = 's3-o27-b1068';
/** The document printed: A4 portrait, then a landscape page that is scaled onto A4. */
const DOC_PAGES = [
  { widthPt: 595.28, heightPt: 841.89 },
  { widthPt: 700, heightPt: 400 },
] as const;
const CODES = [pageAddress(3, 27, 1068, 1), pageAddress(3, 27, 1068, 2)];

/** A white raster of a document page (low resolution: only the mapping matters here). */
function whitePage(widthPt: number, heightPt: number): ContentRaster {
  const widthPx = Math.ceil(widthPt / 4);
  const heightPx = Math.ceil(heightPt / 4);
  return {
    rgba: new Uint8Array(widthPx * heightPx * 4).fill(255),
    widthPx,
    heightPx,
    pageWidthPt: widthPt,
    pageHeightPt: heightPt,
  };
}

/** Prints the 2-page document on plain paper with issued codes 3.27.1068.1–2 (real code pages). */
async function printDocument(): Promise<{ pdf: Uint8Array; mapping: PrintMapping }> {
  const chunks: Uint8Array[] = [];
  const result = await runPrintJob({
    settings: { paperChoice: 'plainPaper' },
    document: { fingerprint: 'source-fp', filename: 'lesson.pdf', numPages: 2 },
    pages: [1, 2],
    codes: CODES,
    renderPage: async (n) => whitePage(DOC_PAGES[n - 1]!.widthPt, DOC_PAGES[n - 1]!.heightPt),
    loadCodePage: async (a: PageAddress) =>
      a.book === 1068 && a.page <= 15 ? readNcodeData('code', BOOK, `${BOOK}-p${a.page}.code.gz`) : undefined,
    write: (c) => {
      chunks.push(c.slice());
    },
    deflate: fflateDeflate,
  });
  expect(result.status).toBe('complete');
  const pdf = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    pdf.set(c, at);
    at += c.length;
  }
  return { pdf, mapping: result.mapping };
}

async function ordinaryPdf(info?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595.28, 841.89]);
  doc.addPage([612, 792]);
  if (info !== undefined)
    (doc as unknown as { getInfoDict(): PDFDict })
      .getInfoDict()
      .set(PDFName.of('DotinkMapping'), PDFString.of(info));
  return doc.save();
}

async function importInto(bytes: Uint8Array, pdf: PdfEngine = pdfjsEngine) {
  const m = memoryRepository();
  const logger = memoryLogger();
  let session: BoardSession | undefined;
  const result = await importFile(
    { name: 'printed.pdf', bytes },
    {
      repo: m.repo,
      pdf,
      paper: paperLookup(undefined),
      askPassword: async () => undefined,
      openSession: async (id) => {
        session = new BoardSession((await m.repo.loadBoard(id))!, {
          repo: m.repo,
          ids: counterIds('p-'),
          paper: paperLookup(undefined),
          timers: manualTimers(),
        });
        return session;
      },
      nowMs: () => 0,
      keys: counterKeySource('k'),
      logger,
    },
  );
  return { result, session: session!, logger, repo: m.repo };
}

const near = (a: Homography, b: Homography) => {
  for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const) expect(a[k]).toBeCloseTo(b[k], 9);
};

describe('importing a dotink printout', () => {
  let printed: { pdf: Uint8Array; mapping: PrintMapping };
  beforeAll(async () => {
    printed = await printDocument();
  });

  it('gives each board page the printed code page and the printed page transform', async () => {
    const { result, session, logger, repo } = await importInto(printed.pdf);
    expect(result).toMatchObject({ kind: 'pdfAdded', firstPageIndex: 0, printedPages: 2 });
    expect(logger.lines.filter((l) => l.level === 'warn')).toEqual([]);
    const pages = session.pages;
    expect(pages.map((p) => pageId(p.address))).toEqual(['3.27.1068.1', '3.27.1068.2']);
    for (const [i, page] of pages.entries()) {
      const m = printed.mapping.pages[i]!;
      expect(page.address).toEqual(m.address);
      expect(page.baseAddress).toBeDefined();
      expect(isTemporaryPage(page.baseAddress!)).toBe(true);
      // The board page is the printed page: nu → document pt (the printed h), then the placement.
      const { leftPt, topPt, scale } = m.placement;
      near(page.nuToPt, composeHomography(m.h!, scaleHomography(scale, scale, leftPt, topPt)));
      // …which is the code layout's own map: the code origin is the printed page's top-left.
      near(page.nuToPt, scaleHomography(NU_TO_PT));
      // A pen on the printout lands on this page, where the document point was printed.
      const nu = { x: 20, y: 30 };
      const hit = locateOnBoard(pages, m.address!, nu);
      expect(hit?.pageIndex).toBe(i);
      const docPt = applyHomography(m.h!, nu);
      expect(hit!.pt.x).toBeCloseTo(leftPt + scale * docPt.x, 6);
      expect(hit!.pt.y).toBeCloseTo(topPt + scale * docPt.y, 6);
    }
    expect(printed.mapping.pages[1]!.placement.scale).not.toBe(1); // the landscape page was scaled
    // pdf.js gives the Info key (custom keys under `Custom`) and the XMP copy
    const { pdf } = await pdfjsEngine.open(printed.pdf, async () => undefined);
    const meta = await pdf.metadata!();
    await pdf.destroy();
    expect(JSON.parse((meta.info.Custom as Record<string, string>).DotinkMapping!)).toEqual(
      JSON.parse(mappingJson(printed.mapping)),
    );
    expect(mappingText({ info: {}, ...(meta.xmp ? { xmp: meta.xmp } : {}) })).toBe(
      mappingJson(printed.mapping),
    );
    // stored with the board: a fresh session on the same database sees the same pages
    await session.flush();
    const again = await repo.loadBoard(session.board.id);
    expect(again?.pages.map((p) => pageId(p.address))).toEqual(['3.27.1068.1', '3.27.1068.2']);
  });

  it('keeps the ordinary import when a board page already shows a printed code', async () => {
    const { session, logger, repo } = await importInto(printed.pdf);
    const logger2 = memoryLogger();
    const r2 = await importFile(
      { name: 'again.pdf', bytes: printed.pdf },
      {
        repo,
        pdf: {
          // the same printout under another fingerprint (the duplicate check does not stop it)
          open: async (b, ask) => {
            const { pdf } = await pdfjsEngine.open(b, ask);
            return { pdf: { ...pdf, fingerprint: 'other', metadata: pdf.metadata!, destroy: pdf.destroy } };
          },
        },
        paper: paperLookup(undefined),
        askPassword: async () => undefined,
        session,
        nowMs: () => 0,
        logger: logger2,
      },
    );
    expect(logger.lines).toEqual([]);
    expect(r2).toMatchObject({ kind: 'pdfAdded', firstPageIndex: 2 });
    expect(r2).not.toHaveProperty('printedPages');
    expect(logger2.lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', "the PDF's dotink print mapping was not applied"],
    ]);
    expect(session.pages.slice(2).every((p) => p.baseAddress === undefined)).toBe(true);
  });

  it('imports a PDF without a mapping, or with a corrupt one, as an ordinary PDF', async () => {
    for (const info of [undefined, '{"version":1,"fingerprint":', '{"version":1,"pages":[]}']) {
      const { result, session, logger } = await importInto(await ordinaryPdf(info));
      expect(result).toMatchObject({ kind: 'pdfAdded', firstPageIndex: 0 });
      expect(result).not.toHaveProperty('printedPages');
      expect(session.pages).toHaveLength(2);
      expect(session.pages.every((p) => p.baseAddress === undefined && isTemporaryPage(p.address))).toBe(
        true,
      );
      expect(logger.lines.map((l) => l.level)).toEqual(info === undefined ? [] : ['warn']);
    }
  });

  it('ignores a mapping for another page count, and a reader whose metadata fails', async () => {
    const json = mappingJson(printed.mapping);
    const log = memoryLogger();
    expect(readPrintedMapping({ info: { Custom: { DotinkMapping: json } } }, 3, log)).toBeUndefined();
    expect(log.lines.map((l) => l.level)).toEqual(['warn']);
    const failing: PdfEngine = {
      open: async (b, ask) => {
        const { pdf } = await pdfjsEngine.open(b, ask);
        return {
          pdf: {
            fingerprint: pdf.fingerprint,
            numPages: pdf.numPages,
            pageSizesPt: () => pdf.pageSizesPt(),
            page: (n) => pdf.page(n),
            metadata: () => Promise.reject(new Error('no metadata today')),
            destroy: () => pdf.destroy(),
          },
        };
      },
    };
    const { result, session, logger } = await importInto(printed.pdf, failing);
    expect(result).toMatchObject({ kind: 'pdfAdded' });
    expect(session.pages.every((p) => p.baseAddress === undefined)).toBe(true);
    expect(logger.lines.map((l) => l.level)).toEqual(['warn']);
  });

  it('reads the XMP copy when the Info key is missing', () => {
    const json = mappingJson(printed.mapping);
    const escaped = json.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const meta = { info: {}, xmp: `<x><dotink:Mapping>${escaped}</dotink:Mapping></x>` };
    expect(mappingText(meta)).toBe(json);
    const m = readPrintedMapping(meta, 2, memoryLogger());
    expect(m?.pages.map((p) => pageId(p.address))).toEqual(['3.27.1068.1', '3.27.1068.2']);
    expect(m?.id).toBe('source-fp/1');
  });
});

describe('parsePrintedMapping', () => {
  const page = (printedIndex: number, p: number) => ({
    pdfPageNo: printedIndex + 1,
    printedIndex,
    address: { section: 3, owner: 27, book: 1068, page: p },
    h: scaleHomography(NU_TO_PT / 0.5, NU_TO_PT / 0.5, -10, -20),
    placement: { leftPt: 5, topPt: 10, widthPt: 100, heightPt: 100, scale: 0.5 },
  });
  const valid = () => ({
    version: 1,
    id: 'fp/1',
    fingerprint: 'fp',
    numPages: 2,
    pagesPerSheet: 1,
    pages: [page(0, 7), page(1, 8)],
  });

  it('accepts a valid mapping and composes the printed page transform', () => {
    const m = parsePrintedMapping(JSON.stringify(valid()));
    expect(typeof m).toBe('object');
    if (typeof m === 'string') return;
    expect(m.pages.map((p) => p.address.page)).toEqual([7, 8]);
    const pt = applyHomography(m.pages[0]!.nuToPt, { x: 10, y: 10 });
    expect(pt.x).toBeCloseTo(5 + 0.5 * ((NU_TO_PT / 0.5) * 10 - 10), 9);
    expect(pt.y).toBeCloseTo(10 + 0.5 * ((NU_TO_PT / 0.5) * 10 - 20), 9);
  });

  it('keeps pages printed without a code out (pre-printed paper)', () => {
    const v = valid();
    const { address: _a, h: _h, ...bare } = v.pages[1]!;
    const m = parsePrintedMapping(JSON.stringify({ ...v, pages: [v.pages[0], bare] }));
    expect(typeof m !== 'string' && m.pages.map((p) => p.printedIndex)).toEqual([0]);
  });

  it.each([
    ['wrong version', (v: ReturnType<typeof valid>) => ({ ...v, version: 2 })],
    ['id of another fingerprint', (v: ReturnType<typeof valid>) => ({ ...v, id: 'other/1' })],
    ['pages per sheet', (v: ReturnType<typeof valid>) => ({ ...v, pagesPerSheet: 2 })],
    ['repeated printed index', (v: ReturnType<typeof valid>) => ({ ...v, pages: [page(0, 7), page(0, 8)] })],
    ['repeated code', (v: ReturnType<typeof valid>) => ({ ...v, pages: [page(0, 7), page(1, 7)] })],
    ['negative page', (v: ReturnType<typeof valid>) => ({ ...v, pages: [page(0, -1), page(1, 8)] })],
    [
      'string coefficient',
      (v: ReturnType<typeof valid>) => ({
        ...v,
        pages: [{ ...page(0, 7), h: { ...page(0, 7).h, a: '1' } }, page(1, 8)],
      }),
    ],
    [
      'degenerate h',
      (v: ReturnType<typeof valid>) => ({
        ...v,
        pages: [{ ...page(0, 7), h: { ...page(0, 7).h, a: 0, b: 0 } }, page(1, 8)],
      }),
    ],
    [
      'zero scale',
      (v: ReturnType<typeof valid>) => ({
        ...v,
        pages: [{ ...page(0, 7), placement: { ...page(0, 7).placement, scale: 0 } }, page(1, 8)],
      }),
    ],
    [
      'address without h',
      (v: ReturnType<typeof valid>) => ({ ...v, pages: [{ ...page(0, 7), h: undefined }, page(1, 8)] }),
    ],
  ])('rejects %s', (_name, change) => {
    expect(typeof parsePrintedMapping(JSON.stringify(change(valid())))).toBe('string');
  });

  it('never throws, whatever the text (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const r = parsePrintedMapping(text);
          expect(typeof r === 'string' || Array.isArray(r.pages)).toBe(true);
        },
      ),
    );
  });

  it('reads back the codes of any valid mapping (property)', () => {
    const address = fc.record({
      section: fc.integer({ min: 0, max: 255 }),
      owner: fc.integer({ min: 0, max: 1 << 24 }),
      book: fc.integer({ min: 0, max: 1 << 16 }),
      page: fc.integer({ min: 0, max: 1 << 16 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(address, { minLength: 1, maxLength: 6, selector: (a) => pageId(a) }),
        (codes) => {
          const pages = codes.map((a, i) => ({ ...page(i, 0), address: a }));
          const m = parsePrintedMapping(JSON.stringify({ ...valid(), numPages: pages.length, pages }));
          expect(typeof m !== 'string' && m.pages.map((p) => pageId(p.address))).toEqual(codes.map(pageId));
        },
      ),
    );
  });
});
