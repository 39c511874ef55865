/**
 * Browser test (issue 12, item 19): where the browser does not print PDFs itself — Firefox, whose
 * pdf.js viewer prints at 150 dpi and smudges the pattern — the real board app downloads the
 * print instead of opening a print frame, and tells the user to print it at 100 % without
 * 'fit to page'. Chromium plays Firefox by its user agent; the board and the server are real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardPage } from '../board/support/boardPage';
import { type BoardTest, startBoardTest } from '../board/support/boardTest';
import { textPdf } from '../board/support/fixtures';
import { PRINT_STUB } from './printStub';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let env: BoardTest;

beforeAll(async () => {
  env = await startBoardTest();
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe('printing in a browser that does not print PDFs itself', () => {
  it('downloads the print with the "print at 100 %, no fit to page" hint instead of printing through pdf.js', async () => {
    const context = await env.browser.newContext({
      userAgent: FIREFOX,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      serviceWorkers: 'block',
    });
    await context.addInitScript({ content: PRINT_STUB });
    const board = new BoardPage(await context.newPage());
    await board.page.goto(`${env.server.boardUrl}?lang=en&notice=0`);
    await board.importFile('pdf', 'Worksheet.pdf', await textPdf(['Worksheet']), 'application/pdf');
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 1 / 1', 'the PDF page');
    await board.testId('print-open').click();
    await board.testId('print-dialog').waitFor();
    // pre-printed Ncode A4 paper needs no sign-in
    await board.testId('print-paper-ncodeA4').check();
    const download = board.page.waitForEvent('download', { timeout: 60_000 });
    await board.testId('print-submit').click();
    expect((await download).suggestedFilename()).toBe('Worksheet-print.pdf');
    const hint = board.testId('print-download-hint');
    await hint.waitFor({ timeout: 60_000 });
    expect(await hint.textContent()).toContain('print at 100 % (actual size), without “fit to page”');
    // no print frame was opened
    expect(
      await board.page.evaluate(() => (window as unknown as { __printedPdfs: string[] }).__printedPdfs),
    ).toEqual([]);
    await board.shot('print-download-hint');
    await context.close();
  }, 180_000);
});
