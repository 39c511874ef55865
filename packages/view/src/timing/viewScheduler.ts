/**
 * Time for the view, passed in (as the pure packages do): animation frames, one-shot timers and
 * a clock. The browser default wraps `requestAnimationFrame`, `setTimeout` and
 * `performance.now`; tests use {@link manualViewScheduler} (or fake timers with the default).
 */

export interface ViewScheduler {
  /** Runs `fn` before the next repaint. Returns a cancel function. */
  frame(fn: () => void): () => void;
  /** Runs `fn` once after `ms`. Returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
  /** A monotonic clock, ms. */
  nowMs(): number;
}

/** The browser's timers, looked up at call time (so fake timers installed later still apply). */
export function browserViewScheduler(): ViewScheduler {
  return {
    frame(fn) {
      if (typeof requestAnimationFrame === 'function') {
        const id = requestAnimationFrame(() => fn());
        return () => cancelAnimationFrame(id);
      }
      const id = setTimeout(fn, 16);
      return () => clearTimeout(id);
    },
    after(ms, fn) {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    },
    nowMs: () => performance.now(),
  };
}

/** A scheduler a test drives: `runFrames()` runs queued frames, `advance(ms)` moves the clock. */
export interface ManualViewScheduler extends ViewScheduler {
  /** Runs the frames queued so far (frames they queue wait for the next call). Returns how many ran. */
  runFrames(): number;
  /** Moves the clock by `ms`, running due timers in time order. */
  advance(ms: number): void;
  pendingFrames(): number;
}

export function manualViewScheduler(startMs = 0): ManualViewScheduler {
  let now = startMs;
  let nextId = 0;
  let frames = new Map<number, () => void>();
  const timers = new Map<number, { dueMs: number; fn: () => void }>();
  return {
    frame(fn) {
      const id = nextId++;
      frames.set(id, fn);
      return () => {
        frames.delete(id);
      };
    },
    after(ms, fn) {
      const id = nextId++;
      timers.set(id, { dueMs: now + Math.max(0, ms), fn });
      return () => {
        timers.delete(id);
      };
    },
    nowMs: () => now,
    runFrames() {
      const due = frames;
      frames = new Map();
      for (const fn of due.values()) fn();
      return due.size;
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let id = -1;
        let dueMs = Number.POSITIVE_INFINITY;
        for (const [k, t] of timers) {
          if (t.dueMs < dueMs) {
            dueMs = t.dueMs;
            id = k;
          }
        }
        if (id < 0 || dueMs > end) break;
        const t = timers.get(id)!;
        timers.delete(id);
        now = dueMs;
        t.fn();
      }
      now = end;
    },
    pendingFrames: () => frames.size,
  };
}
