/**
 * Browser test of the print flow in the real board app against the real server (a child process,
 * demo school seeded, default CODE_START on a fresh database: the server issues only the installed
 * code pages of the shared vendor copy, 3.27.1068 p1–p15): the
 * print dialog signed out — three paper choices, the sign-in note, the page range, simple and
 * detailed modes, four languages; then signed in through the server's sign-in pages — plain paper
 * with codes issued by the server, the reprint PDF reusing them, and a cancelled print while the
 * code pages come slowly (the server's answers delayed with Playwright's routing: network
 * shaping, the answers are the server's own). Screenshots go to reports/screenshots/print-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardPage } from '../board/support/boardPage';
import { type BoardTest, startBoardTest } from '../board/support/boardTest';
import { textPdf } from '../board/support/fixtures';
import { PRINT_STUB } from './printStub';
import { signInOnBoard } from './signIn';

let env: BoardTest;
let context: BrowserContext;
let board: BoardPage;
/** Code requests the board sent to the server (query strings). */
const codeRequests: string[] = [];

beforeAll(async () => {
  env = await startBoardTest({ seedDemo: true });
  // the service worker is blocked so that routing sees the board's requests (the offline
  // service worker has its own browser test in e2e/board)
  context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    serviceWorkers: 'block',
  });
  await context.addInitScript({ content: PRINT_STUB });
  context.on('request', (r) => {
    // a request passed on by the board's service worker shows up twice: count the page's
    if (r.serviceWorker()) return;
    const url = new URL(r.url());
    if (url.pathname === '/board/v1/paper/ncode') codeRequests.push(url.search);
  });
  board = new BoardPage(await context.newPage());
  await board.page.goto(`${env.server.boardUrl}?lang=en&notice=0`);
  await board.importFile(
    'pdf',
    'Lesson.pdf',
    await textPdf(['Lesson one', 'Lesson two', 'Lesson three']),
    'application/pdf',
  );
  await board.waitFor(async () => (await board.pageLabel()) === 'Page 1 / 3', 'the PDF pages');
}, 180_000);

afterAll(async () => {
  await env?.close();
});

const shot = (name: string) => board.shot(`print-${name}`);
const byId = (id: string, page: Page = board.page) => page.getByTestId(id);
/** Waits for a print state; a timeout names the state shown and its message. */
async function statusIs(state: string, timeout = 60_000): Promise<void> {
  try {
    await board.page.waitForSelector(`[data-testid="print-status"][data-state="${state}"]`, { timeout });
  } catch (error) {
    // what the page shows instead (the state, or which dialogs and alerts are open, and where)
    const shown = await board.page.evaluate(() => {
      const s = document.querySelector('[data-testid="print-status"]');
      const f = document.querySelector('[data-testid="print-failure"]');
      const open = Array.from(
        document.querySelectorAll('[role=dialog],[role=alertdialog],[role=alert],[role=status]'),
      )
        .map(
          (d) =>
            `${d.getAttribute('data-testid') ?? d.getAttribute('role')}: ${(d.textContent ?? '').slice(0, 80)}`,
        )
        .join(' | ');
      return `${s?.getAttribute('data-state')}: ${s?.textContent ?? ''} ${f?.textContent ?? ''} (open: ${open}; at ${location.href})`;
    });
    await shot(`not-${state}`).catch(() => undefined);
    throw new Error(`print state ${state} not reached (shown: ${shown})`, { cause: error });
  }
}
const printedCount = () =>
  board.page.evaluate(() => (window as unknown as { __printedPdfs: string[] }).__printedPdfs.length);
const openPrint = async () => {
  await byId('print-open').click();
  await byId('print-dialog').waitFor();
};

