/**
 * The board's first visit (issue 12, item 20): JavaScript bytes over the wire until the board is
 * shown and the network is quiet — budget ≤ 300 kB.
 *
 * Method: the board is built with Vite as `npm start` builds it (code split, brotli and gzip
 * copies written at build time) and served by the real server (apps/server main.ts, which sends
 * the precompressed copy by Accept-Encoding). Headless Debian Chromium opens `/board/` in a fresh
 * profile with service workers blocked (the page's own loading only), waits for the board's
 * title and an idle network, and sums the encoded (over-the-wire) body sizes of every script
 * response. Also printed: the whole first visit (all resources), and what the service worker
 * fetches after load to precache the app for offline use (the built files' brotli sizes: pdf.js
 * and its worker, the PDF export and the print flow), which the page itself does not wait for.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildBoard } from '../../e2e/board/support/buildBoard';
import { launchChromium } from '../../e2e/support/chromium';
import { startRealServer } from '../../e2e/support/realServer';
import { atMost, type Bench, type Figure } from './budget';

const KB = 1000;

export default {
  name: 'board: first visit over the wire (Chromium, real server)',
  async run(): Promise<Figure[]> {
    const dist = await buildBoard();
    const server = await startRealServer({ boardDistDir: dist });
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const responses: { url: string; script: boolean; bytes: number; encoding: string }[] = [];
      page.on('requestfinished', (request) => {
        void (async () => {
          const response = await request.response();
          const sizes = await request.sizes();
          responses.push({
            url: request.url(),
            script: request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url()),
            bytes: sizes.responseBodySize,
            encoding: response?.headers()['content-encoding'] ?? 'identity',
          });
        })();
      });
      await page.goto(server.boardUrl, { waitUntil: 'networkidle' });
      await page.getByTestId('board-title').waitFor();
      await page.waitForLoadState('networkidle');
      await new Promise((r) => setTimeout(r, 500));
      const scripts = responses.filter((r) => r.script);
      const scriptBytes = scripts.reduce((n, r) => n + r.bytes, 0);
      const allBytes = responses.reduce((n, r) => n + r.bytes, 0);
      for (const s of scripts) {
        console.log(
          `      script ${s.url.replace(server.origin, '')}: ${(s.bytes / KB).toFixed(1)} kB (${s.encoding})`,
        );
      }
      const assets = join(dist, 'assets');
      const precache = readdirSync(assets)
        .filter((f) => /\.m?js$/.test(f))
        // files under the build's compression threshold (1 kB) have no brotli copy: sent as they are
        .reduce((n, f) => {
          const br = join(assets, `${f}.br`);
          return n + statSync(existsSync(br) ? br : join(assets, f)).size;
        }, 0);
      console.log(
        `      after load, the service worker precaches ${(precache / KB).toFixed(0)} kB of JavaScript (brotli) for offline use`,
      );
      console.log(
        `      the whole first visit (HTML, CSS, JS, data): ${(allBytes / KB).toFixed(0)} kB over the wire`,
      );
      await context.close();
      return [atMost('first visit: JavaScript over the wire', scriptBytes / KB, 'kB', 300)];
    } finally {
      await browser.close();
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  },
} satisfies Bench;
