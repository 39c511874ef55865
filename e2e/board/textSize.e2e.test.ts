/**
 * Browser test of the board at 200 % text size (issue 29 item 12; the browser's default font
 * size doubled through CDP `Page.setFontSizes`, as a user's text-size setting does): the top bar
 * wraps instead of running off the screen, and every control of it — the language menu last —
 * is inside the window, in ko and en, on the board list and on an open board. Screenshots go to
 * reports/screenshots/board-text-200-{ko,en}-{list,board}.png.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardPage } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';

let env: BoardTest;
let context: BrowserContext;

const WIDTH = 1280;

beforeAll(async () => {
  env = await startBoardTest();
  context = await env.browser.newContext({ viewport: { width: WIDTH, height: 800 } });
}, 120_000);

afterAll(async () => {
  await env?.close();
});

/** Every control of the top bar that sticks out of the window (none expected). */
async function cutOff(board: BoardPage): Promise<string[]> {
  return board.page.evaluate((width) => {
    const bar = document.querySelector('.top-bar');
    if (!bar) return ['no top bar'];
    const out: string[] = [];
    for (const el of Array.from(bar.querySelectorAll<HTMLElement>('button, select, a, h1'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < 0 || r.right > width + 0.5)
        out.push(
          `${el.dataset.testid ?? el.textContent?.trim()}: ${Math.round(r.left)}–${Math.round(r.right)}`,
        );
    }
    if (bar.scrollWidth > bar.clientWidth + 1)
      out.push(`top bar scrolls: ${bar.scrollWidth} > ${bar.clientWidth}`);
    return out;
  }, WIDTH);
}

describe('200 % text size', () => {
  for (const lang of ['ko', 'en'] as const) {
    it(`${lang}: the top bar wraps, nothing is cut off (list and open board)`, async () => {
      const board = await env.openIn(context, `lang=${lang}&notice=0`);
      const cdp = await context.newCDPSession(board.page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
      await board.page.reload();
      await board.testId('board-list').waitFor();
      // the text did grow: the board title is twice its usual size or more
      const titlePx = await board
        .testId('board-title')
        .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      expect(titlePx).toBeGreaterThanOrEqual(28);
      expect(await cutOff(board)).toEqual([]);
      await board.shot(`board-text-200-${lang}-list`);
      await board.testId('new-board').click();
      await board.testId('add-page').click();
      await board.waitFor(async () => (await board.pageCount()) === 1, 'the page');
      expect(await cutOff(board)).toEqual([]);
      // the language menu is reachable and whole
      const lang200 = (await board.testId('language').boundingBox())!;
      expect(lang200.x + lang200.width).toBeLessThanOrEqual(WIDTH);
      await board.shot(`board-text-200-${lang}-board`);
      expect(board.errors).toEqual([]);
      await board.page.close();
    }, 60_000);
  }
});
