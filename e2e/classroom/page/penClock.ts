/**
 * A pen clock that keeps time, for the simulated pens of the browser tests and benches. The
 * simulator stamps each dot with its planned time (pen-down + the sampling intervals) and waits
 * for it with chained timers; on a loaded machine each timer fires late and the lateness adds up
 * over a stroke, so the dots would leave the pen later and later behind their own stamps — which
 * no real pen does. Here a timer set from a timer's task counts from that task's planned time, so
 * a late pen catches up.
 *
 * All the pens of a page share one clock, and it wakes up at Bluetooth connection events: a real
 * pen's link delivers its notifications in bursts at each connection event (every 7.5–15 ms; here
 * every {@link CONNECTION_EVENT_MS}), not each in a task of its own, so the clock runs every timer
 * due by then in ONE task. Ten simulated pens at 100 Hz with a browser task per dot cost a station
 * tab more than the driver it tests. A timer is never run before its planned time, so no dot is
 * sent earlier than a real pen would send it.
 */
import { type Scheduler, systemScheduler } from '@dotink/pen';

/** Most time one task spends running due timers before it yields to the page (ms). */
const SLICE_MS = 8;

/** The connection interval the clock wakes up at (ms): Bluetooth LE's shortest, 7.5 ms. */
export const CONNECTION_EVENT_MS = 7.5;

interface Timer {
  readonly target: number;
  readonly seq: number;
  readonly task: () => void;
  cancelled: boolean;
}

const before = (a: Timer, b: Timer) => a.target < b.target || (a.target === b.target && a.seq < b.seq);

/** A binary min-heap of timers by (planned time, order set). */
class TimerHeap {
  private readonly items: Timer[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Timer | undefined {
    return this.items[0];
  }

  push(t: Timer): void {
    const a = this.items;
    a.push(t);
    let i = a.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!before(a[i]!, a[up]!)) break;
      [a[i], a[up]] = [a[up]!, a[i]!];
      i = up;
    }
  }

  pop(): Timer | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l]!, a[m]!)) m = l;
        if (r < a.length && before(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

/** Timers counted from the planned time of the task that sets them (a pen's steady clock). */
export function penClockScheduler(): Scheduler {
  const system = systemScheduler();
  const heap = new TimerHeap();
  // a due-now wake-up is the next message-channel task (Chromium stretches nested 0 ms timeouts to 4 ms)
  const channel = new MessageChannel();
  let seq = 0;
  let running: number | undefined;
  /** The planned time the armed wake-up is for (undefined: none armed). */
  let armedFor: number | undefined;
  let cancelArmed: (() => void) | undefined;

  const fire = () => {
    cancelArmed?.();
    cancelArmed = undefined;
    armedFor = undefined;
    const start = system.nowMs();
    // a task that throws does not stop the clock: the others run, then the first error is thrown
    let failed = false;
    let failure: unknown;
    for (;;) {
      const next = heap.peek();
      if (!next) break;
      if (next.cancelled) {
        heap.pop();
        continue;
      }
      const now = system.nowMs();
      if (next.target > now || now - start >= SLICE_MS) break;
      heap.pop();
      running = next.target;
      try {
        next.task();
      } catch (error) {
        if (!failed) [failed, failure] = [true, error];
      } finally {
        running = undefined;
      }
    }
    arm();
    if (failed) throw failure;
  };
  // a message left over from a wake-up that was replaced only runs what is due (harmless)
  channel.port1.onmessage = fire;

  /** Wakes up for the earliest timer (a wake-up already armed for it or earlier stays). */
  function arm(): void {
    while (heap.peek()?.cancelled) heap.pop();
    const next = heap.peek();
    if (!next || (armedFor !== undefined && armedFor <= next.target)) return;
    cancelArmed?.();
    cancelArmed = undefined;
    armedFor = next.target;
    const now = system.nowMs();
    if (next.target <= now) {
      channel.port2.postMessage(0);
      return;
    }
    // the next connection event at or after the timer's planned time
    const event = Math.ceil(next.target / CONNECTION_EVENT_MS) * CONNECTION_EVENT_MS;
    cancelArmed = system.setTimer(event - now, fire);
  }

  return {
    nowMs: system.nowMs,
    setTimer(delayMs, task) {
      const timer: Timer = {
        target: (running ?? system.nowMs()) + Math.max(0, delayMs),
        seq: ++seq,
        task,
        cancelled: false,
      };
      heap.push(timer);
      // set from a running timer: the loop in `fire` picks it up (or arms after it)
      if (running === undefined) arm();
      return () => {
        timer.cancelled = true;
      };
    },
  };
}
