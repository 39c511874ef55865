/**
 * The browser test's build and server: the harness page (harness/) bundled by Vite as the board
 * is (React, module workers — the print worker is a separate chunk, pdf.js's worker a `?url`
 * asset), served with the two server calls the print flow makes: `GET /edu/v1/paper/ncode` (the
 * code-issue rule, issuing in book 3.27.1068 whose real code pages 0–15 are in the shared data)
 * and `GET /ncode_data/…` (those code pages, read through test-support).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { issueCodes, pageAddress } from '@dotink/ncode';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ncodeDataPath } from '../../test-support/shared';

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the harness into a fresh temporary folder; returns it. */
export async function buildHarness(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'dotink-print-e2e-'));
  await build({
    root: join(here, 'harness'),
    base: './',
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: false, reportCompressedSize: false },
    worker: { format: 'es' },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/** What the server saw, and knobs. */
export interface HarnessServer {
  readonly url: string;
  readonly codeRequests: string[];
  readonly codePageRequests: string[];
  /** Delay of code page answers (to make a cancel wait). */
  codePageDelayMs: number;
  close(): Promise<void>;
}

/** Serves `dir` and the two server calls on a free port. */
export async function serveHarness(dir: string): Promise<HarnessServer> {
  let pointer = pageAddress(3, 27, 1068, 1);
  const state = { codeRequests: [] as string[], codePageRequests: [] as string[], codePageDelayMs: 0 };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/edu/v1/paper/ncode') {
      state.codeRequests.push(url.search);
      if (req.headers.authorization !== 'Bearer e2e-token') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'invalid_token', error_description: 'Sign in first' }));
        return;
      }
      const issue = issueCodes(pointer, Number(url.searchParams.get('qty')));
      pointer = issue.next;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(issue.pages.map((a) => ({ s: a.section, o: a.owner, b: a.book, p: a.page, url: '' }))),
      );
      return;
    }
    if (url.pathname.startsWith('/ncode_data/')) {
      state.codePageRequests.push(url.pathname);
      const rel = normalize(url.pathname.slice('/ncode_data/'.length));
      let body: Buffer | undefined;
      try {
        body = readFileSync(ncodeDataPath('code', rel));
      } catch {
        body = undefined;
      }
      setTimeout(() => {
        if (!body) {
          res.writeHead(404);
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/gzip' });
        res.end(body);
      }, state.codePageDelayMs);
      return;
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    const path = normalize(url.pathname === '/' ? '/index.html' : url.pathname);
    try {
      const body = readFileSync(join(dir, path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    codeRequests: state.codeRequests,
    codePageRequests: state.codePageRequests,
    get codePageDelayMs() {
      return state.codePageDelayMs;
    },
    set codePageDelayMs(ms: number) {
      state.codePageDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
