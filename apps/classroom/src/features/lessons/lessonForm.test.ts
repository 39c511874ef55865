import { describe, expect, it } from 'vitest';
import {
  endTimeOf,
  isLessonComplete,
  LESSON_HOURS,
  lessonBody,
  lessonFormOf,
  localInstant,
  newLessonForm,
  START_TIMES,
} from './lessonForm';

describe('the lesson form (classroom.md §5)', () => {
  it('offers start times in 5-minute steps and durations of 1 to 5 hours', () => {
    expect(START_TIMES).toHaveLength(288);
    expect(START_TIMES.slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
    expect(START_TIMES.at(-1)).toBe('23:55');
    expect([...LESSON_HOURS]).toEqual([1, 2, 3, 4, 5]);
  });

  it('ends at start plus duration', () => {
    const f = { date: '2025-03-03', startTime: '09:05', hours: 2, name: 'x', memo: '' };
    expect(endTimeOf(f)).toBe('11:05');
    expect(endTimeOf({ ...f, startTime: '23:00', hours: 3 })).toBe('02:00');
    const body = lessonBody(f, 'Math');
    expect(Date.parse(body.endAt!) - Date.parse(body.startAt!)).toBe(2 * 3_600_000);
    expect(Date.parse(body.startAt!)).toBe(localInstant('2025-03-03', '09:05'));
    expect(body).toMatchObject({ tag: 'x', title: 'Math', description: '' });
  });

  it('requires date, start time, duration and lesson name; the memo is optional', () => {
    const f = { date: '2025-03-03', startTime: '09:00', hours: 1, name: 'Unit 1', memo: '' };
    expect(isLessonComplete(f)).toBe(true);
    expect(isLessonComplete({ ...f, name: '  ' })).toBe(false);
    expect(isLessonComplete({ ...f, date: '' })).toBe(false);
    expect(isLessonComplete({ ...f, startTime: '' })).toBe(false);
    expect(isLessonComplete({ ...f, hours: 6 })).toBe(false);
  });

  it('a new lesson starts at the next 5-minute step', () => {
    const now = localInstant('2025-03-03', '09:02')! + 17_000;
    expect(newLessonForm(now)).toMatchObject({ date: '2025-03-03', startTime: '09:05', hours: 1 });
  });

  it('an existing lesson off the 5-minute grid keeps a start time, rounded with a word', () => {
    const start = localInstant('2025-03-03', '14:26')! + 13_000;
    const course = {
      tag: 'Unit 1',
      description: '',
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + 3_600_000).toISOString(),
    } as Parameters<typeof lessonFormOf>[0];
    const form = lessonFormOf(course);
    expect(form).toMatchObject({ date: '2025-03-03', startTime: '14:25', hours: 1, roundedFrom: '14:26' });
    expect(START_TIMES).toContain(form.startTime);
    expect(isLessonComplete(form)).toBe(true);
    const body = lessonBody(form, 'Math');
    expect(Date.parse(body.startAt!)).toBe(localInstant('2025-03-03', '14:25'));
    // a lesson on the grid is shown as it is, without a word
    const onGrid = lessonFormOf({
      ...course,
      startAt: new Date(localInstant('2025-03-03', '09:05')!).toISOString(),
    });
    expect(onGrid.startTime).toBe('09:05');
    expect(onGrid.roundedFrom).toBeUndefined();
  });
});
