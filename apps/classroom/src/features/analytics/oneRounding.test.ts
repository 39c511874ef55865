/**
 * The figures a teacher reads are rounded by one rule, `@dotink/ink`'s (classroom.md §9: one
 * decimal, halves away from zero), on every analytics screen (issue 28 item 13).
 */
import { msToMinutes as inkMinutes, roundOneDecimal } from '@dotink/ink';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneDecimal as classOneDecimal } from './class/classData';
import { msToMinutes, oneDecimal as pupilOneDecimal } from './pupil/pupilFigures';

describe('one rounding rule on the class and pupil screens', () => {
  it('a mean stored just below its half rounds up, and nothing shows as -0.0', () => {
    // (12.1 + 12.2) / 2 is 12.149999999999999 in floating point
    for (const format of [classOneDecimal, pupilOneDecimal]) {
      expect(format((12.1 + 12.2) / 2)).toBe('12.2');
      expect(format(-0.04)).toBe('0.0');
      expect(format(-1.25)).toBe('-1.3');
    }
  });

  it('agrees with the ink package for any figure, and minutes are its minutes', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        expect(classOneDecimal(x)).toBe(roundOneDecimal(x).toFixed(1));
        expect(pupilOneDecimal(x)).toBe(roundOneDecimal(x).toFixed(1));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), (ms) => {
        expect(msToMinutes(ms)).toBe(inkMinutes(ms));
      }),
    );
  });
});
