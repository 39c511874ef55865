/** The course-card grid of classroom.md §9: columns by width, fixed row height. */

/** Widths (px) from which each column count applies: 1, 1, 2, 3, … 11 columns. */
export const GRID_BREAKPOINTS: readonly (readonly [width: number, columns: number])[] = [
  [0, 1],
  [340, 1],
  [600, 2],
  [900, 3],
  [1200, 4],
  [1500, 5],
  [1800, 6],
  [2100, 7],
  [2400, 8],
  [2700, 9],
  [3000, 10],
  [3300, 11],
];

/** Height of a row of cards (px). */
export const GRID_ROW_HEIGHT = 272;

/** The number of card columns for a grid `width` px wide. */
export function gridColumns(width: number): number {
  let columns = 1;
  for (const [from, n] of GRID_BREAKPOINTS) if (width >= from) columns = n;
  return columns;
}
