/**
 * The setup every board browser test file shares: the board built with Vite, the simulated-pens
 * script, the real server serving the build, and Chromium; `open` gives a board page in a new
 * browser context, and `close` ends the browser and the server.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { launchChromium } from '../../support/chromium';
import { type RealServer, type RealServerOptions, startRealServer } from '../../support/realServer';
import { type BoardPage, openBoard } from './boardPage';
import { buildBoard, simulatedPensScript } from './buildBoard';

/** A started board test: the server, the browser, and the simulated-pens page script. */
export interface BoardTest {
  readonly server: RealServer;
  readonly browser: Browser;
  readonly penScript: string;
  /**
   * Opens the board at `?query` in a new browser context (with `contextOptions`), the pens and
   * `initScripts` installed before the app starts (see {@link openBoard}).
   */
  open(query: string, contextOptions?: BrowserContextOptions, ...initScripts: string[]): Promise<BoardPage>;
  /** Opens the board at `?query` in a new page of `context` (see {@link openBoard}). */
  openIn(context: BrowserContext, query: string, ...initScripts: string[]): Promise<BoardPage>;
  /** Closes the browser, then the server. */
  close(): Promise<void>;
}

/** Builds the board, starts the real server (with `serverOptions`) serving it, and launches Chromium. */
export async function startBoardTest(
  serverOptions: Omit<RealServerOptions, 'boardDistDir'> = {},
): Promise<BoardTest> {
  const [dist, penScript] = await Promise.all([buildBoard(), simulatedPensScript()]);
  const server = await startRealServer({ ...serverOptions, boardDistDir: dist });
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await server.close();
    throw error;
  }
  const openIn = (context: BrowserContext, query: string, ...initScripts: string[]) =>
    openBoard(context, server.boardUrl, penScript, query, ...initScripts);
  return {
    server,
    browser,
    penScript,
    openIn,
    open: async (query, contextOptions, ...initScripts) =>
      openIn(await browser.newContext(contextOptions), query, ...initScripts),
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
