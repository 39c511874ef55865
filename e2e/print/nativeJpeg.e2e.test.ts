/**
 * Browser test (Chromium): the board opens PDFs with pdf.js's native JPEG decoding on
 * (`PDFJS_DOCUMENT_OPTIONS.isImageDecoderSupported`, apps/board/src/import/pdfjsOptions.ts; the
 * print render at 300 dpi is the page's main cost otherwise, issue 12 item 18). pdf.js keeps it off
 * in Chromium by default for Chromium bugs since fixed (mozilla/pdf.js#19045, #19060). For each
 * kind of JPEG a PDF can hold — YCbCr at 4:2:0, 4:2:2 and 4:4:4, progressive, grayscale, RGB
 * without the colour transform (Adobe marker, or R/G/B component ids), CMYK and YCCK with the
 * Adobe inversion, Chromium's own canvas encoder and dotink's print encoder — a one-image page is
 * rendered by pdf.js in Chromium with the option on and off, and the two rasters must agree. Which
 * JPEGs went to the native decoder is counted too: every kind but the four-component ones (pdf.js
 * decodes those in JavaScript itself, the native decoder does not know the PDF's CMYK).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { encodeJpeg } from '@dotink/print';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFJS_DOCUMENT_OPTIONS } from '../../apps/board/src/import/pdfjsOptions';
import { launchChromium } from '../support/chromium';
import { type JpegComponent, writeJpeg } from './support/jpegKinds';

const SIZE = 64;
const pdfjsBuild = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'build');

/** A smooth colour picture, SIZE × SIZE: R, G, B planes. */
function picture(): [Uint8Array, Uint8Array, Uint8Array] {
  const planes: [Uint8Array, Uint8Array, Uint8Array] = [
    new Uint8Array(SIZE * SIZE),
    new Uint8Array(SIZE * SIZE),
    new Uint8Array(SIZE * SIZE),
  ];
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const i = y * SIZE + x;
      planes[0][i] = Math.round(128 + 100 * Math.sin(x / 9) * Math.cos(y / 13));
      planes[1][i] = Math.round(128 + 90 * Math.sin((x + y) / 17));
      planes[2][i] = Math.round(128 + 80 * Math.cos(x / 7 - y / 21));
    }
  return planes;
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** JFIF's RGB → YCbCr. */
function ycc(r: Uint8Array, g: Uint8Array, b: Uint8Array): [Uint8Array, Uint8Array, Uint8Array] {
  const y = r.map((_, i) => clamp(0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!));
  const cb = r.map((_, i) => clamp(-0.168736 * r[i]! - 0.331264 * g[i]! + 0.5 * b[i]! + 128));
  const cr = r.map((_, i) => clamp(0.5 * r[i]! - 0.418688 * g[i]! - 0.081312 * b[i]! + 128));
  return [y, cb, cr];
}

const comp = (id: number, h: number, v: number, samples: Uint8Array): JpegComponent => ({
  id,
  h,
  v,
  samples,
});
const invert = (p: Uint8Array) => p.map((v) => 255 - v);

/** One kind of JPEG as it sits in a PDF. */
interface Kind {
  readonly name: string;
  readonly jpeg: Uint8Array;
  readonly colorSpace: 'DeviceRGB' | 'DeviceGray' | 'DeviceCMYK';
  /** Whether pdf.js hands it to the native decoder when allowed. */
  readonly native: boolean;
  /** The picture it holds as R, G, B planes, when known (checks the JPEG itself is right). */
  readonly picture?: readonly [Uint8Array, Uint8Array, Uint8Array];
}

