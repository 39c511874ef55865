/**
 * The material print flow over a real print worker host on a MessageChannel (as the Vite worker
 * would run it), with real code pages from the shared Ncode data: the code pages of the .nproj,
 * the §8 failures, and cancelling.
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrintMaterialData, Textbook } from '@dotink/contracts/eduLectures';
import { EduMessage } from '@dotink/contracts/eduMessages';
import { type PageAddress, pageId, writePrintedNproj } from '@dotink/ncode';
import {
  type CanvasFactory,
  type PortLike,
  type PrintablePdfPage,
  type PrintWorkerHandle,
  servePrintJobs,
} from '@dotink/print-web';
import { describe, expect, it } from 'vitest';
import { answerFailure } from '../../../api/client';
import { downloadMaterialPdf } from '../../../api/materialPrint';
import { classroomText } from '../../../i18n/text';
import {
  AttachmentError,
  type MaterialPrintDeps,
  type MaterialPrintStage,
  printMaterial,
} from './materialPrintFlow';
import { outcomeMessage } from './printMessages';

const BOOK = 's3-o27-b1068';
/** The shared Ncode data (as test-support/shared.ts finds it; that file is outside this project). */
const sharedDir =
  process.env.DOTINK_SHARED_DIR ??
  resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../../../shared');
const readCodePage = (page: number) =>
  new Uint8Array(readFileSync(resolve(sharedDir, 'data/ncode/code', BOOK, `${BOOK}-p${page}.code.gz`)));
const textbook: Textbook = {
  id: 7,
  curriculumId: 1,
  eduClassId: 1,
  type: 'POD',
  typeDiv: 'POD',
  builtinTextbookId: null,
  title: 'Worksheet',
  description: '',
  createdAt: '2026-11-25T10:00:00.000Z',
  section: 3,
  owner: 27,
  book: 1068,
  ncodeStartPage: 5,
  ncodeEndPage: 7,
  numPages: 3,
  pdfFile: null,
  nprojFile: null,
  pageNaming: 'number',
  firstPage: 5,
};

const nproj = (startPage: number, pages: number) =>
  writePrintedNproj(
    {
      section: 3,
      owner: 27,
      book: 1068,
      startPage,
      pdfPath: 'worksheet.pdf',
      pages: Array.from({ length: pages }, () => ({
        widthPt: 595.28,
        heightPt: 841.89,
        homography: [1, 0, 0, 0, 1, 0, 0, 0, 1] as const,
      })),
    },
    (n) => new Uint8Array(n).fill(7),
  );

const material = (startPage = 5, pages = 3): PrintMaterialData => ({
  textbookId: 7,
  pdfRet: { downloadUri: 'http://server.test/file.pdf', originalName: 'worksheet.pdf' },
  nproj_xml: nproj(startPage, pages),
});

/** A pdf.js page stand-in: A4, renders nothing (the canvas stays white). */
const page: PrintablePdfPage = {
  getViewport: ({ scale }) => ({ width: 595.28 * scale, height: 841.89 * scale }),
  render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
};
const whiteCanvas: CanvasFactory = (w, h) => ({
  canvas: {},
  context: {
    fillStyle: '',
    fillRect: () => undefined,
    getImageData: () => ({ data: new Uint8ClampedArray(w * h * 4).fill(255) }),
  },
});

interface Harness {
  deps: MaterialPrintDeps;
  loaded: string[];
  handedOff: Blob[];
  workers: { terminated: boolean }[];
}

function harness(over: Partial<MaterialPrintDeps> = {}, codeDelayMs = 0): Harness {
  const loaded: string[] = [];
  const handedOff: Blob[] = [];
  const workers: { terminated: boolean }[] = [];
  const startWorker = (): PrintWorkerHandle => {
    const channel = new MessageChannel();
    const stop = servePrintJobs(channel.port2 as unknown as PortLike, {
      loadCodePage: () => async (a: PageAddress) => {
        loaded.push(pageId(a));
        if (codeDelayMs) await new Promise((r) => setTimeout(r, codeDelayMs));
        try {
          return readCodePage(a.page);
        } catch {
          return undefined;
        }
      },
    });
    const w = { terminated: false };
    workers.push(w);
    return {
      port: channel.port1 as unknown as PortLike,
      terminate() {
        w.terminated = true;
        stop();
        channel.port1.close();
        channel.port2.close();
      },
    };
  };
  const deps: MaterialPrintDeps = {
    lookup: async () => material(),
    download: async () => new TextEncoder().encode('%PDF-1.7 test'),
    openPdf: async () => ({
      fingerprint: 'f1',
      numPages: 3,
      page: async () => page,
      destroy: () => undefined,
    }),
    createCanvas: whiteCanvas,
    startWorker,
    handOff: async (pdf) => {
      handedOff.push(pdf);
      return 'printed';
    },
    serverUrl: '',
    nowMs: () => Date.UTC(2026, 10, 25),
    dpi: 20,
    ...over,
  };
  return { deps, loaded, handedOff, workers };
}

