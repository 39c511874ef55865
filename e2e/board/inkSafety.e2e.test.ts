/**
 * Browser tests of issue 12's "ink is never lost" (Chromium, the built board on the real server):
 * dense mouse writing up to a page's edges, the last stroke before a reload, and storage that
 * fails (IndexedDB writes made to fail in the page).
 */
import { readFileSync } from 'node:fs';
import { readGridaFile } from '@dotink/ink';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEdgeStrokes } from '../../bench/browser/edgeStrokes';
import type { BoardPage } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';
import { textPdf } from './support/fixtures';

let env: BoardTest;

beforeAll(async () => {
  env = await startBoardTest();
}, 180_000);

afterAll(async () => {
  await env?.close();
});

async function freshContext(): Promise<BrowserContext> {
  return env.browser.newContext({ viewport: { width: 1366, height: 860 }, acceptDownloads: true });
}

/** A new board with one blank page, the mouse pen writing. */
async function boardWithPage(context: BrowserContext, query = 'lang=en&notice=0'): Promise<BoardPage> {
  const board = await env.openIn(context, query);
  await board.testId('new-board').click();
  await board.testId('empty-board').waitFor();
  await board.testId('add-page').click();
  await board.waitFor(async () => (await board.pageCount()) === 1, 'the blank page');
  await board.testId('page-view').waitFor();
  await board.page.waitForTimeout(300); // the view measured and fitted
  return board;
}

/** The open board's id. */
async function boardId(board: BoardPage): Promise<string> {
  return board.page.evaluate(
    () =>
      (window as unknown as { dotinkBoard: { session: { board: { id: string } } } }).dotinkBoard.session.board
        .id,
  );
}

/** Strokes of a board as stored in IndexedDB (read through the app's repository). */
async function storedStrokes(board: BoardPage, id: string): Promise<{ dots: number }[]> {
  return board.page.evaluate(async (boardId) => {
    const repo = (
      window as unknown as {
        dotinkBoard: {
          deps: {
            repo: { loadBoard(id: string): Promise<{ strokes: { dots: { count: number } }[] } | undefined> };
          };
        };
      }
    ).dotinkBoard.deps.repo;
    const loaded = await repo.loadBoard(boardId);
    return (loaded?.strokes ?? []).map((s) => ({ dots: s.dots.count }));
  }, id);
}

