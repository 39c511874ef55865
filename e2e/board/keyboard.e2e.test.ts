/**
 * Browser test of keyboard use and accessibility (issue 12 item 12): opening a board moves the
 * focus into it; dialogs keep Tab inside and give the focus back where it came from on Escape;
 * axe-core finds no serious or critical violation on the board list (select mode too) and in
 * the editor.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardPage } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';
import { textPdf } from './support/fixtures';

let env: BoardTest;
let board: BoardPage;

beforeAll(async () => {
  env = await startBoardTest();
  board = await env.open('lang=en&notice=0', { viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await env?.close();
});

/** axe's serious and critical violations and the landmark ones, as "rule: target" lines. */
async function seriousViolations(b: BoardPage): Promise<string[]> {
  const result = await new AxeBuilder({ page: b.page }).analyze();
  return result.violations
    .filter(
      (v) =>
        v.impact === 'serious' || v.impact === 'critical' || v.id === 'region' || v.id.startsWith('landmark'),
    )
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`));
}

/** What has the focus: its test id, else its tag and name. */
const focused = (b: BoardPage) =>
  b.page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return (
      el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? ''}`
    );
  });

const insideDialog = (b: BoardPage) =>
  b.page.evaluate(() => document.activeElement?.closest('dialog') !== null);

// A PDF import and pdf.js's first render take seconds on a loaded 2-core CI machine.
describe.sequential('keyboard and accessibility', { timeout: 60_000 }, () => {
  it('the board list has no serious accessibility violations, in select mode neither', async () => {
    await board.importFile('pdf', 'Lecture.pdf', await textPdf(['Lecture page one']), 'application/pdf');
    await board.waitFor(async () => (await board.pageLabel()) === 'Page 1 / 1', 'the PDF page');
    await board.testId('back-to-list').click();
    await board.page.getByTestId('board-card').first().waitFor();
    expect(await seriousViolations(board)).toEqual([]);
    await board.testId('select-mode').click();
    expect(await seriousViolations(board)).toEqual([]);
    await board.testId('select-mode').click();
  });

  it('opening a board from the keyboard moves the focus into the board', async () => {
    await board.page
      .getByRole('button', { name: /Lecture/ })
      .first()
      .focus();
    await board.key('Enter');
    await board.testId('page-view').waitFor();
    await board.waitFor(
      async () => board.page.evaluate(() => document.activeElement?.closest('.editor') !== null),
      'the focus in the board',
    );
  });

  it('the editor has no serious accessibility violations', async () => {
    await board.waitFor(async () => (await board.documentPixels()) > 100, 'the PDF page drawn');
    expect(await seriousViolations(board)).toEqual([]);
  });

  it('a dialog keeps Tab inside and gives the focus back on Escape', async () => {
    await board.testId('help').focus();
    await board.key('Enter');
    await board.testId('help-start').waitFor();
    expect(await insideDialog(board)).toBe(true);
    for (let i = 0; i < 8; i++) {
      await board.key('Tab');
      expect(await insideDialog(board), `after ${i + 1} Tab`).toBe(true);
    }
    for (let i = 0; i < 8; i++) {
      await board.key('Shift+Tab');
      expect(await insideDialog(board), `after ${i + 1} Shift+Tab`).toBe(true);
    }
    await board.key('Escape');
    await board.testId('help-start').waitFor({ state: 'detached' });
    // the dialog gives the focus back a moment after it is gone
    await expect.poll(() => focused(board)).toBe('help');

    await board.menu('save-menu', 'grida');
    await board.testId('save-title').waitFor();
    await board.key('Escape');
    await board.testId('save-title').waitFor({ state: 'detached' });
    await expect.poll(() => focused(board)).toBe('save-menu');
    expect(board.errors).toEqual([]);
  });
});
