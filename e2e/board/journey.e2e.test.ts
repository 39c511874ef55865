/**
 * Browser test of the board (Chromium via playwright-core, the app built with Vite and served
 * under /board/): import a PDF; the errors of board.md §8; connect a simulated pen through the
 * Web Bluetooth stand-in with a password; write on two pages and on new Ncode paper and see the
 * ink; highlight; erase (whole and partial); undo / redo; every shortcut; the mouse pen; save
 * .GRIDA, open it in a fresh browser profile and find the same ink; export a PDF and check it
 * with qpdf and pdftotext. Screenshots of the main screens go to reports/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardPage, StrokeSummary } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';
import { encryptPdf, textPdf } from './support/fixtures';

const tmp = mkdtempSync(join(tmpdir(), 'board-e2e-'));
let env: BoardTest;
let context: BrowserContext;
let board: BoardPage;

const openBoardPage = (ctx: BrowserContext, query: string) => env.openIn(ctx, query);

beforeAll(async () => {
  env = await startBoardTest();
  context = await env.browser.newContext({ viewport: { width: 1366, height: 860 }, acceptDownloads: true });
  board = await openBoardPage(context, 'lang=en');
}, 120_000);

afterAll(async () => {
  await env?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const lecture = textPdf(['Lecture page one', 'Lecture page two']);
let addresses: string[] = [];
/** Ncode paper the pen writes on (book 3.27.168, "Ncode A4 300"). */
const P5 = '3.27.168.5';
const P6 = '3.27.168.6';
let savedGrida = '';
let before: StrokeSummary[] = [];

