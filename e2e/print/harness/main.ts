/**
 * The browser test page of the print flow: the board's print components on a 3-page board (a
 * pdf-lib PDF rendered by pdf.js), with the real Vite-bundled print worker, the test server's
 * code issue and code pages (same origin), and a simulated smart pen behind the Web Bluetooth
 * stand-in for the page-order registration taps. `window.harness` lets the test drive the pen and
 * read what happened.
 *
 * Query: `lang` (ko, en, ja, zh-TW), `signedIn=1`, `slowAfterMs`, `dpi`.
 */
/// <reference types="vite/client" />
import '../../../apps/board/src/styles.css';
import type { GridaPage } from '@dotink/ink';
import { type PageAddress, pageAddress, pageId, parsePageId, scaleHomography } from '@dotink/ncode';
import { type BluetoothLike, bluetoothPenConnector, createPenManager, systemScheduler } from '@dotink/pen';
import { createPenSimulator, installSimulatedBluetooth, strokeThrough } from '@dotink/pen/simulator';
import { I18nProvider, type Language } from '@dotink/view';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BoardPrint } from '../../../apps/board/src/print/BoardPrint';
import { createPrintWorker } from '../../../apps/board/src/print/createPrintWorker';
import {
  boardPageRenderer,
  browserCanvasFactory,
  renderPdfPageRaster,
} from '../../../apps/board/src/print/pageRaster';
import type { BoardPrintTarget, PrintFlowDeps } from '../../../apps/board/src/print/printFlow';
import { penManagerTaps } from '../../../apps/board/src/print/registrationFlow';
import type { HarnessApi } from './api';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
const params = new URLSearchParams(location.search);
const language = (params.get('lang') ?? 'en') as Language;
const signedIn = params.get('signedIn') === '1';
const slowAfterMs = Number(params.get('slowAfterMs') ?? 3000);
const dpi = Number(params.get('dpi') ?? 150);

async function makePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const colours = [rgb(0.85, 0.2, 0.2), rgb(0.2, 0.6, 0.25), rgb(0.2, 0.35, 0.85)];
  for (let i = 0; i < 3; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawRectangle({ x: 50, y: 560, width: 495, height: 200, color: colours[i]!, opacity: 0.3 });
    page.drawText(`Lesson page ${i + 1}`, { x: 72, y: 700, size: 36, font, color: rgb(0, 0, 0) });
    for (let l = 0; l < 12; l++) {
      page.drawLine({ start: { x: 72, y: 500 - l * 30 }, end: { x: 523, y: 500 - l * 30 }, thickness: 1 });
    }
  }
  return doc.save();
}

