/**
 * Browser test of printing in the real board app served by the real server (a child process,
 * e2e/support/realServer.ts), with the board's simulated pens (e2e/board/support): import a PDF,
 * open Print from the top bar, print on pre-printed Ncode A4 paper (the browser's print dialog is
 * stood in for by an empty frame: headless Chromium cannot show PDFs, see printStub.ts), register
 * the two printed pages with pen taps (not stored as ink, no page created) meeting both alerts
 * ("not the same page", "overlap"), then write on the registered paper and find the ink on the
 * right board page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardPage } from '../board/support/boardPage';
import { type BoardTest, startBoardTest } from '../board/support/boardTest';
import { textPdf } from '../board/support/fixtures';
import { PRINT_STUB } from './printStub';

let env: BoardTest;
let board: BoardPage;

beforeAll(async () => {
  env = await startBoardTest();
  board = await env.open('lang=en&notice=0', { viewport: { width: 1280, height: 860 } }, PRINT_STUB);
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('printing from the board app', () => {
  it('prints on Ncode A4 paper from the top bar, registers the pages with the pen, and ink lands on them', async () => {
    await board.importFile(
      'pdf',
      'Worksheet.pdf',
      await textPdf(['Worksheet one', 'Worksheet two']),
      'application/pdf',
    );
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 1 / 2', 'the PDF pages');
    await board.installPen({ mac: '9C:7B:D2:00:00:07' });
    await board.testId('connect-pen').click();
    await board.waitFor(
      async () => /\b1\b/.test((await board.testId('pen-count').textContent()) ?? ''),
      'the pen',
    );

    await board.testId('print-open').click();
    await board.testId('print-dialog').waitFor();
    expect(await board.testId('print-range-summary').textContent()).toBe('2 of 2 pages');
    // the board has no sign-in yet: the pattern choices say so, pre-printed paper prints
    expect(await board.testId('print-needs-sign-in').isVisible()).toBe(true);
    await board.testId('print-paper-ncodeA4').check();
    await board.shot('print-board-dialog');
    await board.testId('print-submit').click();

    await board.page.waitForSelector('[data-testid="print-status"][data-state="waitingForPrint"]', {
      timeout: 60_000,
    });
    expect(
      await board.page.evaluate(
        () => (window as unknown as { __printedPdfs: string[] }).__printedPdfs.length,
      ),
    ).toBe(1);
    await board.testId('print-handoff-done').click();

    await board.testId('registration-dialog').waitFor({ timeout: 20_000 });
    await board.shot('print-board-registration');
    const P1 = '3.27.168.20';
    const P2 = '3.27.168.21';
    const tap = (page: string, x: number, y: number) =>
      board.write([
        {
          page,
          points: [
            [x, y],
            [x + 0.3, y + 0.2],
          ],
          dotsPerSegment: 3,
        },
      ]);
    const title = () => board.page.locator('[data-testid="registration-dialog"] h2').textContent();
    await tap(P1, 13.4, 17.7);
    await board.waitFor(
      async () =>
        (await board.testId('registration-instruction').textContent()) ===
        'Now tap the mark at the bottom right of the same page.',
      'the bottom-right step',
    );
    // the bottom-right mark of another sheet: refused
    await tap(P2, 81.4, 113.9);
    await board.waitFor(
      async () =>
        (await board.testId('registration-alert').textContent()) ===
        'Not the same page: the same PDF page must correspond to one Ncode paper.',
      'the not-the-same-page alert',
    );
    await tap(P1, 81.4, 113.9);
    await board.waitFor(async () => (await title()) === 'Page-order registration: page 2 of 2', 'page 2');
    await tap(P1, 40, 60);
    await board.testId('registration-alert').waitFor();
    expect(await board.testId('registration-alert').getAttribute('data-alert')).toBe('overlap');
    await tap(P2, 40, 60);
    await board.testId('registration-dialog').waitFor({ state: 'detached', timeout: 10_000 });

    // the pages now show the registered Ncode pages; the taps were not stored as ink
    expect([await board.pageAddress(0), await board.pageAddress(1)]).toEqual([P1, P2]);
    expect(await board.pageCount()).toBe(2);
    expect(await board.strokes()).toEqual([]);

    // writing on the second printed sheet lands on board page 2
    await board.write([
      {
        page: P2,
        points: [
          [20, 40],
          [60, 45],
        ],
      },
    ]);
    await board.waitFor(async () => (await board.strokes()).length === 1, 'the stroke');
    expect((await board.strokes())[0]!.page).toBe(P2);
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 2 / 2', 'the page followed the pen');
    expect(await board.pageCount()).toBe(2);
    await board.waitFor(async () => (await board.inkPixels()).any > 100, 'the ink');
    await board.shot('print-board-ink-on-registered-page');
    expect(board.errors).toEqual([]);
  }, 120_000);
});
