/** classroom.md §9, as the spec writes it: from these window widths, these many card columns. */
const BREAKPOINTS = [0, 340, 600, 900, 1200, 1500, 1800, 2100, 2400, 2700, 3000, 3300];
const COLUMNS = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/** The card columns §9 asks for at a window `width` px wide. */
export const columnsAt = (width: number): number | undefined =>
  COLUMNS[BREAKPOINTS.filter((b) => width >= b).length - 1];
