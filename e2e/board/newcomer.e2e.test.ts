/**
 * Browser tests of issue 12's newcomer findings (Chromium, the built board on the real server):
 * empty boards do not pile up, 'Delete forever' asks first, saving an empty board warns, each
 * page keeps its zoom and a board reopens at its page, the language choice is remembered and
 * the menu offers only languages with text.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardPage } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';

let env: BoardTest;
let context: BrowserContext;
let board: BoardPage;

beforeAll(async () => {
  env = await startBoardTest();
  context = await env.browser.newContext({ viewport: { width: 1366, height: 860 }, acceptDownloads: true });
  board = await env.openIn(context, 'lang=en&notice=0');
}, 180_000);

afterAll(async () => {
  await env?.close();
});

const scale = () =>
  board.page.evaluate(
    () =>
      (
        window as unknown as {
          dotinkBoard: { viewHandle: { current: { viewport(): { scale: number } } } };
        }
      ).dotinkBoard.viewHandle.current.viewport().scale,
  );

describe.sequential('the board as a newcomer meets it (issue 12)', () => {
  it('an empty new board is not kept; saving it warns that the file is empty', async () => {
    await board.testId('new-board').click();
    await board.testId('empty-board').waitFor();
    await board.menu('save-menu', 'grida');
    await board.testId('save-empty').waitFor();
    expect(await board.testId('save-empty').textContent()).toBe(
      'This board has no writing and no PDF yet: the file will be empty.',
    );
    await board.page.keyboard.press('Escape');
    await board.testId('back-to-list').click();
    await board.testId('list-empty').waitFor();
    expect(await board.testId('board-card').count()).toBe(0);
  });

  it('each page keeps its own zoom; the board reopens at the page it was left on', async () => {
    await board.testId('new-board').click();
    await board.testId('add-page').click();
    await board.testId('add-page').click();
    await board.waitFor(async () => (await board.pageCount()) === 2, 'two pages');
    await board.testId('page-item-1').click();
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 2 / 2', 'page 2');
    const fitted = await scale();
    await board.testId('zoom-in').click();
    await board.testId('zoom-in').click();
    const zoomed = await scale();
    expect(zoomed).toBeGreaterThan(fitted * 1.2);
    await board.testId('page-item-0').click();
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 1 / 2', 'page 1');
    await board.testId('page-item-1').click();
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 2 / 2', 'page 2 again');
    await board.waitFor(
      async () => Math.abs((await scale()) - zoomed) < 1e-6,
      'page 2 zoomed as it was left',
    );
    await board.testId('back-to-list').click();
    await board.testId('board-card').first().getByRole('button').click();
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 2 / 2', 'reopened at page 2');
    await board.testId('back-to-list').click();
    await board.testId('board-list').waitFor();
  });

  it("'Delete forever' asks first; Cancel keeps the board", async () => {
    await board.testId('select-mode').click();
    await board.testId('board-card').first().getByRole('checkbox').check();
    await board.testId('move-to-trash').click();
    await board.testId('filter-trash').click();
    await board.testId('select-mode').click();
    await board.testId('board-card').first().getByRole('checkbox').check();
    await board.testId('delete-forever').click();
    await board.testId('confirm-dialog').waitFor();
    expect(await board.testId('confirm-text').textContent()).toBe(
      'Delete 1 board forever? Its pages, PDFs and writing cannot be restored.',
    );
    await board.testId('confirm-cancel').click();
    expect(await board.testId('board-card').count()).toBe(1);
    await board.testId('delete-forever').click();
    await board.testId('confirm-ok').click();
    await board.testId('list-empty').waitFor();
  });

  it('the language menu offers ko, en, ja, zh-TW only, and the choice is remembered', async () => {
    const options = await board
      .testId('language')
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).toEqual(['ko', 'en', 'ja', 'zh-TW']);
    await Promise.all([board.page.waitForURL(/lang=ja/), board.testId('language').selectOption('ja')]);
    await board.testId('board-list').waitFor();
    await board.page.goto(`${env.server.boardUrl}?notice=0`);
    await board.testId('board-list').waitFor();
    expect(await board.page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(board.errors).toEqual([]);
  });
});
