/**
 * Integration: a 3-page PDF (pdf-lib, with text; A4, US Letter and a landscape page) is printed on
 * plain paper through the board's print flow — codes issued by the server's rule in book
 * 3.27.1068 (whose real code pages 0–15 are in the shared data), the print job in the worker
 * protocol over a MessageChannel, pages rendered by pdf.js in Node — and the mapping is stored with
 * the board. Then the pen simulator writes strokes at Ncode positions taken from the code layout
 * (the code origin is the printed page's top-left pixel, 1 nu = 56 px at 600 dpi), through the real
 * pen session, pen manager and ink stroke builder; the strokes are mapped through the stored page
 * transforms and must land at the intended PDF positions within 0.5 mm. The printed PDF is checked
 * too: under each written position its dot mask carries the issued code page's dots.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dotList, type Stroke, StrokeBuilder, seededKeySource } from '@dotink/ink';
import { issueCodes, type PageAddress, type Point2, pageAddress, pageId, parseNproj } from '@dotink/ncode';
import {
  createPenManager,
  inProcessTransport,
  type ManualScheduler,
  manualScheduler,
  PenSession,
} from '@dotink/pen';
import { createPenSimulator, lineStroke } from '@dotink/pen/simulator';
import { type CodePage, dotSeed, readCodePage } from '@dotink/print';
import { type RasterContext, renderPdfPageRaster } from '@dotink/print-web';
import { unzlibSync } from 'fflate';
import { PDFDocument, PDFName, type PDFRawStream, rgb, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { locateOnBoard, type StoredPrintMapping } from '../../apps/board/src/print/boardMapping';
import { type PrintFlowDeps, printBoard, printMappingKey } from '../../apps/board/src/print/printFlow';
import { DEFAULT_PRINT_OPTIONS } from '../../apps/board/src/print/printOptions';
import { channelWorker, memoryTarget } from '../../apps/board/src/print/testTarget';
import { readNcodeData } from '../../test-support/shared';

const BOOK = 's3-o27-b1068';
const MM_PER_PT = 25.4 / 72;
const T0 = 1_700_000_000_000;
const here = dirname(fileURLToPath(import.meta.url));
const standardFontDataUrl = `${join(here, '..', '..', 'node_modules', 'pdfjs-dist', 'standard_fonts')}/`;

/** The document: page sizes in pt and where its text was drawn (top-left origin). */
const PAGES = [
  { widthPt: 595.28, heightPt: 841.89, text: 'Page one: A4 portrait' },
  { widthPt: 612, heightPt: 792, text: 'Page two: US Letter' },
  { widthPt: 700, heightPt: 400, text: 'Page three: landscape' },
] as const;
const TEXT_AT = { x: 72, y: 100 };

async function makePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of PAGES) {
    const page = doc.addPage([p.widthPt, p.heightPt]);
    page.drawText(p.text, {
      x: TEXT_AT.x,
      y: p.heightPt - TEXT_AT.y,
      size: 24,
      font,
      color: rgb(0.1, 0.1, 0.1),
    });
    page.drawRectangle({
      x: 40,
      y: 40,
      width: p.widthPt - 80,
      height: p.heightPt - 80,
      borderColor: rgb(0.8, 0.1, 0.1),
      borderWidth: 2,
    });
  }
  return doc.save();
}

