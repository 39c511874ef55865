/**
 * A simulator scheduler that keeps real time without drift: a timer set from inside another
 * timer's callback is due `delay` after that timer's due time (not after the late moment it ran),
 * and `nowMs()` inside a callback is the callback's due time. A pen samples at 100 Hz whatever
 * the host is doing, so when the page's main thread falls behind, the simulated pens catch up in
 * a burst (as Bluetooth would deliver queued notifications) instead of slowing down.
 */
import type { SimScheduler } from '@dotink/pen/simulator';

interface Timer {
  readonly dueMs: number;
  readonly seq: number;
  readonly task: () => void;
  cancelled: boolean;
}

/** Paced timers on `performance.now()`; `nowMs()` is epoch ms. */
export function pacedScheduler(): SimScheduler {
  const epochOffsetMs = Date.now() - performance.now();
  const heap: Timer[] = [];
  let seq = 0;
  let logicalMs: number | undefined;
  let armed: { dueMs: number; id: ReturnType<typeof setTimeout> } | undefined;

  const before = (a: Timer, b: Timer) => a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.seq < b.seq);
  const push = (t: Timer) => {
    heap.push(t);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(heap[i]!, heap[p]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const pop = (): Timer | undefined => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  };

  const drain = () => {
    armed = undefined;
    const now = performance.now();
    while (heap.length > 0 && heap[0]!.dueMs <= now) {
      const t = pop()!;
      if (t.cancelled) continue;
      logicalMs = t.dueMs;
      try {
        t.task();
      } finally {
        logicalMs = undefined;
      }
    }
    arm();
  };
  const arm = () => {
    while (heap.length > 0 && heap[0]!.cancelled) pop();
    const next = heap[0];
    if (!next) return;
    if (armed && armed.dueMs <= next.dueMs) return;
    if (armed) clearTimeout(armed.id);
    armed = { dueMs: next.dueMs, id: setTimeout(drain, Math.max(0, next.dueMs - performance.now())) };
  };

  return {
    nowMs: () => epochOffsetMs + (logicalMs ?? performance.now()),
    setTimer(delayMs, task) {
      const timer: Timer = {
        dueMs: (logicalMs ?? performance.now()) + Math.max(0, delayMs),
        seq: seq++,
        task,
        cancelled: false,
      };
      push(timer);
      if (logicalMs === undefined) arm();
      return () => {
        timer.cancelled = true;
      };
    },
  };
}
