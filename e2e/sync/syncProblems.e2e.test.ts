/**
 * Browser test of why the board does not sync, said in the user's language with what to do
 * (issue 29 item 9, issue 26): a new account signed up from the board waits for approval (the
 * server refuses it the storage scope); a signed-in school whose server cannot store files
 * (its file store broken: the boards API answers 503) — never the developer text
 * "boards API: 503".
 */
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

async function freshBoard(lang: string): Promise<BoardPage> {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const board = new BoardPage(page);
  await page.goto(`${env.server.boardUrl}?lang=${lang}&notice=0`);
  await board.testId('board-title').waitFor();
  return board;
}

const failed = (board: BoardPage) =>
  board.page.waitForSelector('[data-testid="sync-status"][data-status="failed"]', { timeout: 30_000 });

describe('why the board does not sync', () => {
  it("a new account's boards: waiting for approval, and what to do", async () => {
    const board = await freshBoard('en');
    await board.testId('sign-in').click();
    await board.page.waitForURL(/\/interaction\//, { timeout: 20_000 });
    const chooser = board.page.getByRole('link', { name: 'Sign in with a dotink account' });
    if (await chooser.isVisible().catch(() => false)) await chooser.click();
    await board.page.getByRole('link', { name: 'Create an account' }).click();
    await board.page.locator('#name').fill('New Board Teacher');
    await board.page.locator('#email').fill('new.board.teacher@example.org');
    await board.page.locator('#password').fill('a-long-password-1');
    await board.page.locator('#confirm').fill('a-long-password-1');
    await board.page.locator('form button[type=submit]').click();
    await board.testId('account-name').waitFor({ timeout: 30_000 });
    // back on the board's own address: its notice may show (as on any first visit)
    const notice = board.testId('notice-close');
    if (await notice.isVisible().catch(() => false)) await notice.click();
    await failed(board);
    expect(await board.testId('sync-status').textContent()).toBe(
      'Not synced (kept on this device) · waiting for approval',
    );
    // the explanation opens on its own: why, and what to do
    expect(await board.testId('sync-problem').textContent()).toBe(
      "Your account is waiting for approval, so the server does not keep boards for it yet. Your boards are kept on this device. Ask your school's administrator to approve your account, then sign out and sign in again: your boards will sync.",
    );
    await board.shot('sync-waiting-for-approval');
    // a click elsewhere closes it; "Why?" opens it again
    await board.testId('board-list').click({ position: { x: 5, y: 5 } });
    expect(await board.testId('sync-problem').count()).toBe(0);
    await board.testId('sync-why').click();
    await board.testId('sync-problem').waitFor();
    expect(board.errors).toEqual([]);
  }, 120_000);

  it('the server cannot store boards (503): said in Korean, kept on this device', async () => {
    // signed in through the server's pages in English, then the board is shown in Korean
    const board = await freshBoard('en');
    await signInOnBoard(board.page);
    await board.page.goto(`${env.server.boardUrl}?lang=ko&notice=0`);
    await board.page.waitForSelector('[data-testid="sync-status"][data-status="synced"]', {
      timeout: 20_000,
    });
    // the server's file store breaks: its folder becomes a file (writes fail: 503)
    const files = join(env.server.dataDir, 'files');
    const hadFiles = existsSync(files);
    if (hadFiles) renameSync(files, `${files}.away`);
    writeFileSync(files, 'not a folder');
    try {
      await board.importFile('pdf', 'Offline.pdf', await textPdf(['Kept here']), 'application/pdf');
      await board.waitFor(async () => (await board.pageCount()) === 1, 'the PDF page');
      await board.testId('back-to-list').click();
      await failed(board);
      const label = (await board.testId('sync-status').textContent()) ?? '';
      expect(label).toBe('동기화 안 됨 (이 기기에 보관됨) · 서버 사용 불가');
      expect(await board.testId('sync-problem').textContent()).toBe(
        '지금은 서버가 보드를 저장할 수 없습니다(재시작 또는 점검 중일 수 있습니다). 보드는 이 기기에 보관되어 있으며 서버가 돌아오면 자동으로 동기화됩니다.',
      );
      expect(await board.page.locator('body').textContent()).not.toContain('boards API');
      await board.shot('sync-server-unavailable-ko');
      // the board is still on this device
      expect(await board.page.locator('[data-testid="board-card"][data-title="Offline"]').count()).toBe(1);
    } finally {
      rmSync(files, { force: true });
      if (hadFiles) renameSync(`${files}.away`, files);
    }
    // the store is back: the next sync goes through
    await board.testId('sync-status').click();
    await board.page.waitForSelector('[data-testid="sync-status"][data-status="synced"]', {
      timeout: 20_000,
    });
    expect(board.errors).toEqual([]);
  }, 120_000);
});
