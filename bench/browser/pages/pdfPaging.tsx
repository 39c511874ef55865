/**
 * Large-PDF harness: the board's pdf.js engine (apps/board/src/import/pdfjsEngine.ts, pdfjs-dist
 * 5.6 with its worker) opens a PDF fetched from the harness server, and one PageView shows its
 * pages through `pdfPageImageSource` (@dotink/view), as the board's page source does.
 *
 * `openFirst()` times fetch → engine open → page 1 → document layer drawn; `pageThrough()` shows
 * pages one after another, each once its predecessor's image is on the document layer.
 */
import { pageAddress } from '@dotink/ncode';
import { type LayerDrawInfo, type PageImageSource, PageView, pdfPageImageSource } from '@dotink/view';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { OpenPdf } from '../../../apps/board/src/import/pdfEngine';
import { pdfjsEngine } from '../../../apps/board/src/import/pdfjsEngine';
import { CLOCK_MARK } from '../frameTrace';
import type { OpenFirstResult, PageThroughResult } from '../results';
import { frames } from './frames';

const PAGE = pageAddress(3, 27, 1068, 11);

let pdf: OpenPdf | undefined;
let setSource: ((s: PageImageSource | undefined) => void) | undefined;
let drawn: ((key: string) => void) | undefined;

function Viewer() {
  const [source, set] = useState<PageImageSource | undefined>(undefined);
  useEffect(() => {
    setSource = set;
  }, []);
  return (
    <PageView
      page={PAGE}
      document={source}
      width={1280}
      height={800}
      devicePixelRatio={1}
      fit="full"
      laser="off"
      onLayerDraw={(info: LayerDrawInfo) => {
        if (info.layer === 'document' && info.count === 1 && source) drawn?.(source.key);
      }}
    />
  );
}

let shown: { cleanup?: () => unknown } | undefined;

/**
 * Shows page `n` and resolves when its image is on the document layer; with `cleanup`, the page
 * shown before is then told to free its resources (pdf.js `PDFPageProxy.cleanup()`).
 */
async function show(n: number, cleanup: boolean): Promise<void> {
  if (!pdf || !setSource) throw new Error('not open');
  const key = `doc:${n}`;
  const done = new Promise<void>((resolve) => {
    drawn = (k) => {
      if (k === key) resolve();
    };
  });
  const before = shown;
  const page = await pdf.page(n);
  shown = page as { cleanup?: () => unknown };
  setSource(pdfPageImageSource(page, key));
  await done;
  if (cleanup) before?.cleanup?.();
}

async function openFirst(o: { url: string }): Promise<OpenFirstResult> {
  const root = createRoot(document.getElementById('root')!);
  root.render(<Viewer />);
  await frames(2);
  const startMs = performance.now();
  const bytes = new Uint8Array(await (await fetch(o.url)).arrayBuffer());
  const fetchedMs = performance.now();
  pdf = (await pdfjsEngine.open(bytes, async () => undefined)).pdf;
  const openedMs = performance.now();
  const page = await pdf.page(1);
  shown = page as { cleanup?: () => unknown };
  const pageMs = performance.now();
  const done = new Promise<number>((resolve) => {
    drawn = (k) => {
      if (k === 'doc:1') resolve(performance.now());
    };
  });
  setSource!(pdfPageImageSource(page, 'doc:1'));
  const drawnMs = await done;
  await frames(3);
  return {
    numPages: pdf.numPages,
    bytes: bytes.length,
    startMs,
    fetchedMs,
    openedMs,
    pageMs,
    drawnMs,
    clockMarkMs: performance.mark(CLOCK_MARK).startTime,
  };
}

async function pageThrough(o: { from: number; to: number; cleanup?: boolean }): Promise<PageThroughResult> {
  const pageMs: number[] = [];
  for (let n = o.from; n <= o.to; n++) {
    const t = performance.now();
    await show(n, o.cleanup ?? false);
    pageMs.push(performance.now() - t);
  }
  await frames(2);
  return { pages: pageMs.length, pageMs };
}

(globalThis as unknown as { bench: unknown }).bench = { openFirst, pageThrough };
