/**
 * Browser test of the laser pointer (issue 12 item 6): the red hover trail belongs to the pointer
 * tool (T) only; with the pen, highlighter or eraser a mouse moving over the page shows none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardPage } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';

let env: BoardTest;
let board: BoardPage;

beforeAll(async () => {
  env = await startBoardTest();
  board = await env.open('lang=en&notice=0', { viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await env?.close();
});

/** Moves the mouse (no button) across the page and says whether the laser head shows. */
async function hoverShowsLaser(b: BoardPage): Promise<boolean> {
  const box = (await b.testId('page-view').boundingBox())!;
  const { mouse } = b.page;
  for (let i = 0; i <= 10; i++)
    await mouse.move(box.x + box.width / 3 + i * 8, box.y + box.height / 3 + i * 5);
  await b.page.waitForTimeout(100);
  return (await b.testId('view-laser-head').count()) > 0;
}

describe.sequential('laser pointer', () => {
  it('follows the mouse with the pointer tool only', async () => {
    await board.testId('new-board').click();
    await board.testId('add-page').click();
    await board.testId('page-view').waitFor();
    for (const key of ['q', 'r', 'e']) {
      await board.key(key);
      expect(await hoverShowsLaser(board), `tool ${key}`).toBe(false);
    }
    await board.key('t');
    expect(await board.pressed('tool-pointer')).toBe(true);
    expect(await hoverShowsLaser(board)).toBe(true);
    await board.key('q');
    await board.page.waitForTimeout(1600); // the trail fades after ~1 s without hover
    expect(await hoverShowsLaser(board)).toBe(false);
    expect(board.errors).toEqual([]);
  });
});
