/**
 * Browser test of board sync against the real server (a child process with the demo school):
 * sign in through the server's own sign-in pages in Chromium, make a board, see it synced; in a
 * fresh browser profile sign in again and find the board with its pages; sign out and keep it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardPage } from '../board/support/boardPage';
import { type BoardTest, startBoardTest } from '../board/support/boardTest';
import { textPdf } from '../board/support/fixtures';
import { signInOnBoard } from '../print/signIn';

let env: BoardTest;

beforeAll(async () => {
  env = await startBoardTest({ seedDemo: true });
}, 180_000);

afterAll(async () => {
  await env?.close();
});

async function freshBoard(): Promise<BoardPage> {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const board = new BoardPage(page);
  await page.goto(`${env.server.boardUrl}?lang=en&notice=0`);
  await board.testId('board-title').waitFor();
  return board;
}

const synced = (board: BoardPage) =>
  board.page.waitForSelector('[data-testid="sync-status"][data-status="synced"]', { timeout: 20_000 });

describe('board sync in Chromium', () => {
  it('syncs a board to the account and finds it in a fresh browser profile', async () => {
    const first = await freshBoard();
    expect(await signInOnBoard(first.page)).not.toBe('');
    await synced(first);

    await first.importFile(
      'pdf',
      'Synced notes.pdf',
      await textPdf(['Synced one', 'Synced two']),
      'application/pdf',
    );
    await first.waitFor(async () => (await first.pageLabel()) === 'Page 1 / 2', 'the PDF pages');
    await first.testId('back-to-list').click();
    // closing the board syncs it
    await first.waitFor(
      async () => {
        const res = await first.page.evaluate(async () => {
          const auth = JSON.parse(sessionStorage.getItem('dotink-board.auth') ?? '{}') as {
            accessToken?: string;
          };
          const r = await fetch('../board/v1/boards', {
            headers: { authorization: `Bearer ${auth.accessToken}` },
          });
          return ((await r.json()) as { data: { boards: { title: string }[] } }).data.boards.map(
            (b) => b.title,
          );
        });
        return res.includes('Synced notes');
      },
      'the board on the server',
      20_000,
    );
    await first.shot('sync-signed-in');

    const second = await freshBoard();
    await signInOnBoard(second.page);
    await synced(second);
    // the board list shows the received board without a reload
    await second.page.getByText('Synced notes').first().waitFor({ timeout: 10_000 });
    expect(await second.testId('sync-status').textContent()).toBe('Synced · 1 board(s) received');
    await second.shot('sync-received');
    await second.page.getByText('Synced notes').first().click();
    await second.waitFor(async () => (await second.pageLabel()) === 'Page 1 / 2', 'the synced pages');
    await second.waitFor(async () => (await second.documentPixels()) > 100, 'the synced PDF drawn');

    // signing out keeps the board on this device
    await second.testId('back-to-list').click();
    await second.testId('sign-out').click();
    await second.testId('sign-in').waitFor();
    await second.page.getByText('Synced notes').first().waitFor();
    expect([...first.errors, ...second.errors]).toEqual([]);
  }, 180_000);
});
