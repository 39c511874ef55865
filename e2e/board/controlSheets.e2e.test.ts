/**
 * Browser test of the pen control sheets (issue 12 item 13; engine.md §4, fact sheet §7): a
 * simulated pen (Web Bluetooth stand-in) writes on GridaBoard's controller sheet 3.1013.1116.1;
 * the paper buttons change that pen's colour, thickness and tool, no ink is drawn and no page is
 * made; the next stroke on Ncode paper comes out in the chosen colour and thickness.
 */
import { readFileSync } from 'node:fs';
import { parseNproj } from '@dotink/ncode';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ncodeDataPath } from '../../test-support/shared';
import type { BoardPage } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';

let env: BoardTest;
let context: BrowserContext;
let board: BoardPage;

const CONTROLLER = '3.1013.1116.1';
const MAC = '9C:7B:D2:00:00:31';

/** The centre (nu) of the controller's first symbol with `param`, read from the vendor file. */
function button(param: string): [number, number] {
  const doc = parseNproj(readFileSync(ncodeDataPath('nproj', '3_1013_1116_Grida.nproj'), 'utf8'));
  const s = doc.symbols.find((x) => x.command.param === param);
  if (!s) throw new Error(`no ${param} button`);
  const nu = (pt: number) => (pt * 25) / 168;
  return [nu(s.x + s.width / 2), nu(s.y + s.height / 2)];
}

/** A short tap on a paper button. */
const tap = (param: string) => {
  const [x, y] = button(param);
  return {
    page: CONTROLLER,
    points: [
      [x, y],
      [x + 0.3, y + 0.2],
    ] as [number, number][],
    dotsPerSegment: 4,
  };
};

/** The simulated pen's settings, as the editor keeps them. */
const penSettings = () =>
  board.page.evaluate((mac) => {
    const app = (
      window as unknown as {
        dotinkBoard: {
          deps: {
            editor: {
              getState(): {
                pens: Record<string, { tool: string; pen: { colorIndex: number; thicknessIndex: number } }>;
              };
            };
          };
        };
      }
    ).dotinkBoard;
    return app.deps.editor.getState().pens[mac];
  }, MAC);

beforeAll(async () => {
  env = await startBoardTest();
  context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  board = await env.openIn(context, 'lang=en&notice=0');
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe.sequential('pen control sheets', () => {
  it('writing on the controller sheet presses its buttons: colour, thickness, tool; no ink, no page', async () => {
    await board.testId('new-board').click();
    await board.testId('empty-board').waitFor();
    await board.installPen({ mac: MAC });
    await board.testId('connect-pen').click();
    await board.waitFor(
      async () => (await board.testId('pen-count').textContent()) === 'Pens connected: 1',
      'the pen',
    );
    expect(await penSettings()).toMatchObject({ tool: 'pen', pen: { colorIndex: 0, thicknessIndex: 4 } });

    await board.write([tap('#FF012EE2'), tap('strokesize_1')]); // blue, thinnest
    await board.waitFor(
      async () =>
        (await penSettings())?.pen.colorIndex === 5 && (await penSettings())?.pen.thicknessIndex === 0,
      'blue and the thinnest line from the paper buttons',
    );
    expect(await board.testId(`pen-item-${MAC}`).textContent()).toContain('Blue · 0.04');
    await board.write([tap('highlighter')]);
    await board.waitFor(async () => (await penSettings())?.tool === 'highlighter', 'the highlighter');
    await board.write([tap('pen'), tap('#FFFF0200'), tap('strokesize_3')]); // pen, red, thickest
    await board.waitFor(
      async () =>
        (await penSettings())?.tool === 'pen' &&
        (await penSettings())?.pen.colorIndex === 0 &&
        (await penSettings())?.pen.thicknessIndex === 4,
      'pen, red, thickest',
    );
    await board.write([tap('#FF3CDD00')]); // green
    await board.waitFor(async () => (await penSettings())?.pen.colorIndex === 3, 'green');

    // no page was made for the controller sheet and nothing was drawn or stored
    expect(await board.pageCount()).toBe(0);
    expect(await board.testId('empty-board').count()).toBe(1);
    expect(await board.strokes('all')).toEqual([]);

    // the next stroke on Ncode paper is green
    await board.write([
      {
        page: '3.27.168.5',
        points: [
          [10, 10],
          [50, 20],
        ],
      },
    ]);
    await board.waitFor(async () => (await board.strokes()).length === 1, 'the stroke on paper');
    expect((await board.strokes())[0]!.color).toBe(0xff43a047);
    expect(await board.pageCount()).toBe(1);
    expect(board.errors).toEqual([]);
  });
});
