import { describe, expect, it } from 'vitest';
import { memoryKey, recall, remember } from './pupilMemory';

function storage() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('the pupils a station remembers', () => {
  it('keeps ids, names, pens and tokens per lesson, never a password', () => {
    const s = storage();
    remember(s, 7, {
      lesson: undefined,
      pupils: [
        { studentId: 'p1', name: 'Kim', mac: '9C:7B:D2:00:00:01', token: 't1', password: 'secret' } as never,
      ],
    });
    expect(s.m.get(memoryKey(7))).not.toContain('secret');
    expect(recall(s, 7).pupils).toEqual([
      { studentId: 'p1', name: 'Kim', mac: '9C:7B:D2:00:00:01', token: 't1' },
    ]);
    expect(recall(s, 8).pupils).toEqual([]);
    remember(s, 7, { lesson: undefined, pupils: [] });
    expect(s.m.size).toBe(0);
  });

  it('reads damaged memory as no pupils', () => {
    const s = storage();
    s.setItem(memoryKey(7), '{nope');
    expect(recall(s, 7).pupils).toEqual([]);
    s.setItem(memoryKey(7), JSON.stringify({ pupils: [{ studentId: 1 }] }));
    expect(recall(s, 7).pupils).toEqual([]);
  });
});
