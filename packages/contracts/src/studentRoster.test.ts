import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STUDENT_NAME, rosterName, rosterRowProblems } from './studentRoster';

describe('the pupil list rule (classroom.md §5)', () => {
  it('accepts a row without a name or number; names both rows of a number given twice', () => {
    expect(
      rosterRowProblems([
        { num: 1, name: 'Kim' },
        { num: 2, name: '' },
        { name: 'Lee' },
        { num: 1, name: 'Park' },
      ]),
    ).toEqual(['numberTwice', undefined, undefined, 'numberTwice']);
    expect(rosterRowProblems([{ num: 3, name: 'x'.repeat(MAX_STUDENT_NAME + 1) }])).toEqual(['nameTooLong']);
    expect(rosterName('  ')).toBeUndefined();
    expect(rosterName(' 최하은 ')).toBe('최하은');
  });

  it('flags a row exactly when its number is on another row (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ num: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }) })),
        (rows) => {
          const problems = rosterRowProblems(rows);
          rows.forEach((r, i) => {
            const twice = r.num !== undefined && rows.filter((o) => o.num === r.num).length > 1;
            expect(problems[i] === 'numberTwice').toBe(twice);
          });
        },
      ),
    );
  });
});
