import { type PageAddress, pageAddress, pageId, parseNproj } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { readNcodeData } from '../../../test-support/shared';
import { syntheticPage } from '../test/content';
import { qpdfCheck, qpdfJson } from '../test/tools';
import { composePage, DotsCache } from './compose';
import { fflateDeflate } from './deflate';
import { type PageTask, type PrintJobOptions, type PrintJobProgress, runPrintJob } from './job';
import { MAPPING_INFO_KEY, mappingJson } from './mapping';
import { concatChunks } from './pdfWriter';

const BOOK = 's3-o27-b1068';
const code = (p: number) => pageAddress(3, 27, 1068, p);

function options(overrides: Partial<PrintJobOptions> = {}) {
  const chunks: Uint8Array[] = [];
  const states: PrintJobProgress[] = [];
  const loads: string[] = [];
  const opts: PrintJobOptions = {
    settings: { paperChoice: 'plainPaper' },
    document: { fingerprint: 'f00d', filename: 'lesson.pdf', numPages: 5 },
    pages: [2, 3, 5],
    codes: [code(1), code(2), code(3)],
    renderPage: async () => syntheticPage(595.2756, 841.8898, 40),
    loadCodePage: async (a: PageAddress) => {
      loads.push(`${a.book}.${a.page}`);
      return a.book === 1068 && a.page <= 15
        ? readNcodeData('code', BOOK, `${BOOK}-p${a.page}.code.gz`)
        : undefined;
    },
    write: (c) => {
      chunks.push(c);
    },
    onProgress: (p) => {
      states.push(p);
    },
    deflate: fflateDeflate,
    createdAt: new Date(Date.UTC(2024, 5, 1, 12, 0, 0)),
    outputName: 'lesson-ncode.pdf',
    ...overrides,
  };
  return { opts, chunks, states, loads, pdf: () => concatChunks(chunks) };
}

function infoMapping(pdf: Uint8Array): unknown {
  const objects = qpdfJson(pdf).qpdf[1];
  const trailer = objects.trailer as { value: { '/Info': string } };
  const info = objects[`obj:${trailer.value['/Info']}`]!.value as Record<string, string>;
  return JSON.parse(info[`/${MAPPING_INFO_KEY}`]!.replace(/^u:/, ''));
}

