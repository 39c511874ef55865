/**
 * Writing up to a page's edges (issue 12 item 1): 2,000 short mouse strokes (5 samples each)
 * over a whole A4 page, the rows nearest its top and bottom edge included; no stroke is lost.
 *
 * Method (bench/browser/pages/edgeStrokes.tsx, bench/browser/edgeStrokes.ts). Headless Debian
 * Chromium, 1280 × 800, the board's mouse pen wiring (PageView fitted to the whole page, its
 * pointer pen, the stroke builder, the live feed, the ink store). The mouse is driven through
 * DevTools input events (press, four 2 px moves, release). A stroke counts as lost when it is
 * missing or has fewer dots than samples sent; as misplaced when it is whole but starts more than
 * 0.5 nu from where the mouse pressed (the view moved under the pen). The same driver runs in the
 * board's browser test
 * (e2e/board/inkSafety.e2e.test.ts) against the real board.
 */
import { writeEdgeStrokes } from '../browser/edgeStrokes';
import { openHarness } from '../browser/harness';
import { atMost, type Bench, type Figure } from './budget';

export default {
  name: 'board: 2,000 mouse strokes up to the page edges (Chromium)',
  async run(): Promise<Figure[]> {
    const h = await openHarness('edgeStrokes.tsx');
    try {
      await h.page.waitForTimeout(300); // the view measured and fitted
      const r = await writeEdgeStrokes(h.page, 2000, 5);
      if (h.errors.length > 0) throw new Error(`page errors: ${h.errors.join('; ')}`);
      return [
        atMost('strokes lost in the 2,000-stroke edge test', r.lost, 'strokes', 0),
        atMost('strokes misplaced (not where the mouse pressed)', r.misplaced, 'strokes', 0),
        atMost('view moved while the strokes were written', Math.round(r.viewMovedPx * 10) / 10, 'px', 0),
      ];
    } finally {
      await h.close();
    }
  },
} satisfies Bench;