describe('material print flow', () => {
  it('prints each PDF page on its own code page from the .nproj, then hands the PDF to print', async () => {
    const h = harness();
    const stages: MaterialPrintStage['stage'][] = [];
    const outcome = await printMaterial(h.deps, textbook, { onStage: (s) => stages.push(s.stage) });
    expect(outcome.status).toBe('complete');
    expect(outcome.pages).toBe(3);
    expect(outcome.fileName).toBe('worksheet-print.pdf');
    expect([...new Set(h.loaded)]).toEqual(['3.27.1068.5', '3.27.1068.6', '3.27.1068.7']);
    expect(h.handedOff).toHaveLength(1);
    const head = new TextDecoder().decode(new Uint8Array(await h.handedOff[0]!.arrayBuffer()).subarray(0, 5));
    expect(head).toBe('%PDF-');
    expect(stages).toEqual(expect.arrayContaining(['getting', 'preparing', 'rendering', 'printing']));
    expect(h.workers.every((w) => w.terminated)).toBe(true);
  });

  it("answers a lookup failure with its message in the user's language and its code", async () => {
    const refusing = (message: string, status: number) =>
      harness({
        lookup: async () => {
          throw answerFailure(status, 'Not Found', { ok: false, message, data: null });
        },
      });
    const shown = async (lang: 'ko' | 'en', message: string, status = 404) =>
      outcomeMessage(
        (key, params) => classroomText(lang, key, params),
        await printMaterial(refusing(message, status).deps, textbook),
      );
    expect(await shown('ko', EduMessage.materialNotFound)).toBe(
      `${classroomText('ko', 'server.materialNotFound')} (코드 404)`,
    );
    expect(await shown('en', EduMessage.materialNotFound)).toBe(`${EduMessage.materialNotFound} (code 404)`);
    // a library's validation text is never shown as it is
    const raw = 'querystring/section: Invalid input: expected number';
    for (const lang of ['ko', 'en'] as const) {
      const text = await shown(lang, raw, 400);
      expect(text).not.toContain('Invalid input');
      expect(text).toContain('400');
    }
  });

  it('answers a failed PDF download with its attachment code', async () => {
    const h = harness({
      download: async () => {
        throw new AttachmentError(1003, 'HTTP 403');
      },
    });
    expect(await printMaterial(h.deps, textbook)).toEqual({
      status: 'failed',
      failure: { kind: 'attachment', code: 1003 },
    });
  });

  it('says the print code could not be downloaded when a code page is missing', async () => {
    const h = harness({ lookup: async () => material(999_999, 3) });
    const outcome = await printMaterial(h.deps, textbook);
    expect(outcome).toEqual({ status: 'failed', failure: { kind: 'codes' } });
    expect(h.handedOff).toEqual([]);
  });

  it('stops at once when cancelled mid-way: no print, the worker ended', async () => {
    const h = harness({}, 300);
    const controller = new AbortController();
    const outcome = printMaterial(h.deps, textbook, {
      signal: controller.signal,
      onStage: (s) => {
        if (s.stage === 'rendering') controller.abort();
      },
    });
    expect(await outcome).toEqual({ status: 'cancelled' });
    expect(h.handedOff).toEqual([]);
    expect(h.workers.every((w) => w.terminated)).toBe(true);
  });
});

describe('material PDF download codes (classroom.md §8)', () => {
  const answer = (status: number, body = '%PDF-1.7') =>
    (async () => new Response(body, { status })) as unknown as typeof fetch;
  const code = async (f: typeof fetch, uri = 'http://s.test/a.pdf') => {
    try {
      await downloadMaterialPdf((u) => f(u), uri);
      return 0;
    } catch (e) {
      return (e as AttachmentError).code;
    }
  };
  it('1001 lookup error, 1002 document not confirmed, 1003 file not downloaded', async () => {
    expect(
      await code((async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch),
    ).toBe(1001);
    expect(await code(answer(500))).toBe(1001);
    expect(await code(answer(404))).toBe(1002);
    expect(await code(answer(200), '')).toBe(1002);
    expect(await code(answer(403))).toBe(1003);
    expect(await code(answer(200, '<html>'))).toBe(1003);
    expect(await code(answer(200))).toBe(0);
  });
});
