import { describe, expect, it } from 'vitest';
import type { Student } from '../../../api/contracts';
import { labelWarnings } from './labelWarnings';

const pupil = (num: number, macAddress: string): Student =>
  ({ id: `s${num}`, num, name: `Pupil ${num}`, macAddress, status: 'ACTIVE', deleteYn: 'N' }) as Student;

describe('QR label warnings (classroom.md §5 pen address marks)', () => {
  const roster = [
    pupil(1, '9C:7B:D2:00:00:01'),
    pupil(2, 'NOT-A-PEN'),
    pupil(3, '9C:7B:D2:00:00:05'),
    pupil(4, '9c7bd2000005'),
  ];

  it('names the chosen pupils with an invalid or duplicated address, duplicates over the whole class', () => {
    // pupil 4 alone is chosen, but pupil 3 of the class has the same pen
    expect(labelWarnings([roster[0]!, roster[1]!, roster[3]!], roster)).toEqual([
      { num: 2, name: 'Pupil 2', status: 'invalid' },
      { num: 4, name: 'Pupil 4', status: 'duplicate' },
    ]);
  });

  it('warns of nothing for good unique addresses', () => {
    expect(labelWarnings([roster[0]!], roster)).toEqual([]);
  });
});