async function main() {
  const bytes = await makePdf();
  const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
  const listeners = new Set<() => void>();
  let pages: readonly GridaPage[] = [0, 1, 2].map((i) => ({
    id: `page${i + 1}`,
    address: pageAddress(256, 27, 1068, i),
    source: { kind: 'pdf', pdfId: 'pdf1', pageNo: i + 1 },
    sizePt: { widthPt: 595.28, heightPt: 841.89 },
    nuToPt: scaleHomography(6.72),
    rotation: 0,
    background: 'basic',
  }));
  const meta = new Map<string, unknown>();
  const target: BoardPrintTarget = {
    boardId: 'e2e',
    title: 'Lesson',
    pages: () => pages,
    pdfs: () => [{ id: 'pdf1', fileName: 'lesson.pdf', fingerprint: pdf.fingerprints[0] ?? '', bytes }],
    async replacePages(next) {
      pages = next;
      for (const l of listeners) l();
    },
    loadMeta: async (key) => structuredClone(meta.get(key)),
    async saveMeta(key, value) {
      meta.set(key, structuredClone(value));
    },
  };
  const handed: { choice: string; bytes: number; head: string }[] = [];
  const delivered: { fileName: string; bytes: number; head: string }[] = [];
  const head = (b: Uint8Array) => new TextDecoder().decode(b.subarray(0, 8));
  const render = boardPageRenderer({
    pages: () => pages,
    pdfPage: (_id, n) => pdf.getPage(n),
    createCanvas: browserCanvasFactory,
    dpi,
  });
  const deps: PrintFlowDeps = {
    target,
    auth: { serverUrl: '', accessToken: async () => (signedIn ? 'e2e-token' : undefined) },
    renderPage: (n, signal) => render(n, signal),
    startWorker: createPrintWorker,
    handOff: async (blob, options) => {
      const b = new Uint8Array(await blob.arrayBuffer());
      handed.push({ choice: options.paperChoice, bytes: b.length, head: head(b) });
      // stands for the browser's print dialog: "waiting for print to finish" lasts a moment
      await new Promise((r) => setTimeout(r, 400));
    },
    nowMs: () => Date.now(),
    concurrency: 2,
  };

  // the pen
  const scheduler = systemScheduler();
  const installed = installSimulatedBluetooth(globalThis as { navigator?: unknown }, () =>
    createPenSimulator({ scheduler }),
  );
  const manager = createPenManager();
  const write = async (page: string, points: [number, number][]) => {
    const sim = installed.simulator;
    const address = parsePageId(page);
    if (!sim || !address) throw new Error('no pen, or a bad page id');
    const idle = new Promise<void>((r) => sim.script.onIdle(r));
    sim.script.play([strokeThrough(address as PageAddress, points)]);
    await idle;
    await new Promise((r) => setTimeout(r, 80));
  };
  const api: HarnessApi = {
    ready: false,
    inkPaused: false,
    connectPen: () =>
      bluetoothPenConnector({
        manager,
        bluetooth: (navigator as unknown as { bluetooth: BluetoothLike }).bluetooth,
        session: { scheduler },
      }).connect(),
    tap: (page, x, y) =>
      write(page, [
        [x, y],
        [x + 0.3, y + 0.2],
        [x + 0.6, y + 0.1],
      ]),
    swipe: (page, x, y) =>
      write(page, [
        [x, y],
        [x + 2.5, y],
        [x + 5, y],
      ]),
    pages: () => pages.map((p) => pageId(p.address)),
    handed: () => handed,
    delivered: () => delivered,
  };
  const taps = penManagerTaps(manager, () => {
    api.inkPaused = true;
    return () => {
      api.inkPaused = false;
    };
  });
  (globalThis as unknown as { harness: HarnessApi }).harness = api;

  const pageImage = async (pageNo: number) => {
    const raster = await renderPdfPageRaster(await pdf.getPage(pageNo), 24, browserCanvasFactory);
    const canvas = document.createElement('canvas');
    canvas.width = raster.widthPx;
    canvas.height = raster.heightPx;
    canvas
      .getContext('2d')!
      .putImageData(new ImageData(new Uint8ClampedArray(raster.rgba), raster.widthPx, raster.heightPx), 0, 0);
    return canvas.toDataURL('image/png');
  };

  function Harness() {
    const [open, setOpen] = useState(true);
    const [, setTick] = useState(0);
    useEffect(() => {
      const l = () => setTick((t) => t + 1);
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    }, []);
    return h(
      'main',
      { style: { padding: 16 } },
      h(
        'button',
        { type: 'button', 'data-testid': 'harness-open-print', onClick: () => setOpen(true) },
        'Print…',
      ),
      h(
        'ol',
        { 'data-testid': 'harness-pages' },
        pages.map((p) => h('li', { key: p.id }, pageId(p.address))),
      ),
      open &&
        h(BoardPrint, {
          deps,
          taps,
          pageImage,
          slowAfterMs,
          deliver: (fileName: string, b: Uint8Array) =>
            delivered.push({ fileName, bytes: b.length, head: head(b) }),
          onClose: () => setOpen(false),
        }),
    );
  }

  createRoot(document.getElementById('root')!).render(h(I18nProvider, { language }, h(Harness)));
  api.ready = true;
}

void main();