/** The server's code-issue rule over a pointer in book 3.27.1068 (real code pages exist for 0–15). */
function codeServer() {
  let pointer = pageAddress(3, 27, 1068, 1);
  const requests: string[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    requests.push(url);
    const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
    if (auth !== 'Bearer test-token') return new Response('{}', { status: 401 });
    const qty = Number(new URL(url).searchParams.get('qty'));
    const issue = issueCodes(pointer, qty);
    pointer = issue.next;
    const body = issue.pages.map((a) => ({ s: a.section, o: a.owner, b: a.book, p: a.page, url: '' }));
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/**
 * Where a PDF point is on the printed sheet, by the layout rule stated independently: the sheet is
 * the paper on the 600-dpi grid (A4: 4961 × 7016 px, ×0.12 pt), a landscape document page goes on a
 * landscape sheet, the page is scaled to fit and centred; nu = sheet pt / 6.72 (the code origin is
 * the sheet's top-left pixel).
 */
function nuOf(page: (typeof PAGES)[number], pt: Point2): Point2 {
  const landscape = page.widthPt > page.heightPt;
  const [wPx, hPx] = landscape ? [7016, 4961] : [4961, 7016];
  const sheetW = wPx * 0.12;
  const sheetH = hPx * 0.12;
  const s = Math.min(sheetW / page.widthPt, sheetH / page.heightPt);
  const left = (sheetW - page.widthPt * s) / 2;
  const top = (sheetH - page.heightPt * s) / 2;
  return { x: (left + pt.x * s) / 6.72, y: (top + pt.y * s) / 6.72 };
}

async function drive<T>(scheduler: ManualScheduler, work: Promise<T>): Promise<T> {
  let done = false;
  void work.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 100_000 && !done; i++) {
    await new Promise<void>((r) => setImmediate(r));
    scheduler.runDue();
    if (!done) scheduler.advance(5);
  }
  return work;
}

/** The dot mask (1 bit per px600, 1 = dot) of each printed page. */
async function dotMasks(pdf: Uint8Array): Promise<{ bits: Uint8Array; widthPx: number; heightPx: number }[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject')) as unknown as {
      lookup(n: PDFName): unknown;
    };
    const dots = xobjects.lookup(PDFName.of('Dots')) as PDFRawStream;
    const widthPx = Number(dots.dict.get(PDFName.of('Width'))!.toString());
    const heightPx = Number(dots.dict.get(PDFName.of('Height'))!.toString());
    return { bits: unzlibSync(dots.contents), widthPx, heightPx };
  });
}

