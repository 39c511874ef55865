import { describe, expect, it } from 'vitest';
import { manualTimers } from './manualTimers';
import { coalescedView, QUEUE_VIEW_MS, urgentQueueChange } from './queueView';
import { EMPTY_QUEUE_STATE, type QueueState } from './uploadQueue';

const EMPTY: QueueState = { ...EMPTY_QUEUE_STATE, loaded: true };

/** The queue's state as a store the test changes by hand. */
function source(initial: QueueState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(change: Partial<QueueState>) {
      state = { ...state, ...change };
      for (const l of listeners) l();
    },
  };
}

describe('the station screen’s view of the upload queue', () => {
  it('tells the first unsaved stroke and “all saved” at once, and counts at most every 250 ms', () => {
    const queue = source(EMPTY);
    const timers = manualTimers();
    const view = coalescedView(queue, timers, urgentQueueChange);
    let told = 0;
    view.subscribe(() => told++);

    queue.set({ pending: 1 }); // the first stroke not saved yet: at once
    expect(told).toBe(1);
    expect(view.get().pending).toBe(1);

    // a class writing: 20 more strokes queued, an upload starts — one notice, after the wait
    for (let n = 2; n <= 21; n++) queue.set({ pending: n });
    queue.set({ uploading: true });
    expect(told).toBe(1);
    expect(view.get().pending).toBe(1);
    expect(timers.pending.map((t) => t.ms)).toEqual([QUEUE_VIEW_MS]);
    timers.fire();
    expect(told).toBe(2);
    expect(view.get()).toMatchObject({ pending: 21, uploading: true });

    queue.set({ pending: 5 });
    queue.set({ pending: 0, uploading: false }); // all saved: at once, the waiting notice dropped
    expect(told).toBe(3);
    expect(view.get().pending).toBe(0);
    expect(timers.pending).toHaveLength(0);
    view.close();
  });

  it('tells a failure, a retry and a pupil who must sign in again at once', () => {
    const queue = source({ ...EMPTY, pending: 3 });
    const view = coalescedView(queue, manualTimers(), urgentQueueChange);
    let told = 0;
    view.subscribe(() => told++);
    const failure = new Error('offline');
    queue.set({ error: failure, attempt: 1 });
    expect(told).toBe(1);
    queue.set({ attempt: 2 });
    expect(told).toBe(2);
    queue.set({ signInNeeded: new Set(['kim01']) });
    expect(told).toBe(3);
    expect(view.get().signInNeeded.has('kim01')).toBe(true);
    queue.set({ signInNeeded: new Set(['kim01']) }); // the same pupils: not news
    expect(told).toBe(3);
    view.close();
  });

  it('hears nothing more once closed', () => {
    const queue = source(EMPTY);
    const timers = manualTimers();
    const view = coalescedView(queue, timers, urgentQueueChange);
    let told = 0;
    view.subscribe(() => told++);
    queue.set({ pending: 1 });
    queue.set({ pending: 2 });
    view.close();
    expect(timers.pending).toHaveLength(0);
    queue.set({ pending: 0 });
    expect(told).toBe(1);
  });
});
