/**
 * The dense edge test of issue 12 item 1 (the board browser test and its benchmark): many short mouse strokes over a whole page, the rows
 * nearest its top and bottom edge included. Every stroke must be stored with all its samples,
 * its first dot where the mouse pressed (the view never moves under a pen that is down).
 */
import type { Page } from 'playwright-core';

/** What came of the strokes. */
export interface EdgeStrokeResult {
  readonly drawn: number;
  readonly stored: number;
  /** Strokes missing, or with fewer dots than samples sent. */
  readonly lost: number;
  /** Strokes whole but starting away from where the mouse pressed (the view moved). */
  readonly misplaced: number;
  /** How far the view moved (px) while the strokes were drawn. */
  readonly viewMovedPx: number;
}

interface ViewBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The page's box on screen (client px), from the board's page view handle. */
async function pageBox(page: Page): Promise<ViewBox> {
  return page.evaluate(() => {
    const app = (
      window as unknown as {
        dotinkBoard: {
          viewHandle: {
            current: { viewport(): { scale: number; offsetXPx: number; offsetYPx: number } } | null;
          };
          session: { pages: { sizePt: { widthPt: number; heightPt: number } }[] };
        };
      }
    ).dotinkBoard;
    const vp = app.viewHandle.current!.viewport();
    const el = document.querySelector('[data-testid="page-view"]')!.getBoundingClientRect();
    const size = app.session.pages[0]!.sizePt;
    return {
      left: el.left + vp.offsetXPx,
      top: el.top + vp.offsetYPx,
      width: size.widthPt * vp.scale,
      height: size.heightPt * vp.scale,
    };
  });
}

/**
 * Draws `count` strokes of `samples` mouse samples (a press and moves of 2 px) in a grid over
 * the first page of the open board (which must have no ink), then reads the store.
 */
export async function writeEdgeStrokes(page: Page, count = 2000, samples = 5): Promise<EdgeStrokeResult> {
  const box = await pageBox(page);
  const cols = 40;
  const rows = Math.ceil(count / cols);
  const inset = 3; // px inside the page edge
  const stepX = (box.width - 2 * inset - 2 * samples) / (cols - 1);
  const stepY = (box.height - 2 * inset) / (rows - 1);
  const starts: [number, number][] = [];
  for (let r = 0; r < rows; r++) {
    // the edge rows first and last: a stroke at the top, one at the bottom, then the rest
    for (let c = 0; c < cols && starts.length < count; c++) {
      starts.push([Math.round(box.left + inset + c * stepX), Math.round(box.top + inset + r * stepY)]);
    }
  }
  // where each press lands on the page (nu), read before any stroke
  const expected = await page.evaluate((pts) => {
    const h = (
      window as unknown as {
        dotinkBoard: {
          viewHandle: { current: { clientToNu(x: number, y: number): { xNu: number; yNu: number } } };
        };
      }
    ).dotinkBoard.viewHandle.current;
    return pts.map(([x, y]) => h.clientToNu(x, y));
  }, starts);
  const { mouse } = page;
  for (const [x, y] of starts) {
    await mouse.move(x, y);
    await mouse.down();
    for (let i = 1; i < samples; i++) await mouse.move(x + 2 * i, y + (i % 2));
    await mouse.up();
  }
  const after = await pageBox(page);
  const stored = await page.evaluate(() => {
    const s = (
      window as unknown as {
        dotinkBoard: {
          session: {
            pages: { address: { section: number; owner: number; book: number; page: number } }[];
            store: {
              strokesOnPage(id: string): { dots: { count: number; xNu: Float32Array; yNu: Float32Array } }[];
            };
          };
        };
      }
    ).dotinkBoard.session;
    const a = s.pages[0]!.address;
    return s.store
      .strokesOnPage(`${a.section}.${a.owner}.${a.book}.${a.page}`)
      .map((x) => ({ dots: x.dots.count, x: x.dots.xNu[0]!, y: x.dots.yNu[0]! }));
  });
  // each press is matched to the stroke starting there (a stroke lost does not shift the rest)
  const near = (st: (typeof stored)[number], e: { xNu: number; yNu: number }) =>
    Math.hypot(st.x - e.xNu, st.y - e.yNu) <= 0.5;
  let lost = 0;
  let misplaced = 0;
  for (const [i, e] of expected.entries()) {
    if (!e) continue;
    const at = stored[i];
    const found = at && near(at, e) ? at : stored.find((st) => near(st, e));
    if (found) {
      if (found.dots < samples) lost++;
    } else if (at && at.dots >= samples) misplaced++;
    else lost++;
  }
  return {
    drawn: starts.length,
    stored: stored.length,
    lost,
    misplaced,
    viewMovedPx: Math.hypot(after.left - box.left, after.top - box.top),
  };
}
