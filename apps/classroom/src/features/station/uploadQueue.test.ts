import { createStroke, dotsFrom, type Stroke } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { manualTimers } from './manualTimers';
import { nextBatch, type QueuedStroke, type QueueStore, SignInNeeded, UploadQueue } from './uploadQueue';

function stroke(key: string): Stroke {
  return createStroke(
    { key, page: pageAddress(3, 1012, 1191, 10), mac: '9C:7B:D2:00:00:01' },
    dotsFrom([
      { xNu: 1, yNu: 1, force: 0.5, timeMs: 1000 },
      { xNu: 2, yNu: 2, force: 0.5, timeMs: 1012 },
    ]),
  );
}

function item(key: string, pupilId = 'p1', tag = '7_s'): QueuedStroke {
  return { key, pupilId, tag, stroke: stroke(key) };
}

/** A store in memory (what IndexedDB keeps across a reload). */
function memoryStore(initial: QueuedStroke[] = []): QueueStore & { rows: Map<string, QueuedStroke> } {
  const rows = new Map(initial.map((i) => [i.key, i]));
  return {
    rows,
    all: async () => [...rows.values()],
    put: async (items) => {
      for (const i of items) rows.set(i.key, i);
    },
    remove: async (keys) => {
      for (const k of keys) rows.delete(k);
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('nextBatch', () => {
  it('takes the oldest pupil and tag, up to the batch size, skipping set-aside pupils', () => {
    const items = [
      item('a', 'p1'),
      item('b', 'p2'),
      item('c', 'p1'),
      item('d', 'p1', '8_t'),
      item('e', 'p1'),
    ];
    expect(nextBatch(items, 2, new Set()).map((i) => i.key)).toEqual(['a', 'c']);
    expect(nextBatch(items, 10, new Set(['p1'])).map((i) => i.key)).toEqual(['b']);
    expect(nextBatch([], 10, new Set())).toEqual([]);
  });
});

describe('UploadQueue', () => {
  it('gathers the strokes of a short while into one upload per pupil when told to (a class writing at once)', async () => {
    const store = memoryStore();
    const timers = manualTimers();
    const sent: string[][] = [];
    const q = new UploadQueue({
      store,
      timers,
      gatherMs: 2000,
      upload: async (_p, _t, strokes) => {
        sent.push(strokes.map((s) => s.key));
      },
    });
    await q.add(item('a'));
    await q.add(item('b'));
    await settle();
    // nothing sent yet: the first stroke waits for the others of the next 2 s
    expect(sent).toEqual([]);
    expect(timers.pending.map((t) => t.ms)).toEqual([2000]);
    timers.fire();
    await settle();
    expect(sent).toEqual([['a', 'b']]);
    expect(q.get().pending).toBe(0);
    // a retry the user asks for goes at once
    await q.add(item('c'));
    q.retryNow();
    await settle();
    expect(sent).toEqual([['a', 'b'], ['c']]);
  });

  it('stores each stroke before uploading and removes it only after the server took it', async () => {
    const store = memoryStore();
    const sent: string[][] = [];
    let release!: () => void;
    const q = new UploadQueue({
      store,
      timers: manualTimers(),
      upload: (_p, _t, strokes) => {
        sent.push(strokes.map((s) => s.key));
        return new Promise<void>((r) => {
          release = r;
        });
      },
    });
    await q.start();
    await q.add(item('a'));
    expect(store.rows.has('a')).toBe(true);
    expect(q.get().pending).toBe(1);
    expect(q.get().uploading).toBe(true);
    release();
    await settle();
    expect(store.rows.size).toBe(0);
    expect(q.get()).toMatchObject({ pending: 0, uploading: false, error: undefined });
    expect(sent).toEqual([['a']]);
  });

  it('retries a failed upload with back-off and keeps the strokes meanwhile', async () => {
    const store = memoryStore();
    const timers = manualTimers();
    let fail = 3;
    const q = new UploadQueue({
      store,
      timers,
      random: () => 0,
      upload: async () => {
        if (fail-- > 0) throw new Error('offline');
      },
    });
    await q.start();
    await q.add(item('a'));
    await q.add(item('b'));
    await settle();
    expect(q.get()).toMatchObject({ pending: 2, attempt: 1 });
    expect(timers.fire()).toBe(1000);
    await settle();
    expect(timers.fire()).toBe(2000);
    await settle();
    expect(q.get().pending).toBe(2);
    expect(timers.fire()).toBe(4000);
    await settle();
    expect(q.get()).toMatchObject({ pending: 0, attempt: 0, error: undefined });
    expect(store.rows.size).toBe(0);
  });

  it('uploads what an earlier page left in the store (a reload), and is not "loaded" before it read it', async () => {
    const store = memoryStore([item('old1'), item('old2', 'p2')]);
    const sent: string[] = [];
    const q = new UploadQueue({
      store,
      timers: manualTimers(),
      upload: async (pupil, _t, strokes) => {
        sent.push(`${pupil}:${strokes.map((s) => s.key).join(',')}`);
      },
    });
    // before the store is read, nothing may claim that all is saved
    expect(q.get()).toMatchObject({ loaded: false, pending: 0 });
    const started = q.start();
    expect(q.get().loaded).toBe(false);
    await started;
    expect(q.get().loaded).toBe(true);
    await settle();
    expect(sent).toEqual(['p1:old1', 'p2:old2']);
    expect(store.rows.size).toBe(0);
  });

  it('sets aside a pupil who must sign in again, uploads the others, and resumes', async () => {
    const store = memoryStore();
    let signedIn = false;
    const sent: string[] = [];
    const q = new UploadQueue({
      store,
      timers: manualTimers(),
      upload: async (pupil, _t, strokes) => {
        if (pupil === 'p1' && !signedIn) throw new SignInNeeded('p1');
        sent.push(...strokes.map((s) => s.key));
      },
    });
    await q.start();
    await q.add(item('a', 'p1'));
    await q.add(item('b', 'p2'));
    await settle();
    expect(sent).toEqual(['b']);
    expect(q.get().signInNeeded.has('p1')).toBe(true);
    expect(q.get().pendingByPupil.get('p1')).toBe(1);
    signedIn = true;
    q.resume('p1');
    await settle();
    expect(sent).toEqual(['b', 'a']);
    expect(q.get().pending).toBe(0);
  });

  it('queues a stroke once however often it is added (same key)', async () => {
    const store = memoryStore();
    const q = new UploadQueue({ store, timers: manualTimers(), upload: () => new Promise(() => undefined) });
    await q.add(item('a'));
    await q.add(item('a'));
    expect(q.get().pending).toBe(1);
  });
});

describe('UploadQueue when the store refuses', () => {
  it('still uploads the stroke from memory and reports the store failure', async () => {
    const store = memoryStore();
    store.put = async () => {
      throw new Error('QuotaExceededError');
    };
    const sent: string[] = [];
    const q = new UploadQueue({
      store,
      timers: manualTimers(),
      upload: async (_p, _t, strokes) => {
        sent.push(...strokes.map((s) => s.key));
      },
    });
    await expect(q.add(item('a'))).rejects.toThrow('QuotaExceededError');
    await settle();
    expect(sent).toEqual(['a']);
  });
});
