/**
 * Browser test of the board's layouts (issue 12 item 5) at 390 × 844 (phone), 768 × 1024 (tablet)
 * and 1280 × 800 (desktop): the page gets the width, the title is readable, the toolbar and the top
 * bar stay one row, the page list and pen panel are drawers below 1280 px, and picking the eraser
 * does not move the page. Screenshots: reports/screenshots/editor-{w}x{h}.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardPage } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';
import { textPdf } from './support/fixtures';

let env: BoardTest;

beforeAll(async () => {
  env = await startBoardTest();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

const box = async (b: BoardPage, testId: string) => {
  const r = await b.testId(testId).boundingBox();
  if (!r) throw new Error(`${testId} is not shown`);
  return r;
};

/** Opens a board with a two-page PDF named "Lecture notes" at the given viewport. */
async function editorAt(width: number, height: number): Promise<BoardPage> {
  const context = await env.browser.newContext({ viewport: { width, height } });
  const b = await env.openIn(context, 'lang=en&notice=0');
  const pdf = await textPdf(['Lecture page one', 'Lecture page two']);
  if (width < 1280) await b.testId('top-more').click();
  await b.importFile('pdf', 'Lecture notes.pdf', pdf, 'application/pdf');
  await b.waitFor(async () => (await b.pageLabel()) === 'Page 1 / 2', 'the PDF pages');
  await b.waitFor(async () => (await b.documentPixels()) > 100, 'the PDF page drawn');
  return b;
}

describe.sequential('board layouts', () => {
  for (const [width, height, minPageWidth] of [
    [390, 844, 370],
    [768, 1024, 740],
    [1280, 800, 900],
  ] as const) {
    it(`${width} × ${height}: the page gets the width, title readable, one-row bars, eraser keeps the page still`, async () => {
      const b = await editorAt(width, height);
      const title = b.testId('board-title');
      expect(await title.textContent()).toBe('Lecture notes');
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const area = await box(b, 'page-view');
      expect(area.width).toBeGreaterThanOrEqual(minPageWidth);
      const toolbar = await box(b, 'toolbar');
      expect(toolbar.height).toBeLessThanOrEqual(48);
      expect((await b.page.locator('header.top-bar').boundingBox())!.height).toBeLessThanOrEqual(56);

      if (width < 1280) {
        // drawers: closed at first, opened from the toolbar over the page
        expect(await b.testId('page-item-0').isVisible()).toBe(false);
        await b.testId('pages-drawer').click();
        await b.testId('page-item-1').click();
        expect(await b.pageLabel()).toBe('Page 2 / 2');
        expect(await b.testId('page-item-0').isVisible()).toBe(false);
        await b.testId('pens-drawer').click();
        expect(await b.testId('pen-item-mouse-pen').isVisible()).toBe(true);
        await b.testId('pens-drawer').click();
        expect(await b.testId('pen-item-mouse-pen').isVisible()).toBe(false);
        expect((await box(b, 'page-view')).width).toBeGreaterThanOrEqual(minPageWidth);
      } else {
        expect(await b.testId('page-item-0').isVisible()).toBe(true);
        expect(await b.testId('pen-item-mouse-pen').isVisible()).toBe(true);
      }

      await b.testId('tool-eraser').click();
      expect(await b.pressed('tool-eraser')).toBe(true);
      const after = await box(b, 'page-view');
      expect(after.y).toBe(area.y);
      expect(after.height).toBe(area.height);
      expect((await box(b, 'toolbar')).height).toBe(toolbar.height);
      await b.testId('tool-pen').click();
      await b.page.waitForTimeout(300);
      await b.shot(`editor-${width}x${height}`);
      expect(b.errors).toEqual([]);
      await b.page.context().close();
    });
  }
});