const maskAt = (m: { bits: Uint8Array; widthPx: number }, x: number, y: number) =>
  (m.bits[y * ((m.widthPx + 7) >> 3) + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;

describe('printing a PDF and writing on the printout', () => {
  it('lands pen strokes written on the printed pages at the right PDF positions (within 0.5 mm)', async () => {
    const pdfBytes = await makePdf();
    const pdfDoc = await getDocument({ data: pdfBytes.slice(), standardFontDataUrl, isEvalSupported: false })
      .promise;
    const canvasFactory = (
      pdfDoc as unknown as {
        canvasFactory: { create(w: number, h: number): { canvas: unknown; context: unknown } };
      }
    ).canvasFactory;

    // the board: one imported PDF, three pages on temporary codes
    const pages = PAGES.map((p, i) => ({
      id: `page${i + 1}`,
      address: pageAddress(256, 27, 1068, i),
      source: { kind: 'pdf' as const, pdfId: 'pdf1', pageNo: i + 1 },
      sizePt: { widthPt: p.widthPt, heightPt: p.heightPt },
      nuToPt: {
        type: 'homography' as const,
        a: 6.72,
        b: 0,
        c: 0,
        d: 0,
        e: 6.72,
        f: 0,
        g: 0,
        h: 0,
        i: 1,
        tx: 0,
        ty: 0,
      },
      rotation: 0 as const,
      background: 'basic' as const,
    }));
    const target = memoryTarget(pages, [
      { id: 'pdf1', fileName: 'lesson.pdf', fingerprint: pdfDoc.fingerprints[0]!, bytes: pdfBytes },
    ]);
    const server = codeServer();
    const codePages = new Map<string, CodePage>();
    let printed: Uint8Array | undefined;
    const deps: PrintFlowDeps = {
      target,
      auth: { serverUrl: 'https://ink.example', accessToken: async () => 'test-token' },
      fetch: server.fetch,
      renderPage: async (n) =>
        renderPdfPageRaster(await pdfDoc.getPage(n), 100, (w, h) => {
          const c = canvasFactory.create(w, h);
          return { canvas: c.canvas, context: c.context as RasterContext };
        }),
      startWorker: channelWorker({
        loadCodePage: () => async (a: PageAddress) => {
          const bytes = readNcodeData('code', BOOK, `${BOOK}-p${a.page}.code.gz`);
          codePages.set(pageId(a), readCodePage(bytes, pageId(a)));
          return bytes;
        },
      }),
      handOff: async (pdf) => {
        printed = new Uint8Array(await pdf.arrayBuffer());
      },
      nowMs: () => T0,
    };
    const outcome = await printBoard(deps, { ...DEFAULT_PRINT_OPTIONS, paperChoice: 'plainPaper' });
    await pdfDoc.destroy();
    expect(outcome.failure).toBeUndefined();
    expect(outcome.status).toBe('complete');
    expect(server.requests).toEqual(['https://ink.example/board/v1/paper/ncode?qty=3&width=230&height=317']);

    // the mapping is stored with the board
    const codes = [1, 2, 3].map((p) => pageAddress(3, 27, 1068, p));
    expect(target.current.map((p) => p.address)).toEqual(codes);
    expect(target.current.map((p) => p.baseAddress)).toEqual(pages.map((p) => p.address));
    const stored = target.meta.get(printMappingKey('board1')) as StoredPrintMapping;
    expect(stored.id).toBe(`${pdfDoc.fingerprints[0]}/1`);
    expect(stored.pages.map((p) => pageId(p.pageInfo))).toEqual(codes.map(pageId));
    const nproj = parseNproj(outcome.nproj!);
    expect([
      nproj.book.section,
      nproj.book.owner,
      nproj.book.code,
      nproj.book.startPage,
      nproj.pages.count,
      nproj.pages.items.length,
    ]).toEqual([3, 27, 1068, 1, 3, 3]);

    // where to write: three points per page, given in PDF pt (top-left origin)
    const targets = PAGES.map((p) => [
      { x: TEXT_AT.x, y: TEXT_AT.y },
      { x: p.widthPt / 2, y: p.heightPt / 2 },
      { x: p.widthPt - 60, y: p.heightPt - 60 },
    ]);

    // the printed dots under each point are those of the issued code page
    const masks = await dotMasks(printed!);
    expect(masks).toHaveLength(3);
    targets.forEach((pts, k) => {
      const code = codePages.get(pageId(codes[k]!))!;
      const other = codePages.get(pageId(codes[(k + 1) % 3]!))!;
      for (const pt of pts) {
        const nu = nuOf(PAGES[k]!, pt);
        const column = Math.round((nu.x * 56) / 8);
        const row = Math.round((nu.y * 56) / 8);
        let differs = 0;
        for (let dr = -3; dr <= 3; dr++) {
          for (let dc = -3; dc <= 3; dc++) {
            const seed = dotSeed(code, column + dc, row + dr);
            expect(maskAt(masks[k]!, seed.x, seed.y)).toBe(true);
            const alt = dotSeed(other, column + dc, row + dr);
            if (alt.x !== seed.x || alt.y !== seed.y) {
              differs++;
              expect(maskAt(masks[k]!, alt.x, alt.y)).toBe(false);
            }
          }
        }
        expect(differs).toBeGreaterThan(0);
      }
    });

    // the pen writes a short stroke starting at each point, on the page's code
    const scheduler = manualScheduler(T0);
    const sim = createPenSimulator({ scheduler });
    const session = new PenSession({ transport: inProcessTransport(sim), scheduler });
    const manager = createPenManager();
    manager.attach(session);
    const strokes: Stroke[] = [];
    const builder = new StrokeBuilder({
      keys: seededKeySource(7),
      brushFor: (id) => manager.strokeStyle(id),
      listener: { strokeCompleted: (s) => strokes.push(s) },
    });
    manager.onEvent((e) => builder.handle(e));
    expect(await drive(scheduler, session.connect())).toBe(true);
    const script = targets.flatMap((pts, k) =>
      pts.map((pt) => {
        const from = nuOf(PAGES[k]!, pt);
        return lineStroke(
          codes[k]!,
          { xNu: from.x, yNu: from.y },
          { xNu: from.x + 1.5, yNu: from.y + 0.5 },
          12,
          {
            gapBeforeMs: 200,
          },
        );
      }),
    );
    const idle = new Promise<void>((r) => sim.script.onIdle(r));
    sim.script.play(script);
    await drive(scheduler, idle);
    await drive(scheduler, new Promise<void>((r) => setTimeout(r, 20)));
    expect(strokes).toHaveLength(9);

    // each stroke lands on its board page, its first dot at the intended PDF point
    strokes.forEach((stroke, n) => {
      const k = Math.floor(n / 3);
      const want = targets[k]![n % 3]!;
      const first = dotList(stroke.dots)[0]!;
      const at = locateOnBoard(target.current, stroke.page, { x: first.xNu, y: first.yNu });
      expect(at?.pageIndex).toBe(k);
      const errMm = Math.hypot(at!.pt.x - want.x, at!.pt.y - want.y) * MM_PER_PT;
      expect(errMm, `page ${k + 1} point ${n % 3}`).toBeLessThan(0.5);
    });
  }, 120_000);
});