function kinds(canvasJpeg: Uint8Array): Kind[] {
  const [r, g, b] = picture();
  const [y, cb, cr] = ycc(r, g, b);
  const ycbcr = (h: number, v: number) => [comp(1, h, v, y), comp(2, 1, 1, cb), comp(3, 1, 1, cr)];
  // CMYK of the picture: K = the darkest share, C/M/Y the rest
  const k = r.map((_, i) => Math.min(255 - r[i]!, 255 - g[i]!, 255 - b[i]!) >> 1);
  const [c, m, ye] = [r, g, b].map((p) => p.map((v, i) => clamp(255 - v - k[i]!))) as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  // YCCK: C, M, Y inverted as RGB through the YCbCr transform, K inverted (Adobe's convention)
  const [yk, cbk, crk] = ycc(invert(c), invert(m), invert(ye));
  const rgb = new Uint8Array(SIZE * SIZE * 3);
  for (let i = 0; i < SIZE * SIZE; i++) rgb.set([r[i]!, g[i]!, b[i]!], i * 3);
  const W = { width: SIZE, height: SIZE };
  return [
    {
      name: 'YCbCr 4:2:0, baseline',
      jpeg: writeJpeg({ ...W, components: ycbcr(2, 2) }),
      colorSpace: 'DeviceRGB',
      native: true,
      picture: [r, g, b],
    },
    {
      name: 'YCbCr 4:2:2, baseline',
      jpeg: writeJpeg({ ...W, components: ycbcr(2, 1) }),
      colorSpace: 'DeviceRGB',
      native: true,
      picture: [r, g, b],
    },
    {
      name: 'YCbCr 4:4:4, baseline',
      jpeg: writeJpeg({ ...W, components: ycbcr(1, 1) }),
      colorSpace: 'DeviceRGB',
      native: true,
      picture: [r, g, b],
    },
    {
      name: 'YCbCr 4:2:0, progressive',
      jpeg: writeJpeg({ ...W, components: ycbcr(2, 2), progressive: true }),
      colorSpace: 'DeviceRGB',
      native: true,
      picture: [r, g, b],
    },
    {
      name: 'YCbCr 4:4:4, Adobe marker (transform 1)',
      jpeg: writeJpeg({ ...W, components: ycbcr(1, 1), marker: { adobeTransform: 1 } }),
      colorSpace: 'DeviceRGB',
      native: true,
      picture: [r, g, b],
    },
    {
      name: 'grayscale, baseline',
      jpeg: writeJpeg({ ...W, components: [comp(1, 1, 1, y)] }),
      colorSpace: 'DeviceGray',
      native: true,
      picture: [y, y, y],
    },
    {
      name: 'grayscale, progressive',
      jpeg: writeJpeg({ ...W, components: [comp(1, 1, 1, y)], progressive: true }),
      colorSpace: 'DeviceGray',
      native: true,
      picture: [y, y, y],
    },
    {
      name: 'RGB without colour transform (Adobe transform 0)',
      jpeg: writeJpeg({
        ...W,
        components: [comp(1, 1, 1, r), comp(2, 1, 1, g), comp(3, 1, 1, b)],
        marker: { adobeTransform: 0 },
      }),
      colorSpace: 'DeviceRGB',
      native: true,
      picture: [r, g, b],
    },
    {
      name: "RGB without colour transform (component ids 'R', 'G', 'B', no marker)",
      jpeg: writeJpeg({
        ...W,
        components: [comp(0x52, 1, 1, r), comp(0x47, 1, 1, g), comp(0x42, 1, 1, b)],
        marker: 'none',
      }),
      colorSpace: 'DeviceRGB',
      native: true,
      picture: [r, g, b],
    },
    {
      name: 'CMYK, Adobe marker (transform 0, inverted)',
      jpeg: writeJpeg({
        ...W,
        components: [c, m, ye, k].map((p, i) => comp(i + 1, 1, 1, invert(p))),
        marker: { adobeTransform: 0 },
      }),
      colorSpace: 'DeviceCMYK',
      native: false,
    },
    {
      name: 'YCCK 4:2:0, Adobe marker (transform 2), progressive',
      jpeg: writeJpeg({
        ...W,
        components: [comp(1, 2, 2, yk), comp(2, 1, 1, cbk), comp(3, 1, 1, crk), comp(4, 2, 2, invert(k))],
        marker: { adobeTransform: 2 },
        progressive: true,
      }),
      colorSpace: 'DeviceCMYK',
      native: false,
    },
    {
      name: "Chromium's canvas encoder (toBlob, quality 0.9)",
      jpeg: canvasJpeg,
      colorSpace: 'DeviceRGB',
      native: true,
    },
    {
      name: "dotink's print encoder (JFIF 4:2:0)",
      jpeg: encodeJpeg({ data: rgb, ...W, bytesPerPixel: 3, channels: [0, 1, 2], quality: 90 }),
      colorSpace: 'DeviceRGB',
      native: true,
      picture: [r, g, b],
    },
  ];
}