describe('runPrintJob', () => {
  it('streams the pages into one valid PDF and reports the mapping, progress and the .nproj', async () => {
    let bytesAtFirstPage = 0;
    const t = options({
      onPage: () => {
        bytesAtFirstPage ||= t.chunks.reduce((n, c) => n + c.length, 0);
      },
    });
    const result = await runPrintJob(t.opts);
    expect(result.status).toBe('complete');
    expect(result.pageCount).toBe(3);
    const pdf = t.pdf();
    expect(result.bytesWritten).toBe(pdf.length);
    expect(bytesAtFirstPage).toBeGreaterThan(10_000); // the first page was written before the end
    expect(bytesAtFirstPage).toBeLessThan(pdf.length);
    expect(qpdfCheck(pdf).status).toBe(0);

    expect(t.states.map((s) => s.state)).toEqual([
      'preparing',
      'processing',
      'processing',
      'processing',
      'processing',
      'waitingForPrint',
      'complete',
    ]);
    expect(t.states.map((s) => s.pagesDone)).toEqual([0, 0, 1, 2, 3, 3, 3]);

    const m = result.mapping;
    expect(m.id).toBe('f00d/1');
    expect(m.pages.map((p) => [p.pdfPageNo, p.printedIndex, p.pageId])).toEqual([
      [2, 0, '3.27.1068.1'],
      [3, 1, '3.27.1068.2'],
      [5, 2, '3.27.1068.3'],
    ]);
    expect(m.pages[0]!.h!.a).toBeCloseTo(6.72, 3);
    // the engine's per-page records: same code pages, same transform
    expect(result.pageMappings.map((p) => [p.pdfPageNo, pageId(p.pageInfo), pageId(p.basePageInfo)])).toEqual(
      [
        [2, '3.27.1068.1', '3.27.1068.1'],
        [3, '3.27.1068.2', '3.27.1068.2'],
        [5, '3.27.1068.3', '3.27.1068.3'],
      ],
    );
    const pm = result.pageMappings[0]!;
    expect(pm.pdfDesc).toMatchObject({ filename: 'lesson.pdf', fingerprint: 'f00d', numPages: 5, pageNo: 2 });
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const) {
      expect(pm.h[k]).toBeCloseTo(m.pages[0]!.h![k], 9);
      expect(pm.hRev[k]).toBeCloseTo(m.pages[0]!.hRev![k], 9);
    }
    expect(infoMapping(pdf)).toEqual(JSON.parse(mappingJson(m)));

    const text = new TextDecoder('latin1').decode(pdf);
    expect(text).toContain('/Subject (ncoded: 3.27.1068.1, 3.27.1068.2, 3.27.1068.3)');
    expect(text).toContain('/CreationDate (D:20240601120000Z)');
    expect(text).toContain('/ViewerPreferences << /PrintScaling /None /PickTrayByPDFSize true >>');
    expect(text).toContain('<dotink:Mapping>{&quot;version&quot;:1');

    const nproj = parseNproj(result.nproj!);
    expect(nproj.version).toBe('2.31');
    expect(nproj.book).toMatchObject({ section: 3, owner: 27, code: 1068, startPage: 1 });
    expect(nproj.pdfPaths).toEqual(['lesson-ncode.pdf']);
    expect(nproj.pages.items.map((p) => [p.x2, p.y2, p.homography])).toEqual([
      [595.32, 841.92, [6.72, 0, 0, 0, 6.72, 0, 0, 0, 1]],
      [595.32, 841.92, [6.72, 0, 0, 0, 6.72, 0, 0, 0, 1]],
      [595.32, 841.92, [6.72, 0, 0, 0, 6.72, 0, 0, 0, 1]],
    ]);
  });

  it('names the missing code page file and the directory setting', async () => {
    const t = options({ codes: [code(1), code(20), code(3)] });
    await expect(runPrintJob(t.opts)).rejects.toThrow(
      'Cannot print the Ncode pattern: the code page for 3.27.1068.20 is missing. Expected the file ' +
        'ncode_data/s3-o27-b1068/s3-o27-b1068-p20.code.gz (the server serves code pages from the directory set by NCODE_DATA_DIR).',
    );
    expect(t.states.at(-1)!.state).toBe('failed');
  });

  it('needs an issued code for every page unless printing on pre-printed Ncode paper', async () => {
    const t = options({ codes: [code(1)] });
    await expect(runPrintJob(t.opts)).rejects.toThrow(
      'Cannot print the Ncode pattern: no code page was issued for PDF page 3.',
    );
    expect(t.chunks).toHaveLength(0);
    await expect(runPrintJob(options({ pages: [] }).opts)).rejects.toThrow(
      'Nothing to print: the page range selects no pages.',
    );
  });

  it('prints on pre-printed Ncode A4 paper without codes, dots or .nproj', async () => {
    const t = options({ settings: { paperChoice: 'ncodeA4', paperSize: 'Letter' }, codes: undefined });
    const result = await runPrintJob(t.opts);
    expect(result.status).toBe('complete');
    expect(t.loads).toEqual([]);
    expect(result.nproj).toBeUndefined();
    expect(
      result.mapping.pages.every((p) => p.pageId === undefined && p.h === undefined && p.paper === 'A4'),
    ).toBe(true);
    const text = new TextDecoder('latin1').decode(t.pdf());
    expect(text).not.toContain('/ImageMask');
    expect(text).toContain('0 1 1 0 K');
    expect(qpdfCheck(t.pdf()).status).toBe(0);
  });

  it('cancels between pages: waiting for cancel, then cancelled, with the pages written so far', async () => {
    const controller = new AbortController();
    const t = options({
      pages: [1, 2, 3, 4],
      codes: [code(1), code(2), code(3), code(4)],
      signal: controller.signal,
    });
    const result = await runPrintJob({ ...t.opts, onPage: () => controller.abort() });
    expect(result.status).toBe('cancelled');
    expect(result.pageCount).toBe(1);
    expect(result.mapping.pages).toHaveLength(1);
    const states = t.states.map((s) => s.state);
    expect(states.slice(-2)).toEqual(['waitingForCancel', 'cancelled']);
    expect(states).not.toContain('complete');
    expect(t.loads.length).toBeLessThanOrEqual(2);
  });

  it('writes pages in order with at most `concurrency` in flight when a pool composes them', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const t = options({
      pages: [1, 2, 3, 4, 5],
      codes: [1, 2, 3, 4, 5].map(code),
      concurrency: 2,
      composeTask: async (task: PageTask) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // later pages finish first
        await new Promise((r) => setTimeout(r, (5 - task.printedIndex) * 5));
        inFlight--;
        return composePage(
          { pageSizePt: { widthPt: 300 + task.pdfPageNo, heightPt: 400 } },
          { paperChoice: 'ncodeA4' },
        );
      },
    });
    const result = await runPrintJob(t.opts);
    expect(maxInFlight).toBe(2);
    expect(result.mapping.pages.map((p) => p.pdfPageSizePt.widthPt)).toEqual(
      [301, 302, 303, 304, 305].map((w) => expect.closeTo(w, 6)),
    );
    expect(qpdfCheck(t.pdf()).status).toBe(0);
  });

  it('skips the .nproj when the codes are not consecutive pages of one book', async () => {
    const result = await runPrintJob(options({ codes: [code(1), code(3), code(2)] }).opts);
    expect(result.status).toBe('complete');
    expect(result.nproj).toBeUndefined();
  });

  it('reprints from a dots cache without reading the code pages again, byte for byte the same PDF', async () => {
    const cache = new DotsCache();
    const first = options({ dotsCache: cache });
    await runPrintJob(first.opts);
    expect(first.loads).toEqual(['1068.1', '1068.2', '1068.3']);
    expect(cache.size).toBe(3);
    const again = options({ dotsCache: cache });
    const result = await runPrintJob(again.opts);
    expect(result.status).toBe('complete');
    expect(again.loads).toEqual([]);
    expect(again.pdf()).toEqual(first.pdf());
    const uncached = options();
    await runPrintJob(uncached.opts);
    expect(uncached.pdf()).toEqual(first.pdf());
  });

  it('reads a cached code page again when the page needs its dots at another size', async () => {
    const cache = new DotsCache();
    await runPrintJob(options({ dotsCache: cache, pages: [2], codes: [code(1)] }).opts);
    const landscape = options({
      dotsCache: cache,
      pages: [2],
      codes: [code(1)],
      renderPage: async () => syntheticPage(841.8898, 595.2756, 40),
    });
    await runPrintJob(landscape.opts);
    expect(landscape.loads).toEqual(['1068.1']);
    expect(cache.size).toBe(2);
  });
});
