import { describe, expect, it } from 'vitest';
import { CLASS_NUMBERS, gradeChoices, isComplete, yearChoices } from './classForm';

describe('class form choices (classroom.md §5)', () => {
  it('offers this year and the next two, grades by school type, class numbers 1–20', () => {
    expect(yearChoices(2026)).toEqual([2026, 2027, 2028]);
    expect(gradeChoices('0')).toHaveLength(6);
    expect(gradeChoices('1')).toHaveLength(3);
    expect(gradeChoices('2')).toHaveLength(3);
    expect(gradeChoices('4')).toHaveLength(12);
    expect(CLASS_NUMBERS[0]).toBe(1);
    expect(CLASS_NUMBERS.at(-1)).toBe(20);
  });

  it('needs every value, the name not blank', () => {
    expect(isComplete({ year: 2026, grade: 3, classNum: 1, className: 'x' })).toBe(true);
    expect(isComplete({ year: 2026, grade: undefined, classNum: 1, className: 'x' })).toBe(false);
    expect(isComplete({ year: 2026, grade: 3, classNum: 1, className: '  ' })).toBe(false);
  });
});
