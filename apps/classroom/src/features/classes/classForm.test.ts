import type { TeacherRow } from '@dotink/contracts/edu';
import { describe, expect, it } from 'vitest';
import {
  CLASS_NUMBERS,
  classBodyOf,
  classTeacherChoices,
  gradeChoices,
  isComplete,
  yearChoices,
} from './classForm';

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

  it('assigns (and changes) the class teacher: approved teachers of the school, the current one kept', () => {
    const row = (id: string, name: string, status: TeacherRow['status']): TeacherRow => ({
      id,
      name,
      username: id,
      email: null,
      schoolName: 'S',
      status,
      isSchoolAdmin: false,
    });
    const teachers = [
      row('t2', 'Park', 'ACTIVE'),
      row('t1', 'Kim', 'ACTIVE'),
      row('t3', 'Lee', 'PENDING_ACTIVE'),
    ];
    expect(classTeacherChoices(teachers, null).map((c) => c.value)).toEqual(['t1', 't2']);
    // a class teacher whose approval was withdrawn stays shown, so the dialog never drops them silently
    expect(classTeacherChoices(teachers, 't3').map((c) => c.label)).toEqual(['Kim', 'Lee', 'Park']);
    const form = { year: 2026, grade: 3, classNum: 1, className: ' 3-1 ', teacherId: 't2' };
    expect(classBodyOf(form)).toEqual({
      year: 2026,
      grade: 3,
      classNum: 1,
      className: '3-1',
      teacherId: 't2',
    });
    expect(classBodyOf({ ...form, teacherId: null }).teacherId).toBeNull();
  });
});
