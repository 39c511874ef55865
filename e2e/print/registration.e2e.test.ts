/**
 * Browser test of page-order registration without a pen connected first (issue 12 item 10): after
 * printing on pre-printed Ncode A4 paper the registration dialog connects the pen itself; a
 * cancelled registration opens again from the page menu (no need to print again), and then
 * completes with the pen's taps.
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

const P1 = '3.27.168.30';
const tap = (x: number, y: number) =>
  board.write([
    {
      page: P1,
      points: [
        [x, y],
        [x + 0.3, y + 0.2],
      ],
      dotsPerSegment: 3,
    },
  ]);

describe('page-order registration', () => {
  it('connects the pen from the dialog, reopens from the page menu after Cancel, and completes', async () => {
    await board.importFile('pdf', 'Sheet.pdf', await textPdf(['Sheet one']), 'application/pdf');
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 1 / 1', 'the PDF page');
    await board.testId('print-open').click();
    await board.testId('print-dialog').waitFor();
    await board.testId('print-paper-ncodeA4').check();
    await board.testId('print-submit').click();
    await board.page.waitForSelector('[data-testid="print-status"][data-state="waitingForPrint"]', {
      timeout: 60_000,
    });
    await board.testId('print-handoff-done').click();
    await board.testId('registration-dialog').waitFor({ timeout: 20_000 });

    // no pen yet: connect it from the dialog
    await board.installPen({ mac: '9C:7B:D2:00:00:41' });
    await board.testId('registration-connect-pen').click();
    await board.waitFor(
      async () => (await board.testId('registration-pen-count').textContent()) === 'Pens connected: 1',
      'the pen connected from the dialog',
    );
    await board.shot('registration-connect-pen');
    await tap(13.4, 17.7);
    await board.waitFor(
      async () =>
        (await board.testId('registration-instruction').textContent()) ===
        'Now tap the mark at the bottom right of the same page.',
      'the bottom-right step',
    );

    // cancelled: not lost, the page menu opens it again from the start
    await board.testId('registration-cancel').click();
    await board.testId('registration-dialog').waitFor({ state: 'detached' });
    await board.testId('page-menu').click();
    await board.testId('page-menu-register').click();
    await board.testId('registration-dialog').waitFor();
    expect(await board.testId('registration-instruction').textContent()).toBe(
      'With the pen, tap the mark at the top left of printed page 1.',
    );
    await tap(13.4, 17.7);
    await board.waitFor(
      async () =>
        (await board.testId('registration-instruction').textContent()) ===
        'Now tap the mark at the bottom right of the same page.',
      'the bottom-right step again',
    );
    await tap(81.4, 113.9);
    await board.testId('registration-dialog').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await board.pageAddress(0)).toBe(P1);
    expect(await board.strokes()).toEqual([]);

    // registered: nothing left to register
    await board.testId('page-menu').click();
    expect(await board.testId('page-menu-register').isDisabled()).toBe(true);
    await board.key('Escape');
    expect(board.errors).toEqual([]);
  }, 120_000);
});