/** A 48 × 48 pt page (64 px at 96 dpi) covered by the JPEG. */
async function onePagePdf(kind: Kind): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([48, 48]);
  const image = doc.context.register(
    doc.context.stream(kind.jpeg, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: SIZE,
      Height: SIZE,
      ColorSpace: kind.colorSpace,
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
    }),
  );
  page.node.setXObject(PDFName.of('Im0'), image);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(48, 0, 0, 48, 0, 0),
    drawObject('Im0'),
    popGraphicsState(),
  );
  return doc.save();
}

/** Serves pdf.js, and its worker wrapped so each native JPEG decode is reported to `/native?tag=`. */
function serve(nativeTags: string[]): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/native') {
      nativeTags.push(url.searchParams.get('tag') ?? '');
      res.writeHead(204).end();
      return;
    }
    const js = (body: string | Buffer) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
    if (url.pathname === '/pdf.mjs') return js(readBuild('pdf.min.mjs'));
    if (url.pathname === '/pdf.worker.mjs') return js(readBuild('pdf.worker.min.mjs'));
    if (url.pathname === '/worker.mjs')
      return js(
        `const tag = new URL(import.meta.url).searchParams.get('tag');
const Native = globalThis.ImageDecoder;
if (Native) globalThis.ImageDecoder = class extends Native {
  constructor(init) { super(init); if (init.type === 'image/jpeg') fetch('/native?tag=' + encodeURIComponent(tag)); }
};
await import('/pdf.worker.mjs');`,
      );
    if (url.pathname === '/page.mjs') return js(PAGE_SCRIPT);
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>jpeg</title><script type="module" src="/page.mjs"></script>');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const buildFiles = new Map<string, Buffer>();
function readBuild(name: string): Buffer {
  let b = buildFiles.get(name);
  if (!b) {
    b = readFileSync(join(pdfjsBuild, name));
    buildFiles.set(name, b);
  }
  return b;
}

/**
 * The page's script: `window.renderPdf(base64, options, tag)` renders page 1 at 96 dpi on white
 * (print intent) and answers the RGBA as base64; `tag` names the worker (native decodes counted).
 */
const PAGE_SCRIPT = `import * as pdfjs from '/pdf.mjs';
window.renderPdf = async (data, options, tag) => {
  pdfjs.GlobalWorkerOptions.workerSrc = '/worker.mjs?tag=' + encodeURIComponent(tag);
  const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
  const doc = await pdfjs.getDocument({ ...options, data: bytes }).promise;
  const p = await doc.getPage(1);
  const viewport = p.getViewport({ scale: 4 / 3 });
  const canvas = document.createElement('canvas');
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  await p.render({ canvas, canvasContext: ctx, viewport, intent: 'print', background: '#ffffff' }).promise;
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  await doc.destroy();
  let s = '';
  for (let i = 0; i < rgba.length; i += 0x8000) s += String.fromCharCode(...rgba.subarray(i, i + 0x8000));
  return btoa(s);
};
window.pageReady = true;`;

/** Renders page 1 of `pdf` with the board's options, the native decoder allowed or not. */
async function render(page: Page, pdf: Uint8Array, native: boolean, tag: string): Promise<Uint8ClampedArray> {
  const options = { ...PDFJS_DOCUMENT_OPTIONS, isImageDecoderSupported: native };
  const b64 = await page.evaluate(
    ([data, opts, t]) =>
      (window as unknown as { renderPdf: (d: string, o: object, t: string) => Promise<string> }).renderPdf(
        data,
        opts,
        t,
      ),
    [Buffer.from(pdf).toString('base64'), options, tag] as const,
  );
  return Uint8ClampedArray.from(Buffer.from(b64, 'base64'));
}

