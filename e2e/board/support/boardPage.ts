/**
 * A page object for the board in Chromium: menus, dialogs, the simulated pens, ink on the
 * canvas and the strokes of the open board.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { repoRoot } from '../../../test-support/shared';

export const screenshotDir = join(repoRoot, 'reports', 'screenshots');

export interface SimStroke {
  readonly page: string;
  readonly points: readonly (readonly [number, number])[];
  readonly dotsPerSegment?: number;
}

/** What the test reads of a stroke. */
export interface StrokeSummary {
  readonly key: string;
  readonly page: string;
  readonly brushType: number;
  readonly status: string;
  readonly color: number;
  readonly dots: number;
  readonly first: readonly [number, number];
}

export class BoardPage {
  readonly errors: string[] = [];

  constructor(readonly page: Page) {
    page.on('pageerror', (e) => this.errors.push(e.message));
  }

  async shot(name: string): Promise<void> {
    mkdirSync(screenshotDir, { recursive: true });
    await this.page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  }

  testId(id: string) {
    return this.page.getByTestId(id);
  }

  async menu(menu: string, item: string): Promise<void> {
    await this.testId(menu).click();
    await this.testId(`${menu}-${item}`).click();
  }

  /** Picks a file through the import menu (the file chooser opens and gets the file). */
  async importFile(
    item: 'pdf' | 'grida',
    name: string,
    bytes: Uint8Array,
    mimeType = 'application/octet-stream',
  ) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.menu('import-menu', item);
    await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(bytes) });
  }

  async messageText(): Promise<string> {
    return (await this.testId('message-text').first().textContent()) ?? '';
  }

  /** Reads the message dialog's text and closes it. */
  async takeMessage(): Promise<string> {
    await this.testId('message-dialog').waitFor();
    const text = await this.messageText();
    await this.testId('message-dialog').getByRole('button').click();
    await this.testId('message-dialog').waitFor({ state: 'detached' });
    return text;
  }

  async pageLabel(): Promise<string> {
    return (await this.testId('page-label').textContent()) ?? '';
  }

  /** The Ncode address of board page `i` (from the page list). */
  async pageAddress(i: number): Promise<string> {
    return (await this.testId(`page-item-${i}`).getAttribute('data-address')) ?? '';
  }

  async pageCount(): Promise<number> {
    return this.page.locator('[data-testid^="page-item-"]').count();
  }

  /** Pixels of the completed-ink canvas with some ink (alpha > 0), and how many are translucent. */
  async inkPixels(): Promise<{ any: number; translucent: number }> {
    return this.page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('canvas[data-layer="completed"]');
      const ctx = c?.getContext('2d');
      if (!c || !ctx || c.width === 0) return { any: 0, translucent: 0 };
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let any = 0;
      let translucent = 0;
      for (let i = 3; i < d.length; i += 4) {
        if (d[i]! > 0) any++;
        if (d[i]! > 20 && d[i]! < 200) translucent++;
      }
      return { any, translucent };
    });
  }

  /** Dark pixels of the document canvas (the PDF page's text and lines). */
  async documentPixels(): Promise<number> {
    return this.page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('canvas[data-layer="document"]');
      const ctx = c?.getContext('2d');
      if (!c || !ctx || c.width === 0) return 0;
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 0 && d[i]! + d[i + 1]! + d[i + 2]! < 300) n++;
      return n;
    });
  }

  /** Strokes of the open board (any status), page by page. */
  async strokes(status: 'normal' | 'all' = 'normal'): Promise<StrokeSummary[]> {
    return this.page.evaluate((st) => {
      type S = {
        key: string;
        page: { section: number; owner: number; book: number; page: number };
        brushType: number;
        status: string;
        colorArgb: number;
        dots: { count: number; xNu: Float32Array; yNu: Float32Array };
      };
      const app = (
        window as unknown as {
          dotinkBoard: {
            session?: {
              pages: { address: { section: number; owner: number; book: number; page: number } }[];
              store: { strokesOnPage(id: string, f?: { status: string }): S[] };
            };
          };
        }
      ).dotinkBoard;
      const s = app.session;
      if (!s) return [];
      const id = (a: S['page']) => `${a.section}.${a.owner}.${a.book}.${a.page}`;
      return s.pages.flatMap((p) =>
        s.store.strokesOnPage(id(p.address), { status: st }).map((x) => ({
          key: x.key,
          page: id(x.page),
          brushType: x.brushType,
          status: x.status,
          color: x.colorArgb,
          dots: x.dots.count,
          first: [Math.round(x.dots.xNu[0]! * 100) / 100, Math.round(x.dots.yNu[0]! * 100) / 100] as const,
        })),
      );
    }, status);
  }

  async installPen(options: { password?: string; mac?: string; available?: boolean } = {}): Promise<void> {
    await this.page.evaluate(
      (o) => (window as unknown as { dotinkSim: { install(o: unknown): void } }).dotinkSim.install(o),
      options,
    );
  }

  async write(strokes: readonly SimStroke[]): Promise<void> {
    await this.page.evaluate(
      (s) => (window as unknown as { dotinkSim: { play(s: unknown): Promise<void> } }).dotinkSim.play(s),
      strokes,
    );
  }

  /** Starts writing `strokes` with the simulated pen; {@link writeDone} waits for the pen-up. */
  async startWriting(strokes: readonly SimStroke[]): Promise<void> {
    await this.page.evaluate((s) => {
      const w = window as unknown as {
        dotinkSim: { play(s: unknown): Promise<void> };
        dotinkWriting?: Promise<void>;
      };
      w.dotinkWriting = w.dotinkSim.play(s);
    }, strokes);
  }

  async writeDone(): Promise<void> {
    await this.page.evaluate(() => (window as unknown as { dotinkWriting?: Promise<void> }).dotinkWriting);
  }

  /** Ink pixels on the live layer (strokes being written), and whether it is a low-latency canvas. */
  async livePixels(): Promise<{ any: number; lowLatency: boolean }> {
    return this.page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('canvas[data-layer="live"]');
      const ctx = c?.getContext('2d');
      if (!c || !ctx || c.width === 0) return { any: 0, lowLatency: false };
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let any = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) any++;
      return { any, lowLatency: ctx.getContextAttributes().desynchronized === true };
    });
  }

  async key(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async pressed(testId: string): Promise<boolean> {
    return (await this.testId(testId).getAttribute('aria-pressed')) === 'true';
  }

  /** Saves through the save menu; returns the download. */
  async save(item: 'pdf' | 'grida', title: string): Promise<Download> {
    await this.menu('save-menu', item);
    await this.testId('save-title').fill(title);
    const download = this.page.waitForEvent('download');
    await this.testId('save-confirm').click();
    return download;
  }

  async waitFor(fn: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (await fn()) return;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await this.page.waitForTimeout(50);
    }
  }
}

/**
 * Opens the board at `boardUrl?query` in a new page of `context`, with the simulated-pen script
 * (then `initScripts`) installed before the app starts, and waits for the app to show.
 */
export async function openBoard(
  context: BrowserContext,
  boardUrl: string,
  penScript: string,
  query: string,
  ...initScripts: string[]
): Promise<BoardPage> {
  const page = await context.newPage();
  for (const content of [penScript, ...initScripts]) await page.addInitScript({ content });
  const b = new BoardPage(page);
  await page.goto(`${boardUrl}?${query}`);
  await b.testId('board-title').waitFor();
  return b;
}
