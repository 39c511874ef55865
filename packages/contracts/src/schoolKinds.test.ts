import { describe, expect, it } from 'vitest';
import { regionOf, schoolLevelOf } from './schoolKinds';

describe('what the registry codes say of a school', () => {
  it('reads the level from the type code and the region from the office code', () => {
    expect(['0', '1', '2', '3', ''].map(schoolLevelOf)).toEqual([
      'elementary',
      'middle',
      'high',
      'other',
      'other',
    ]);
    expect(regionOf('b10')).toBe('B10');
    expect(regionOf('T10')).toBe('T10');
    expect(regionOf('Z99')).toBeUndefined();
  });
});