describe('pdf.js with the native JPEG decoder (the board, Chromium)', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const nativeTags: string[] = [];

  beforeAll(async () => {
    server = await serve(nativeTags);
    browser = await launchChromium();
    page = await browser.newPage();
    const { port } = server.address() as { port: number };
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => (window as unknown as { pageReady?: boolean }).pageReady === true);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('the board opens its PDFs with the native decoder allowed', () => {
    expect(PDFJS_DOCUMENT_OPTIONS.isImageDecoderSupported).toBe(true);
  });

  it('renders every kind of JPEG as pdf.js’s own decoder does', async () => {
    const canvasJpeg = await page.evaluate(async (size) => {
      const canvas = new OffscreenCanvas(size, size);
      const ctx = canvas.getContext('2d')!;
      const grad = ctx.createLinearGradient(0, 0, size, size);
      grad.addColorStop(0, '#d04020');
      grad.addColorStop(0.5, '#30a060');
      grad.addColorStop(1, '#2040c0');
      ctx.fillStyle = grad;
      ctx.fillRect(0, 0, size, size);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }, SIZE);
    const results: {
      name: string;
      meanDiff: number;
      maxDiff: number;
      inked: number;
      offPicture?: number;
    }[] = [];
    for (const [i, kind] of kinds(Uint8Array.from(canvasJpeg)).entries()) {
      const pdf = await onePagePdf(kind);
      const js = await render(page, pdf, false, `js-${i}`);
      const nat = await render(page, pdf, true, `native-${i}`);
      let sum = 0;
      let max = 0;
      let inked = 0;
      for (let p = 0; p < js.length; p += 4) {
        for (let ch = 0; ch < 3; ch++) {
          const d = Math.abs(js[p + ch]! - nat[p + ch]!);
          sum += d;
          if (d > max) max = d;
        }
        if (js[p]! < 240 || js[p + 1]! < 240 || js[p + 2]! < 240) inked++;
      }
      let off = 0;
      const pic = kind.picture;
      if (pic)
        for (let p = 0; p < SIZE * SIZE; p++)
          for (let ch = 0; ch < 3; ch++) off += Math.abs(js[p * 4 + ch]! - pic[ch]![p]!);
      results.push({
        name: kind.name,
        ...(pic ? { offPicture: off / (SIZE * SIZE * 3) } : {}),
        meanDiff: Math.round((sum / ((js.length / 4) * 3)) * 100) / 100,
        maxDiff: max,
        inked: inked / (js.length / 4),
      });
    }
    // which renders used the native decoder: each reports it with a request of its own that the
    // render does not wait for (on a loaded machine one arrived after all the renders were done)
    const all = kinds(new Uint8Array()).map((k) => k.native);
    await expect
      .poll(() => results.map((r, i) => ({ name: r.name, native: nativeTags.includes(`native-${i}`) })), {
        timeout: 10_000,
      })
      .toEqual(results.map((r, i) => ({ name: r.name, native: all[i] })));
    // the JavaScript renders never use the native decoder
    expect(nativeTags.filter((t) => t.startsWith('js-'))).toEqual([]);
    for (const r of results) {
      // the picture is there (not a white or failed page) …
      expect(r.inked, r.name).toBeGreaterThan(0.9);
      // … the JPEG holds the picture it was made of (chroma subsampling and quantising blur it) …
      if (r.offPicture !== undefined) expect(r.offPicture, r.name).toBeLessThan(4);
      // … and both decoders agree (IDCT rounding and chroma upsampling differ a little)
      expect(r.meanDiff, `${r.name}: ${JSON.stringify(r)}`).toBeLessThanOrEqual(1);
      expect(r.maxDiff, `${r.name}: ${JSON.stringify(r)}`).toBeLessThanOrEqual(8);
    }
  }, 120_000);
});
