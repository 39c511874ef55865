/**
 * The optional grid overlay: the page cut into 4 × 4 equal cells (engine.md §2 "4 divisions").
 */
import type { Size } from '../viewport/fit';

/** Grid divisions per side. */
export const GRID_DIVISIONS = 4;

/** The inner grid lines, in pt: `divisions − 1` x positions and as many y positions. */
export function gridLinesPt(pagePt: Size, divisions = GRID_DIVISIONS): { xs: number[]; ys: number[] } {
  const n = Math.max(1, Math.floor(divisions));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 1; k < n; k++) {
    xs.push((pagePt.width * k) / n);
    ys.push((pagePt.height * k) / n);
  }
  return { xs, ys };
}
