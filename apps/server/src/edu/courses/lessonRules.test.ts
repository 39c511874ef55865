import { describe, expect, it } from 'vitest';
import { checkLessonTimes, isOpenableCourseUrl } from './lessonRules';

const MIN = 60_000;
const start = Date.UTC(2025, 2, 3, 9, 0);

describe('lesson rules on the server', () => {
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
