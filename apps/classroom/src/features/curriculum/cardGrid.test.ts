import { describe, expect, it } from 'vitest';
import { GRID_ROW_HEIGHT, gridColumns } from './cardGrid';

describe('the course-card grid (classroom.md §9)', () => {
  it('has the columns of each breakpoint', () => {
    const widths = [0, 340, 600, 900, 1200, 1500, 1800, 2100, 2400, 2700, 3000, 3300];
    expect(widths.map(gridColumns)).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('keeps the count of the breakpoint below until the next one', () => {
    expect(gridColumns(339)).toBe(1);
    expect(gridColumns(599)).toBe(1);
    expect(gridColumns(899)).toBe(2);
    expect(gridColumns(1280)).toBe(4);
    expect(gridColumns(3299)).toBe(10);
    expect(gridColumns(10_000)).toBe(11);
  });

  it('rows are 272 px high', () => {
    expect(GRID_ROW_HEIGHT).toBe(272);
  });
});
