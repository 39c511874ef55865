import { describe, expect, it } from 'vitest';
import { manualScheduler } from './scheduler';

describe('manual scheduler', () => {
  it('runs due callbacks in time order and stops cancelled ones', () => {
    const s = manualScheduler();
    const log: string[] = [];
    const offA = s.every(20, () => log.push(`a${s.nowMs()}`));
    s.every(30, () => log.push(`b${s.nowMs()}`));
    s.advance(60);
    expect(log).toEqual(['a20', 'b30', 'a40', 'a60', 'b60']);
    offA();
    s.advance(30);
    expect(log.slice(5)).toEqual(['b90']);
    expect(s.activeCount()).toBe(1);
  });
});
