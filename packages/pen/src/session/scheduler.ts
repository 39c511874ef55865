/**
 * Time for the session: a clock plus one-shot timers, injected so tests and benchmarks drive
 * time by hand ({@link manualScheduler}) and the app passes the real one ({@link systemScheduler}).
 */
import type { Clock } from '@dotink/ncode';

/** Cancels a timer. Harmless after it ran. */
export type CancelTimer = () => void;

/** A clock with one-shot timers. */
export interface Scheduler extends Clock {
  /** Runs `task` once, `delayMs` from now. */
  setTimer(delayMs: number, task: () => void): CancelTimer;
}

/** A scheduler a test or benchmark moves by hand. */
export interface ManualScheduler extends Scheduler {
  /** Moves time forward, running every timer that falls due, in time order. */
  advance(ms: number): void;
  /** Runs timers due now (after zero-delay timers were added). */
  runDue(): void;
  /** Timers not yet run. */
  readonly pendingTimers: number;
}

interface Timer {
  readonly atMs: number;
  readonly seq: number;
  readonly task: () => void;
  cancelled: boolean;
}

/** A manual scheduler starting at `startMs`. */
export function manualScheduler(startMs = 0): ManualScheduler {
  let now = startMs;
  let seq = 0;
  let timers: Timer[] = [];
  const runUntil = (limitMs: number) => {
    for (;;) {
      let next: Timer | undefined;
      for (const t of timers) {
        if (t.cancelled || t.atMs > limitMs) continue;
        if (!next || t.atMs < next.atMs || (t.atMs === next.atMs && t.seq < next.seq)) next = t;
      }
      if (!next) break;
      next.cancelled = true;
      if (next.atMs > now) now = next.atMs;
      next.task();
    }
    timers = timers.filter((t) => !t.cancelled);
  };
  return {
    nowMs: () => now,
    setTimer(delayMs, task) {
      const t: Timer = { atMs: now + Math.max(0, delayMs), seq: seq++, task, cancelled: false };
      timers.push(t);
      return () => {
        t.cancelled = true;
      };
    },
    advance(ms) {
      const target = now + ms;
      runUntil(target);
      now = target;
    },
    runDue() {
      runUntil(now);
    },
    get pendingTimers() {
      return timers.filter((t) => !t.cancelled).length;
    },
  };
}

/** The real clock and timers of the host (browser or Node). */
export function systemScheduler(): Scheduler {
  return {
    nowMs: () => Date.now(),
    setTimer(delayMs, task) {
      const id = globalThis.setTimeout(task, delayMs);
      return () => globalThis.clearTimeout(id);
    },
  };
}
