import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endFromDuration, lessonAction, lessonTimeState, lessonTimesProblem } from './lessonRules';

const MIN = 60_000;
const start = Date.UTC(2025, 2, 3, 9, 0);
const lesson = { status: 'B' as const, sessionStatus: 'ACTIVE', startAtMs: start, endAtMs: start + 60 * MIN };

describe('lesson rules (shared by the server and the classroom)', () => {
  it('derives the time state of classroom.md §4', () => {
    expect(lessonTimeState(lesson, start - 1)).toBe('BEFORE');
    expect(lessonTimeState(lesson, start)).toBe('IN_PROGRESS');
    expect(lessonTimeState(lesson, start + 60 * MIN)).toBe('IN_PROGRESS');
    expect(lessonTimeState(lesson, start + 61 * MIN)).toBe('AFTER_END');
    expect(lessonTimeState(lesson, start + 90 * MIN)).toBe('AFTER_END');
    expect(lessonTimeState(lesson, start + 90 * MIN + 1)).toBe('MISSED');
    expect(lessonTimeState({ ...lesson, status: 'E' }, start)).toBe('ENDED');
    expect(lessonTimeState({ ...lesson, sessionStatus: 'DRAFT' }, start)).toBe('DRAFT');
    expect(lessonTimeState({ ...lesson, sessionStatus: null }, start)).toBe('DRAFT');
  });

  it('moves forward only as time passes (property)', () => {
    const order = ['BEFORE', 'IN_PROGRESS', 'AFTER_END', 'MISSED'];
    fc.assert(
      fc.property(fc.integer({ min: -600, max: 600 }), fc.integer({ min: 0, max: 600 }), (a, d) => {
        const t1 = start + a * MIN;
        const t2 = t1 + d * MIN;
        expect(order.indexOf(lessonTimeState(lesson, t2))).toBeGreaterThanOrEqual(
          order.indexOf(lessonTimeState(lesson, t1)),
        );
      }),
    );
  });

  it('offers the actions of classroom.md §4 for each state', () => {
    expect(lessonAction('BEFORE')).toBe('proceed');
    expect(lessonAction('IN_PROGRESS')).toBe('proceed');
    expect(lessonAction('AFTER_END')).toBe('proceed');
    expect(lessonAction('MISSED')).toBe('none');
    expect(lessonAction('ENDED')).toBe('check');
    expect(lessonAction('DRAFT')).toBe('reRegister');
  });

  it('refuses times off the 5-minute grid or outside 1 to 5 hours', () => {
    expect(lessonTimesProblem(start, start + 60 * MIN)).toBeUndefined();
    expect(lessonTimesProblem(start, start + 300 * MIN)).toBeUndefined();
    expect(lessonTimesProblem(start, start + 55 * MIN)).toBe('duration');
    expect(lessonTimesProblem(start, start + 305 * MIN)).toBe('duration');
    expect(lessonTimesProblem(start + MIN, start + 61 * MIN)).toBe('step');
    expect(endFromDuration(start, 2)).toBe(start + 120 * MIN);
  });
});
