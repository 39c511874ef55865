/**
 * What the simulator needs from its host: a clock with one-shot timers (so tests drive time by
 * hand and nothing waits for real) and a seeded random source (so fault runs repeat exactly).
 */
import type { Clock } from '@dotink/ncode';

/**
 * A clock with one-shot timers. The session's `Scheduler` (session/scheduler.ts) has this shape,
 * so its `manualScheduler` and `systemScheduler` can be passed in directly.
 */
export interface SimScheduler extends Clock {
  /** Runs `task` once, `delayMs` from now; returns a cancel function. */
  setTimer(delayMs: number, task: () => void): () => void;
}

/** A deterministic pseudo-random source. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
}

/** A small, fast seeded PRNG (mulberry32). The same seed gives the same sequence. */
export function seededPrng(seed: number): Prng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}
