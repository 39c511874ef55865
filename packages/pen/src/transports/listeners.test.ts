import { describe, expect, it } from 'vitest';
import { listeners } from './listeners';

describe('listeners', () => {
  it('calls listeners in order and stops after unsubscribe', () => {
    const set = listeners<number>();
    const seen: string[] = [];
    const off = set.add((v) => seen.push(`a${v}`));
    set.add((v) => seen.push(`b${v}`));
    set.emit(1);
    off();
    off();
    set.emit(2);
    expect(seen).toEqual(['a1', 'b1', 'b2']);
    expect(set.size).toBe(1);
  });

  it('a throwing listener does not stop the others; the error surfaces after', () => {
    const set = listeners<number>();
    const seen: number[] = [];
    set.add(() => {
      throw new Error('boom');
    });
    set.add((v) => seen.push(v));
    expect(() => set.emit(7)).toThrow('boom');
    expect(seen).toEqual([7]);
  });
});
