/**
 * Node side of the browser benchmarks: bundles a harness page (esbuild, ESM, production React)
 * into a temporary directory, serves it with the pdf.js worker and any extra files from a small
 * local HTTP server, and opens it in headless Debian Chromium (playwright-core, the launch flags
 * of the pen browser test). The bundle and the temporary directory are removed on close; nothing
 * is written into the repository.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumLaunchOptions } from '../../e2e/support/chromium';

const here = dirname(fileURLToPath(import.meta.url));

/** Where the pdf.js worker is served (the board's `?url` import of it resolves here). */
export const PDF_WORKER_PATH = '/pdf.worker.min.mjs';

/** The flags of the browser tests (e2e/support/chromium.ts). */
export const CHROMIUM_ARGS: readonly string[] = CHROMIUM_FLAGS;

/** The view size every harness page uses (CSS px, device pixel ratio 1). */
export const VIEW_SIZE = { width: 1280, height: 800 } as const;

/** An open harness page. */
export interface HarnessPage {
  readonly page: Page;
  /** A DevTools session on the page (metrics, garbage collection). */
  readonly cdp: CDPSession;
  readonly browser: Browser;
  /** Page errors seen so far. */
  readonly errors: readonly string[];
  /** The renderer processes' resident memory (bytes, summed), from /proc. */
  rendererRssBytes(): Promise<number>;
  /** Forces a full garbage collection, then reads the page's JS heap in use (bytes). */
  jsHeapUsedBytes(options?: { gc?: boolean }): Promise<number>;
  close(): Promise<void>;
}

/** The board's pdf.js engine imports the worker as `…?url` (Vite): resolve it to the served path. */
const urlImports: Plugin = {
  name: 'url-imports',
  setup(b) {
    b.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'url-import' }));
    b.onLoad({ filter: /.*/, namespace: 'url-import' }, (args) => ({
      contents: `export default ${JSON.stringify(`/${basename(args.path.replace(/\?url$/, ''))}`)};`,
      loader: 'js',
    }));
  },
};

/** Bundles `entry` (a file in pages/) to `outDir/main.js`. */
async function bundle(entry: string, outDir: string): Promise<void> {
  await build({
    entryPoints: { main: join(here, 'pages', entry) },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: process.env.DOTINK_BENCH_MINIFY !== '0',
    outdir: outDir,
    logLevel: 'silent',
    plugins: [urlImports],
  });
  writeFileSync(
    join(outDir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>dotink bench</title></head>' +
      '<body style="margin:0"><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.pdf': 'application/pdf',
};

function serve(dir: string, extra: ReadonlyMap<string, Uint8Array>): Promise<Server> {
  const worker = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'build');
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let body: Uint8Array | undefined = extra.get(path);
    const file =
      path === PDF_WORKER_PATH
        ? join(worker, 'pdf.worker.min.mjs')
        : join(dir, path === '/' ? 'index.html' : basename(path));
    if (!body && existsSync(file)) body = readFileSync(file);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(extra.has(path) ? path : file)] ?? 'application/octet-stream',
    });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Launches Chromium; a missing browser is an error (the benchmark cannot run without it). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(CHROMIUM_ARGS));
}

/**
 * Bundles and opens the harness page `entry` (e.g. `inkToPixel.tsx`); `files` are served too
 * (path → bytes). Resolves once the page has set `window.bench`.
 */
export async function openHarness(
  entry: string,
  files: ReadonlyMap<string, Uint8Array> = new Map(),
): Promise<HarnessPage> {
  const dir = mkdtempSync(join(tmpdir(), 'dotink-bench-'));
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    await bundle(entry, dir);
    server = await serve(dir, files);
    browser = await launchChromium();
    const b = browser;
    const page = await browser.newPage({ viewport: { ...VIEW_SIZE }, deviceScaleFactor: 1 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const port = (server.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => 'bench' in globalThis, undefined, { timeout: 30_000 });
    const s = server;
    return {
      page,
      cdp,
      browser: b,
      errors,
      async rendererRssBytes() {
        const browserCdp = await b.newBrowserCDPSession();
        try {
          const info = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
            processInfo: { type: string; id: number }[];
          };
          let total = 0;
          for (const p of info.processInfo) {
            if (p.type !== 'renderer') continue;
            const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.id}/status`, 'utf8'));
            if (m) total += Number(m[1]) * 1024;
          }
          return total;
        } finally {
          await browserCdp.detach();
        }
      },
      async jsHeapUsedBytes(options = {}) {
        if (options.gc ?? true) {
          await cdp.send('HeapProfiler.collectGarbage');
          await cdp.send('HeapProfiler.collectGarbage');
        }
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
      },
      async close() {
        await b.close();
        await closeServer(s);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    if (server) await closeServer(server);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Calls `window.bench.<method>(arg)` in the page and returns its (JSON) answer. */
export async function callBench<T>(h: HarnessPage, method: string, arg?: unknown): Promise<T> {
  return (await h.page.evaluate(
    ([m, a]) => (globalThis as unknown as { bench: Record<string, (x: unknown) => unknown> }).bench[m]!(a),
    [method, arg] as const,
  )) as T;
}