describe.sequential('print flow in Chromium against the real server', () => {
  it('walks the dialog signed out: three choices, sign-in note, page range, detailed mode; in four languages', async () => {
    await openPrint();
    await shot('dialog-simple-signed-out');
    for (const choice of ['plainPaper', 'ncodeA4', 'savePdf']) await byId(`print-paper-${choice}`).waitFor();
    expect(await byId('print-paper-plainPaper').isChecked()).toBe(true);
    expect(await byId('print-needs-sign-in').isVisible()).toBe(true);
    expect(await byId('print-submit').isDisabled()).toBe(true);
    await byId('print-paper-savePdf').check();
    expect(await byId('print-submit').textContent()).toBe('Save PDF');
    expect(await byId('print-submit').isDisabled()).toBe(true);
    await byId('print-paper-ncodeA4').check();
    expect(await byId('print-submit').isDisabled()).toBe(false);

    // page range: blank = all, garbage filtered, out of range disables Print, blur normalises
    expect(await byId('print-range-summary').textContent()).toBe('3 of 3 pages');
    await byId('print-range').fill('7');
    expect(await byId('print-range-invalid').isVisible()).toBe(true);
    expect(await byId('print-submit').isDisabled()).toBe(true);
    await shot('range-invalid');
    await byId('print-range').fill('');
    await byId('print-range').pressSequentially('3,2a');
    expect(await byId('print-range').inputValue()).toBe('3,2');
    await byId('print-range').blur();
    expect(await byId('print-range').inputValue()).toBe('2-3');
    expect(await byId('print-range-summary').textContent()).toBe('2 of 3 pages');

    await byId('print-mode-detailed').click();
    expect(await byId('print-paper-size').isDisabled()).toBe(true);
    await byId('print-paper-plainPaper').check();
    expect(await byId('print-paper-size').isDisabled()).toBe(false);
    expect(await byId('print-density-normal').isChecked()).toBe(true);
    expect(await byId('print-outline').isChecked()).toBe(false);
    await shot('dialog-detailed');
    await byId('print-cancel').click();
    await byId('print-dialog').waitFor({ state: 'detached' });

    for (const [lang, title] of [
      ['ko', '인쇄'],
      ['ja', '印刷'],
      ['zh-TW', '列印'],
    ] as const) {
      const p = new BoardPage(await context.newPage());
      await p.page.goto(`${env.server.boardUrl}?lang=${lang}&notice=0`);
      await p.testId('board-card').first().click();
      await p.testId('print-open').click();
      await p.testId('print-dialog').waitFor();
      expect(await p.page.locator('[data-testid="print-dialog"] h2').textContent()).toBe(title);
      if (lang === 'ko') {
        await p.testId('print-mode-detailed').click();
        await p.shot('print-dialog-ko');
      }
      await p.page.close();
    }
  }, 120_000);

  it('prints signed in: plain paper with codes from the server, the reprint PDF reusing them, a cancelled slow print', async () => {
    expect(await signInOnBoard(board.page)).not.toBe('');
    if ((await board.testId('board-card').count()) > 0) await board.testId('board-card').first().click();
    await board.waitFor(async () => (await board.pageLabel()).endsWith('/ 3'), 'the board');
    await openPrint();
    expect(await byId('print-needs-sign-in').count()).toBe(0);

    // (a) plain paper, pages 1 and 3, dark dots, outline
    await byId('print-mode-detailed').click();
    await byId('print-range').fill('1, 3');
    await byId('print-density-dark').check();
    await byId('print-outline').check();
    await byId('print-submit').click();
    await statusIs('waitingForPrint');
    // Past half a second the page's getting the focus back also ends the wait (the browser's print
    // dialog closed). Pressing "Printed" gives it the focus: the press that ends the wait must show
    // the print complete, not land on the Close button that takes the Printed button's place.
    await board.page.waitForTimeout(800);
    await byId('print-handoff-done').click();
    await statusIs('complete', 10_000);
    await shot('complete-plain-paper');
    expect(codeRequests).toHaveLength(1);
    expect(codeRequests[0]).toMatch(/^\?qty=\d+&width=230&height=317$/);
    expect(await printedCount()).toBe(1);
    const printed = [await board.pageAddress(0), await board.pageAddress(2)];
    expect(printed.every((a) => a.startsWith('3.27.1068.'))).toBe(true);
    await byId('print-close').click();

    // cancel while the server's code pages come slowly (page 2's code page is not fetched yet)
    await board.page.route('**/ncode_data/**', async (route) => {
      await new Promise((r) => setTimeout(r, 6000));
      await route.continue();
    });
    try {
      await openPrint();
      await byId('print-paper-plainPaper').check();
      await byId('print-range').fill('2');
      await byId('print-submit').click();
      await statusIs('processing');
      await shot('processing');
      await byId('print-progress-cancel').click();
      await statusIs('waitingForCancel', 5000);
      expect(await byId('print-status').textContent()).toBe('The program is running');
      await byId('print-wait-longer').waitFor({ timeout: 5000 });
      expect(await byId('print-wait-longer').textContent()).toBe('Please wait a little longer');
      await shot('waiting-for-cancel');
      await statusIs('cancelled', 30_000);
      await shot('cancelled');
    } finally {
      await board.page.unroute('**/ncode_data/**');
    }
    expect(await printedCount()).toBe(1);
    await byId('print-close').click();

    // (c) the reprint PDF of every page: the codes are reused, no new request
    await openPrint();
    await byId('print-paper-savePdf').check();
    const pdfDownload = board.page.waitForEvent('download');
    await byId('print-submit').click();
    await statusIs('complete');
    expect((await pdfDownload).suggestedFilename()).toMatch(/\.pdf$/);
    expect(await byId('print-reprint-note').textContent()).toBe(
      'A reprint PDF must be printed at original size with no scaling.',
    );
    await shot('complete-reprint-pdf');
    expect([await board.pageAddress(0), await board.pageAddress(2)]).toEqual(printed);
    expect(codeRequests).toHaveLength(1);
    await byId('print-close').click();
    expect(board.errors).toEqual([]);
  }, 180_000);
});
