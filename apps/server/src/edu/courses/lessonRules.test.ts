import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLessonTimes, isOpenableCourseUrl, lessonTimeState } from './lessonRules';

const MIN = 60_000;
const start = Date.UTC(2025, 2, 3, 9, 0);
const lesson = { status: 'B' as const, sessionStatus: 'ACTIVE', startAtMs: start, endAtMs: start + 60 * MIN };

describe('lesson rules', () => {
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

  it('accepts 1 to 5 hours in 5-minute steps', () => {
    expect(() => checkLessonTimes(start, start + 60 * MIN)).not.toThrow();
    expect(() => checkLessonTimes(start + 5 * MIN, start + 305 * MIN)).not.toThrow();
    expect(() => checkLessonTimes(start, start + 55 * MIN)).toThrow('A lesson lasts 1 to 5 hours.');
    expect(() => checkLessonTimes(start, start + 305 * MIN)).toThrow('A lesson lasts 1 to 5 hours.');
    expect(() => checkLessonTimes(start + MIN, start + 61 * MIN)).toThrow(
      'Lesson times go in steps of 5 minutes.',
    );
  });

  it('opens only http(s) URLs and paths of the app', () => {
    expect(isOpenableCourseUrl('https://video.example/lesson/1')).toBe(true);
    expect(isOpenableCourseUrl('/main/courseStudyCheck?x=1')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'data:text/html,x',
      'not a url',
    ])
      expect(isOpenableCourseUrl(bad), bad).toBe(false);
  });
});
