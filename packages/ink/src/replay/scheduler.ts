/**
 * Timers for pure code: a {@link Scheduler} is passed in (apps wrap their timer; tests use
 * {@link manualScheduler} and move time by hand), so playback is deterministic under test.
 */

/** Runs `fn` every `ms` until the returned function is called. */
export interface Scheduler {
  every(ms: number, fn: () => void): () => void;
}

/** A scheduler a test drives: `advance(ms)` runs every callback that falls due, in time order. */
export interface ManualScheduler extends Scheduler {
  /** Moves time on by `ms`, running due callbacks. */
  advance(ms: number): void;
  /** How many repeating callbacks are active. */
  activeCount(): number;
  /** ms moved on so far. */
  nowMs(): number;
}

export function manualScheduler(): ManualScheduler {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { periodMs: number; dueMs: number; fn: () => void }>();
  return {
    every(ms, fn) {
      const id = nextId++;
      const periodMs = Math.max(1, ms);
      timers.set(id, { periodMs, dueMs: now + periodMs, fn });
      return () => {
        timers.delete(id);
      };
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let id = -1;
        let due = Number.POSITIVE_INFINITY;
        for (const [k, t] of timers) {
          if (t.dueMs < due) {
            due = t.dueMs;
            id = k;
          }
        }
        if (id < 0 || due > end) break;
        const t = timers.get(id)!;
        now = due;
        t.dueMs += t.periodMs;
        t.fn();
      }
      now = end;
    },
    activeCount: () => timers.size,
    nowMs: () => now,
  };
}
