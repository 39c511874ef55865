import { createStroke, dotsFrom } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openQueueStore } from './queueStore';
import type { QueuedStroke } from './uploadQueue';

function item(key: string): QueuedStroke {
  const stroke = createStroke(
    {
      key,
      page: pageAddress(3, 1012, 1191, 10),
      mac: '9C:7B:D2:00:00:01',
      writerId: 'p1',
      surfaceOwnerId: 'p1',
    },
    dotsFrom([
      { xNu: 1.5, yNu: 2.5, force: 300, timeMs: 1_700_000_000_000 },
      { xNu: 3, yNu: 4, force: 400, timeMs: 1_700_000_000_012 },
    ]),
  );
  return { key, pupilId: 'p1', tag: '7_s', stroke };
}

describe('the station queue in IndexedDB', () => {
  it('keeps queued strokes, dots and all, across a reopen (a reload), oldest first', async () => {
    const indexedDB = new IDBFactory();
    const first = await openQueueStore({ indexedDB });
    await first.put([item('b')]);
    await first.put([item('a'), item('c')]);
    await first.remove(['c']);
    first.close();

    const again = await openQueueStore({ indexedDB });
    const rows = await again.all();
    expect(rows.map((r) => r.key)).toEqual(['b', 'a']);
    expect(rows[0]!.stroke.dots.count).toBe(2);
    expect(Array.from(rows[0]!.stroke.dots.xNu)).toEqual([1.5, 3]);
    expect(rows[0]!.stroke.dots.timeMs[1]).toBe(1_700_000_000_012);
    // new rows go after the old ones
    await again.put([item('d')]);
    expect((await again.all()).map((r) => r.key)).toEqual(['b', 'a', 'd']);
    again.close();
  });
});
