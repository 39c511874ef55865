import { describe, expect, it } from 'vitest';
import type { Student } from '../../api/contracts';
import { addressTail, hasWrongPens, rowViews, saveRowOf, tidyAddress } from './studentEdits';

const student = (id: string, num: number, mac: string, extra: Partial<Student> = {}): Student => ({
  id,
  eduClassId: 1,
  num,
  name: `pupil ${num}`,
  numName: `${num} pupil`,
  macAddress: mac,
  status: 'ACTIVE',
  deleteYn: 'N',
  lastWatch: null,
  watchCount: 0,
  penAddressProblem: null,
  ...extra,
});

const list = [student('a', 1, '9C:7B:D2:00:00:01'), student('b', 2, '9C:7B:D2:00:00:02')];

describe('student table editing (classroom.md §4, §5)', () => {
  it('marks a typed address invalid, or duplicate of another row, and the row changed', () => {
    const invalid = rowViews(list, { a: { name: 'pupil 1', mac: '9C:7B:D2:00:00' } });
    expect(invalid.map((r) => r.mark)).toEqual(['invalid', 'none']);
    expect(invalid[0]!.changed).toBe(true);
    expect(hasWrongPens(invalid)).toBe(true);
    const duplicate = rowViews(list, { a: { name: 'pupil 1', mac: '9c7bd2000002' } });
    expect(duplicate.map((r) => r.mark)).toEqual(['duplicate', 'duplicate']);
  });

  it('an edit back to the original value is not a change (ESC restores it)', () => {
    const same = rowViews(list, { a: { name: 'pupil 1', mac: '9c7bd2000001' } });
    expect(same[0]!.changed).toBe(false);
    expect(hasWrongPens(same)).toBe(false);
  });

  it("shows the server's flag of an address added anyway until the row is edited", () => {
    const flagged = [student('a', 1, 'XX', { penAddressProblem: 'invalid' }), list[1]!];
    expect(rowViews(flagged, {})[0]!.mark).toBe('invalid');
    expect(rowViews(flagged, { a: { name: 'x', mac: '1' } })[0]!.mark).toBe('none');
  });

  it('saves the canonical address with the same id and number', () => {
    const [row] = rowViews(list, { a: { name: ' New ', mac: '9c7bd2000009' } });
    expect(saveRowOf(row!)).toEqual({ id: 'a', num: 1, name: 'New', macAddress: '9C:7B:D2:00:00:09' });
    expect(tidyAddress('9c7bd2000009')).toBe('9C:7B:D2:00:00:09');
    expect(tidyAddress('oops')).toBe('oops');
    expect(addressTail('9C:7B:D2:00:00:09')).toBe('00:00:09');
  });
});
