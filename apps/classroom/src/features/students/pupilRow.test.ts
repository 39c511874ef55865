import { describe, expect, it } from 'vitest';
import { checkPupilDraft } from './pupilRow';

const classmates = [
  { num: 1, macAddress: '9C:7B:D2:00:00:01' },
  { num: 2, macAddress: '9C:7B:D2:00:00:02' },
];

describe('adding one pupil by hand (classroom.md §5 row appending)', () => {
  it('sends a row only when number, name and pen address are all filled', () => {
    expect(checkPupilDraft({ num: '', name: 'Kim', mac: '9c7bd2000003' }, classmates)).toEqual({
      ok: false,
      problem: 'empty',
    });
    expect(checkPupilDraft({ num: '3', name: ' ', mac: '9c7bd2000003' }, classmates)).toEqual({
      ok: false,
      problem: 'empty',
    });
    expect(checkPupilDraft({ num: ' 3 ', name: ' Kim ', mac: '9c7bd2000003' }, classmates)).toEqual({
      ok: true,
      row: { num: 3, name: 'Kim', macAddress: '9C:7B:D2:00:00:03' },
    });
  });

  it('refuses a number or a pen another pupil of the class has, and what is not one', () => {
    const check = (num: string, mac: string) => checkPupilDraft({ num, name: 'Kim', mac }, classmates);
    expect(check('2', '9c7bd2000003')).toEqual({ ok: false, problem: 'takenNumber' });
    expect(check('3', '9C-7B-D2-00-00-02')).toEqual({ ok: false, problem: 'takenPen' });
    expect(check('3', 'not a pen')).toEqual({ ok: false, problem: 'pen' });
    expect(check('3a', '9c7bd2000003')).toEqual({ ok: false, problem: 'number' });
    expect(check('0', '9c7bd2000003')).toEqual({ ok: false, problem: 'number' });
  });
});