describe.sequential('ink is never lost (issue 12)', () => {
  it('2,000 mouse strokes over a whole page, edges included, are all stored with their dots', async () => {
    const context = await freshContext();
    try {
      const board = await boardWithPage(context);
      const id = await boardId(board);
      const result = await writeEdgeStrokes(board.page, 2000, 5);
      expect(result).toEqual({ drawn: 2000, stored: 2000, lost: 0, misplaced: 0, viewMovedPx: 0 });
      await board.waitFor(async () => (await storedStrokes(board, id)).length === 2000, 'the strokes stored');
      expect((await storedStrokes(board, id)).every((s) => s.dots === 5)).toBe(true);
      expect(board.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 900_000);

  it('keeps the last stroke when the page reloads 0, 50 or 100 ms after pen-up', async () => {
    const context = await freshContext();
    try {
      const board = await boardWithPage(context);
      const id = await boardId(board);
      const box = (await board.testId('page-view').boundingBox())!;
      let expected = 0;
      for (const delayMs of [0, 50, 100]) {
        const y = box.y + box.height / 2 + expected * 30;
        const { mouse } = board.page;
        await mouse.move(box.x + box.width / 2 - 60, y);
        await mouse.down();
        for (let i = 1; i <= 6; i++) await mouse.move(box.x + box.width / 2 - 60 + i * 10, y + (i % 2) * 4);
        await mouse.up();
        expected++;
        if (delayMs > 0) await board.page.waitForTimeout(delayMs);
        await board.page.reload();
        await board.testId('board-list').waitFor();
        // the stroke is in the database (a rescued one once the start has written it)
        const count = async () => (await storedStrokes(board, id)).length;
        await board
          .waitFor(async () => (await count()) >= expected, 'the stroke', 5000)
          .catch(() => undefined);
        expect({ delayMs, strokes: await count() }).toEqual({ delayMs, strokes: expected });
        await board.testId('board-card').first().getByRole('button').click();
        await board.testId('page-view').waitFor();
        await board.page.waitForTimeout(300);
      }
      expect(board.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('says when storage writes fail, keeps the ink, offers a .GRIDA and writes it when storage works again', async () => {
    const context = await freshContext();
    await context.addInitScript({ content: FAILING_WRITES });
    try {
      const board = await boardWithPage(context);
      const id = await boardId(board);
      await failWrites(board, true);
      await mouseStrokes(board, 5);
      await board.testId('unsaved-banner').waitFor();
      expect(await board.testId('unsaved-text').textContent()).toMatch(
        /^Your writing could not be saved in this browser \(.*\)\. It stays on this page/,
      );
      expect((await board.strokes()).length).toBe(5); // the ink stays
      expect(await storedStrokes(board, id)).toHaveLength(0);
      await board.shot('30-storage-failing');
      // 'Add page' says why it cannot (no uncaught error, no silence)
      await board.testId('add-page').click();
      expect(await board.takeMessage()).toMatch(/^Storing in this browser failed/);
      // the unsaved work can be saved as a file
      await board.testId('unsaved-save-grida').click();
      await board.testId('save-title').fill('unsaved');
      const download = board.page.waitForEvent('download');
      await board.testId('save-confirm').click();
      const file = readGridaFile(new Uint8Array(readFileSync(await (await download).path())));
      expect(file.strokes).toHaveLength(5);
      // storage works again: the ink is written without the user doing anything
      await failWrites(board, false);
      await board.waitFor(
        async () => (await storedStrokes(board, id)).length === 5,
        'the ink written',
        15_000,
      );
      await board.testId('unsaved-banner').waitFor({ state: 'detached' });
      await board.page.reload();
      await board.testId('board-list').waitFor();
      expect(await storedStrokes(board, id)).toHaveLength(5);
      expect(board.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('New board and a PDF import with failing storage: a storage message, never "cannot be imported"', async () => {
    const context = await freshContext();
    await context.addInitScript({ content: FAILING_WRITES });
    try {
      const board = await env.openIn(context, 'lang=ko&notice=0');
      await failWrites(board, true);
      await board.importFile('pdf', 'Lecture.pdf', await textPdf(['Lecture page one']), 'application/pdf');
      const text = await board.takeMessage();
      expect(text).not.toBe('가져올 수 없는 형식의 파일입니다.');
      expect(text).toMatch(/^이 브라우저에 저장하지 못했습니다/);
      await board.testId('back-to-list').click();
      await board.testId('board-list').waitFor();
      await board.testId('new-board').click();
      await board.testId('empty-board').waitFor(); // the new board opens (in memory until it has content)
      expect(board.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a pen that switches off mid-session is told', async () => {
    const context = await freshContext();
    try {
      const board = await boardWithPage(context);
      await board.installPen({ mac: '9C:7B:D2:00:00:31' });
      await board.testId('connect-pen').click();
      await board.waitFor(
        async () => (await board.testId('pen-count').textContent()) === 'Pens connected: 1',
        'the pen',
      );
      await board.page.evaluate(() =>
        (window as unknown as { dotinkSim: { dropLink(): void } }).dotinkSim.dropLink(),
      );
      expect(await board.takeMessage()).toMatch(/was disconnected \(switched off or out of range\)/);
      expect(await board.testId('pen-count').textContent()).toBe('Pens connected: 0');
      expect(board.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  for (const [mode, script] of [
    [
      'with no IndexedDB at all',
      "Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });",
    ],
    [
      'when IndexedDB refuses to open (a private window)',
      "IDBFactory.prototype.open = function () { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };",
    ],
  ] as const) {
    it(`${mode}: says plainly boards last until the page closes, and they do (issue 29 item 11)`, async () => {
      const context = await freshContext();
      await context.addInitScript({ content: script });
      try {
        const board = await env.openIn(context, 'lang=en&notice=0');
        const message = await board.takeMessage();
        expect(message).toBe(
          'This browser mode cannot keep boards (a private window, or site storage turned off). You can work as usual: boards stay until this page closes. To keep one, save it as .GRIDA.',
        );
        expect(await board.testId('memory-only').textContent()).toBe(
          'Boards are kept only until this page closes: this browser mode cannot store them. Save as .GRIDA to keep them.',
        );
        // boards can be made and used: a page, ink, back to the list, open again
        await board.testId('new-board').click();
        await board.testId('add-page').click();
        await board.waitFor(async () => (await board.pageCount()) === 1, 'the blank page');
        await mouseStrokes(board, 2);
        await board.waitFor(async () => (await board.strokes()).length === 2, 'the strokes');
        await board.testId('back-to-list').click();
        await board.page.locator('[data-testid="board-card"] .card-open').first().click();
        await board.waitFor(
          async () => (await board.strokes()).length === 2,
          'the board again, with its ink',
        );
        // no developer text anywhere
        expect(await board.page.locator('body').textContent()).not.toMatch(/Dexie|MissingAPIError|https?:/);
        expect(await board.testId('message-dialog').count()).toBe(0);
        expect(board.errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});

/** A page script: IndexedDB writes throw while `window.__dotinkFailWrites` is true. */
const FAILING_WRITES = `(() => {
  const wrap = (proto, name) => {
    const original = proto[name];
    proto[name] = function (...args) {
      if (window.__dotinkFailWrites === true) throw new DOMException('writes are failing (test)', 'UnknownError');
      return original.apply(this, args);
    };
  };
  for (const n of ['put', 'add', 'delete', 'clear']) wrap(IDBObjectStore.prototype, n);
  for (const n of ['update', 'delete']) wrap(IDBCursor.prototype, n);
})();`;

async function failWrites(board: BoardPage, on: boolean): Promise<void> {
  await board.page.evaluate((v) => {
    (window as unknown as { __dotinkFailWrites: boolean }).__dotinkFailWrites = v;
  }, on);
}

/** `n` short mouse strokes across the middle of the page view. */
async function mouseStrokes(board: BoardPage, n: number): Promise<void> {
  const box = (await board.testId('page-view').boundingBox())!;
  const { mouse } = board.page;
  for (let k = 0; k < n; k++) {
    const x = box.x + box.width / 2 - 60;
    const y = box.y + box.height / 3 + k * 25;
    await mouse.move(x, y);
    await mouse.down();
    for (let i = 1; i <= 5; i++) await mouse.move(x + i * 10, y + (i % 2) * 3);
    await mouse.up();
  }
}