describe.sequential('board in Chromium', () => {
  it('shows the notice with "do not show for a day", then the empty board list', async () => {
    await board.testId('notice-dialog').waitFor();
    await board.shot('01-notice');
    await board.testId('notice-hide').check();
    await board.testId('notice-close').click();
    await board.page.reload();
    await board.testId('board-list').waitFor();
    expect(await board.testId('notice-dialog').count()).toBe(0);
    expect(await board.testId('list-empty').textContent()).toBe(
      'No boards yet. Create a new board or import a file.',
    );
    await board.shot('02-board-list-empty');
  });

  it('a new board says: Register a PDF or create a page using a pen', async () => {
    await board.testId('new-board').click();
    await board.testId('empty-board').waitFor();
    expect(await board.testId('empty-board').textContent()).toBe(
      'Register a PDF or create a page using a pen',
    );
    await board.shot('03-empty-board');
    // an empty board is not kept (issue 12): a page makes it a board of the list
    await board.testId('add-page').click();
    await board.waitFor(async () => (await board.pageCount()) === 1, 'the blank page');
    await board.testId('back-to-list').click();
    await board.testId('board-list').waitFor();
  });

  it('imports a PDF from the board list into a new board', async () => {
    await board.importFile('pdf', 'Lecture.pdf', await lecture, 'application/pdf');
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 1 / 2', 'the PDF pages');
    expect(await board.testId('board-title').textContent()).toBe('Lecture');
    await board.waitFor(async () => (await board.documentPixels()) > 100, 'the PDF page drawn');
    addresses = [await board.pageAddress(0), await board.pageAddress(1)];
    expect(addresses[0]).toMatch(/^256\.27\.1068\.\d+$/);
    expect(addresses[1]).not.toBe(addresses[0]);
  });

  it('refuses a duplicate PDF, an unsupported file and a cancelled import (board.md §8)', async () => {
    await board.importFile('pdf', 'Lecture again.pdf', await lecture, 'application/pdf');
    expect(await board.takeMessage()).toBe('There is already a registered PDF');
    await board.importFile('pdf', 'notes.txt', new TextEncoder().encode('hello'), 'text/plain');
    expect(await board.takeMessage()).toBe('This is a type of file that cannot be imported.');
    await board.testId('import-pdf-input').evaluate((el) => el.dispatchEvent(new Event('cancel')));
    expect(await board.takeMessage()).toBe('Importing has been canceled.');
    expect(await board.pageCount()).toBe(2);
  });

  it('asks for the password of a protected PDF, again after a wrong one', async () => {
    const locked = encryptPdf(await textPdf(['Secret page']), tmp, 'opensesame');
    await board.importFile('pdf', 'secret.pdf', locked, 'application/pdf');
    await board.testId('pdf-password-dialog').waitFor();
    expect(await board.messageText()).toBe('The file is password protected. Please enter the password.');
    await board.shot('04-pdf-password');
    await board.testId('pdf-password').fill('wrong');
    await board.testId('pdf-password-ok').click();
    await board.waitFor(
      async () => (await board.messageText()) === 'Incorrect password. Please try again.',
      'the wrong-password message',
    );
    await board.testId('pdf-password').fill('opensesame');
    await board.testId('pdf-password-ok').click();
    await board.waitFor(async () => (await board.pageCount()) === 3, 'the protected PDF page');
    // The board moves to the imported page once it is added (a render later than the count).
    await board.waitFor(
      async () => (await board.pageLabel()) === 'Page 3 / 3',
      'the board to show page 3 / 3',
    );
    expect(await board.pageLabel()).toBe('Page 3 / 3');
  });

  it('says when the device has no Bluetooth', async () => {
    await board.installPen({ available: false });
    await board.testId('connect-pen').click();
    expect(await board.takeMessage()).toBe(
      'The smart pen cannot be connected since the Bluetooth function is not available on this device. Please install the Bluetooth dongle and try again.',
    );
  });

  it('connects a locked pen through Web Bluetooth: wrong password count, then connected', async () => {
    await board.installPen({ password: '1234', mac: '9C:7B:D2:00:00:01' });
    await board.testId('connect-pen').click();
    await board.testId('pen-password-dialog').waitFor();
    await board.testId('pen-password').fill('1111');
    await board.testId('pen-password-ok').click();
    await board.waitFor(
      async () =>
        (await board.testId('pen-password-dialog').count()) > 0 &&
        (await board.testId('message-text').count()) > 0,
      'the wrong pen password message',
    );
    expect(await board.messageText()).toBe(
      'You entered the wrong password 1 times. If 10 times of incorrect password, the handwritten data will be reset.',
    );
    await board.shot('05-pen-password');
    await board.testId('pen-password').fill('1234');
    await board.testId('pen-password-ok').click();
    await board.waitFor(
      async () => (await board.testId('pen-count').textContent()) === 'Pens connected: 1',
      'the pen',
    );
    await board.testId('pen-item-9C:7B:D2:00:00:01').click();
  });

  it('writes with the pen on two new Ncode pages (creating them) and shows the ink', async () => {
    // PDF pages sit on temporary codes (section 256) that no pen reports until they are
    // printed; a pen writing on Ncode paper the board does not have creates that page.
    await board.write([
      {
        page: P5,
        points: [
          [10, 10],
          [40, 20],
          [60, 12],
        ],
      },
    ]);
    await board.waitFor(async () => (await board.pageCount()) === 4, 'the first Ncode page');
    expect(await board.pageAddress(3)).toBe(P5);
    expect(await board.pageLabel()).toBe('Page 4 / 4');
    // the paper comes from the catalogue: 3.27.168 "Ncode A4 300", A4 with a 3.125 nu margin
    const paper = await board.page.evaluate(() => {
      const s = (
        window as unknown as {
          dotinkBoard: { session: { pages: { sizePt: { widthPt: number }; nuToPt: { c: number } }[] } };
        }
      ).dotinkBoard.session;
      return { widthPt: s.pages[3]!.sizePt.widthPt, c: s.pages[3]!.nuToPt.c };
    });
    expect(paper.widthPt).toBeCloseTo(595.28, 1);
    expect(paper.c).toBeCloseTo(-21, 6);
    await board.waitFor(async () => (await board.inkPixels()).any > 200, 'ink on page 4');
    await board.write([
      {
        page: P6,
        points: [
          [15, 30],
          [50, 45],
        ],
      },
    ]);
    await board.waitFor(async () => (await board.pageCount()) === 5, 'the second Ncode page');
    expect(await board.pageLabel()).toBe('Page 5 / 5');
    await board.waitFor(async () => (await board.inkPixels()).any > 100, 'ink on page 5');
    // back on the first page: the board follows the pen (auto page change)
    await board.write([
      {
        page: P5,
        points: [
          [10, 70],
          [70, 70],
        ],
      },
    ]);
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 4 / 5', 'auto page change');
    const strokes = await board.strokes();
    expect(strokes.map((s) => s.page)).toEqual([P5, P5, P6]);
    // the smart pen is the second pen: it writes in the second colour of the rotation (red)
    expect(strokes.every((s) => s.color === 0xffe53935 && s.brushType === 0)).toBe(true);
  });

  it('highlights (R): translucent, wide ink', async () => {
    await board.key('r');
    expect(await board.pressed('tool-highlighter')).toBe(true);
    const beforePx = await board.inkPixels();
    await board.write([
      {
        page: P5,
        points: [
          [10, 40],
          [70, 40],
        ],
      },
    ]);
    await board.waitFor(
      async () => (await board.inkPixels()).translucent > beforePx.translucent + 500,
      'the highlight',
    );
    const strokes = await board.strokes();
    expect(strokes.filter((s) => s.page === P5).map((s) => s.brushType)).toEqual([0, 0, 2]);
    await board.key('q');
    await board.shot('06-editor-ink');
  });

  it('erases whole strokes (E) and parts of strokes; undo and redo', async () => {
    const onPage = async () => (await board.strokes()).filter((s) => s.page === P5);
    expect(await onPage()).toHaveLength(3);
    await board.key('e');
    expect(await board.pressed('eraser-whole')).toBe(true);
    await board.write([
      {
        page: P5,
        points: [
          [40, 60],
          [40, 80],
        ],
      },
    ]);
    await board.waitFor(async () => (await onPage()).length === 2, 'the whole-stroke erase');
    const erased = (await board.strokes('all')).filter((s) => s.status === 'erased');
    expect(erased).toHaveLength(1);

    await board.testId('eraser-partial').click();
    await board.write([
      {
        page: P5,
        points: [
          [40, 30],
          [40, 50],
        ],
      },
    ]);
    // the highlight (y 40) is cut in two; the first pen stroke (y 10–20) is far away
    await board.waitFor(async () => (await onPage()).length === 3, 'the partial erase');
    expect((await onPage()).filter((s) => s.brushType === 2)).toHaveLength(2);
    await board.shot('07-erased');

    await board.key('Control+z');
    await board.waitFor(async () => (await onPage()).length === 2, 'undo of the partial erase');
    await board.key('Control+z');
    await board.waitFor(async () => (await onPage()).length === 3, 'undo of the whole erase');
    await board.key('Control+Shift+z');
    await board.waitFor(async () => (await onPage()).length === 2, 'redo');
    await board.testId('redo').click();
    await board.waitFor(async () => (await onPage()).length === 3, 'redo from the toolbar');
    await board.testId('undo').click();
    await board.waitFor(async () => (await onPage()).length === 2, 'undo from the toolbar');
  });

  it('every shortcut: Q R E T, 1 … 0, Z … B, ← →', async () => {
    for (const [key, tool] of [
      ['q', 'pen'],
      ['r', 'highlighter'],
      ['e', 'eraser'],
      ['t', 'pointer'],
    ] as const) {
      await board.key(key);
      expect(await board.pressed(`tool-${tool}`)).toBe(true);
    }
    const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];
    for (const [i, d] of digits.entries()) {
      await board.key(d);
      expect(await board.pressed(`color-${i}`)).toBe(true);
    }
    for (const [i, k] of ['z', 'x', 'c', 'v', 'b'].entries()) {
      await board.key(k);
      expect(await board.pressed(`thickness-${i}`)).toBe(true);
    }
    expect(await board.pageLabel()).toBe('Page 4 / 5');
    await board.key('ArrowRight');
    expect(await board.pageLabel()).toBe('Page 5 / 5');
    await board.key('ArrowLeft');
    expect(await board.pageLabel()).toBe('Page 4 / 5');
    // the pointer tool does not write
    const count = (await board.strokes()).length;
    await board.write([
      {
        page: P5,
        points: [
          [70, 90],
          [80, 100],
        ],
      },
    ]);
    expect((await board.strokes()).length).toBe(count);
    await board.key('q');
    await board.key('5');
    await board.key('b');
  });

  it('a second pen writes with its own colour', async () => {
    await board.installPen({ mac: '9C:7B:D2:00:00:02' });
    await board.testId('connect-pen').click();
    await board.waitFor(
      async () => (await board.testId('pen-count').textContent()) === 'Pens connected: 2',
      'two pens',
    );
    await board.write([
      {
        page: P6,
        points: [
          [20, 80],
          [60, 90],
        ],
      },
    ]);
    await board.waitFor(
      async () => (await board.strokes()).filter((s) => s.page === P6).length === 2,
      'the second pen',
    );
    const onP6 = (await board.strokes()).filter((s) => s.page === P6);
    // first pen red, second pen blue (the colour rotation: black for the mouse pen, red, blue)
    expect(onP6.map((s) => s.color)).toEqual([0xffe53935, 0xff1e5fd8]);
    await board.shot('14-two-pens');
  });

  it('shows the ink while the pen is still writing, then keeps it on the page', async () => {
    const count = (await board.strokes()).length;
    // one long stroke: ~3 s of writing at the pen's ~96 dots a second
    await board.startWriting([
      {
        page: P6,
        points: [
          [15, 60],
          [70, 62],
        ],
        dotsPerSegment: 300,
      },
    ]);
    await board.waitFor(async () => (await board.livePixels()).any > 100, 'the ink being written');
    expect((await board.livePixels()).lowLatency).toBe(true);
    expect(await board.strokes()).toHaveLength(count); // not completed yet: the pen is down
    await board.shot('15-writing');
    await board.writeDone();
    await board.waitFor(async () => (await board.strokes()).length === count + 1, 'the completed stroke');
    await board.waitFor(async () => (await board.livePixels()).any === 0, 'the live layer cleared');
  });

  it('draws with the mouse pen on a PDF page', async () => {
    await board.testId('page-item-0').click();
    await board.testId('pen-item-mouse-pen').click();
    await board.key('q');
    const count = (await board.strokes()).length;
    const box = (await board.page.getByTestId('page-view').boundingBox())!;
    const { mouse } = board.page;
    await mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 + 60);
    await mouse.down();
    for (let i = 1; i <= 12; i++)
      await mouse.move(box.x + box.width / 2 - 80 + i * 12, box.y + box.height / 2 + 60 + (i % 3) * 6);
    await mouse.up();
    await board.waitFor(async () => (await board.strokes()).length === count + 1, 'the mouse stroke');
    expect((await board.strokes()).filter((s) => s.page === addresses[0])).toHaveLength(1);
    await board.waitFor(async () => (await board.inkPixels()).any > 100, 'the mouse ink');
  });

  it('toolbar: zoom, fit, background, add page', async () => {
    await board.testId('fit-width').click();
    expect(await board.pressed('fit-width')).toBe(true);
    await board.testId('fit-height').click();
    expect(await board.pressed('fit-height')).toBe(true);
    await board.testId('zoom-in').click();
    await board.testId('zoom-out').click();
    await board.testId('add-page').click();
    await board.waitFor(async () => (await board.pageCount()) === 6, 'the added page');
    await board.testId('background').selectOption('lined');
    await board.page.waitForTimeout(300);
    await board.shot('08-lined-page');
    await board.testId('background').selectOption('basic');
    await board.testId('page-item-0').click();
  });

  it('checks the save title (board.md §5), then saves .GRIDA', async () => {
    before = await board.strokes('all');
    await board.menu('save-menu', 'grida');
    await board.testId('save-title').fill('.hidden');
    await board.testId('save-confirm').click();
    expect(await board.testId('save-problem').textContent()).toBe('A file name cannot start with a dot.');
    await board.testId('save-title').fill('my notes');
    await board.testId('save-confirm').click();
    expect(await board.testId('save-problem').textContent()).toBe(
      'A file name may contain only Korean, English, Chinese and Japanese characters, digits, and the symbols + - _ and a dot.',
    );
    await board.shot('09-save-dialog');
    await board.page.keyboard.press('Escape');
    const download = await board.save('grida', '강의-notes_1');
    expect(download.suggestedFilename()).toBe('강의-notes_1.grida');
    savedGrida = join(tmp, 'board.grida');
    await download.saveAs(savedGrida);
    expect(readFileSync(savedGrida).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('exports a PDF with the original text and the ink as vector paths', async () => {
    const download = await board.save('pdf', 'Lecture-notes');
    expect(download.suggestedFilename()).toBe('Lecture-notes.pdf');
    const file = join(tmp, 'export.pdf');
    await download.saveAs(file);
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(
      /No syntax or stream encoding errors/,
    );
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Lecture page one');
    expect(text).toContain('Lecture page two');
    const qdf = join(tmp, 'export.qdf.pdf');
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, qdf]);
    const raw = readFileSync(qdf, 'latin1');
    expect(raw.match(/ l\n/g)?.length ?? 0).toBeGreaterThan(20);
    expect(raw).toMatch(/ RG\n/);
    expect(raw).toMatch(/\/CA 0\.3/);
  });

  it('opens the .GRIDA in a fresh browser profile with identical ink', async () => {
    const fresh = await env.browser.newContext({ viewport: { width: 1366, height: 860 } });
    const other = await openBoardPage(fresh, 'lang=en&notice=0');
    await other.importFile('grida', 'board.grida', new Uint8Array(readFileSync(savedGrida)));
    await other.waitFor(async () => (await other.pageCount()) === 6, 'the imported board');
    expect(await other.testId('board-title').textContent()).toBe('강의-notes_1');
    expect(await other.strokes('all')).toEqual(before);
    await other.testId('page-item-0').click();
    await other.waitFor(async () => (await other.inkPixels()).any > 200, 'the imported ink');
    const a = await board.inkPixels();
    const b = await other.inkPixels();
    expect(Math.abs(a.any - b.any)).toBeLessThan(a.any * 0.05 + 100);
    await other.shot('10-imported-grida');
    expect(other.errors).toEqual([]);
    await fresh.close();
  });

  it('lists the board with last-opened info; select mode, groups and trash', async () => {
    await board.testId('back-to-list').click();
    await board.testId('board-list').waitFor();
    const cards = board.page.getByTestId('board-card');
    // The list appears first; its cards load from IndexedDB a moment later.
    await board.waitFor(async () => (await cards.count()) === 2, 'the two board cards');
    expect(await cards.count()).toBe(2);
    expect(await cards.first().getByTestId('last-opened').textContent()).toMatch(/^Last opened /);
    await board.testId('add-group').click();
    await board.testId('group-name').fill('Classes');
    await board.testId('group-name').press('Enter');
    await board.testId('filter-group-Classes').waitFor();
    await board.testId('select-mode').click();
    await board.testId('select-Lecture').check();
    expect(await board.testId('selected-count').textContent()).toBe('1 selected');
    await board.shot('11-select-mode');
    await board.testId('move-to-group').selectOption('Classes');
    await board.testId('filter-group-Classes').click();
    // the move is stored, then the list shows it: wait for it as a user would, a moment
    await expect.poll(() => cards.count()).toBe(1);
    await board.testId('filter-unshelved').click();
    expect(await board.testId('filter-unshelved').textContent()).toBe('Unshelved (1)');
    await board.testId('select-mode').click();
    await board.page.getByTestId('board-card').first().locator('input[type=checkbox]').check();
    await board.testId('move-to-trash').click();
    await board.testId('filter-trash').click();
    await expect.poll(() => cards.count()).toBe(1);
    await board.testId('select-mode').click();
    await cards.first().locator('input[type=checkbox]').check();
    await board.testId('restore').click();
    expect(await board.testId('list-empty').textContent()).toBe('The trash is empty.');
    await board.testId('filter-recent').click();
    await board.shot('12-board-list');
  });

  it('keeps the board in the browser: after a reload the same ink is there', async () => {
    await board.page.reload();
    await board.testId('board-list').waitFor();
    await board.page.getByRole('button', { name: 'Open Lecture' }).click();
    await board.waitFor(async () => (await board.pageCount()) === 6, 'the stored board');
    expect(await board.strokes('all')).toEqual(before);
  });

  it('help tutorial: start, next, previous, done; links menu', async () => {
    await board.testId('help').click();
    await board.testId('help-start').click();
    await board.testId('help-next').click();
    await board.testId('help-previous').click();
    for (let i = 0; i < 3; i++) await board.testId('help-next').click();
    await board.shot('13-help');
    const download = board.page.waitForEvent('download');
    await board.testId('help-download').click();
    expect((await download).suggestedFilename()).toBe('dotink-board-guide.txt');
    await board.testId('help-done').click();
    await board.testId('links-menu').click();
    // customer inquiry shows where an address is configured (VITE_BOARD_LINK_INQUIRY, app/links.ts)
    expect(await board.page.getByRole('menuitem').allTextContents()).toEqual([
      'Old version',
      'User guide',
      'Buy a pen',
      'Start the board',
    ]);
    await board.page.keyboard.press('Escape');
    expect(board.errors).toEqual([]);
  });
});
