/**
 * A small static server for the browser tests: the built board under /board/ (with the app
 * shell for unknown paths) and the paper catalogue from the shared vendor data under
 * /vendor/ncode/ (as the server will serve it).
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.gz': 'application/gzip',
};

export interface StaticServer {
  readonly url: string;
  /** Stops answering (simulates going offline) or resumes. */
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

export async function serveBoard(distDir: string, catalogueGz: string | undefined): Promise<StaticServer> {
  let offline = false;
  const server: Server = createServer((req, res) => {
    if (offline) {
      req.socket.destroy();
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/vendor/v1/catalogue' && catalogueGz) {
      res.writeHead(200, { 'content-type': 'application/gzip' });
      res.end(readFileSync(catalogueGz));
      return;
    }
    if (!path.startsWith('/board/')) {
      res.writeHead(404).end();
      return;
    }
    let file = normalize(join(distDir, path.slice('/board/'.length)));
    if (!file.startsWith(distDir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
    } catch {
      file = join(distDir, 'index.html');
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/board/`,
    setOffline(on) {
      offline = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
