/**
 * Column-wise dot storage: making, growing and reading {@link DotColumns}.
 */
import type { Dot, DotColumns } from './types';

/** Empty columns with room for `capacity` dots. */
export function allocDots(capacity: number): DotColumns {
  return {
    count: 0,
    xNu: new Float32Array(capacity),
    yNu: new Float32Array(capacity),
    force: new Float32Array(capacity),
    timeMs: new Float64Array(capacity),
  };
}

/** Columns holding exactly these dots. */
export function dotsFrom(dots: readonly Dot[]): DotColumns {
  const c = allocDots(dots.length);
  dots.forEach((d, i) => {
    c.xNu[i] = d.xNu;
    c.yNu[i] = d.yNu;
    c.force[i] = d.force;
    c.timeMs[i] = d.timeMs;
  });
  return { ...c, count: dots.length };
}

/** Dot `i` as an object. */
export function dotAt(c: DotColumns, i: number): Dot {
  return { xNu: c.xNu[i]!, yNu: c.yNu[i]!, force: c.force[i]!, timeMs: c.timeMs[i]! };
}

/** All dots as objects (for tests and small exports; hot paths read the columns). */
export function dotList(c: DotColumns): Dot[] {
  const out: Dot[] = [];
  for (let i = 0; i < c.count; i++) out.push(dotAt(c, i));
  return out;
}

/** Dots `from` (inclusive) to `to` (exclusive), copied into tight columns. */
export function sliceDots(c: DotColumns, from: number, to: number): DotColumns {
  const f = Math.max(0, from);
  const t = Math.min(c.count, to);
  const n = Math.max(0, t - f);
  return {
    count: n,
    xNu: c.xNu.slice(f, f + n),
    yNu: c.yNu.slice(f, f + n),
    force: c.force.slice(f, f + n),
    timeMs: c.timeMs.slice(f, f + n),
  };
}

/**
 * Dots `from` (inclusive) to `to` (exclusive) as tight columns that share `c`'s storage (no
 * copy). Only for columns nobody writes to any more, such as a stored stroke's: the pieces a
 * partial erase leaves are views of the erased stroke's dots.
 */
export function viewDots(c: DotColumns, from: number, to: number): DotColumns {
  const f = Math.max(0, from);
  const t = Math.min(c.count, to);
  const n = Math.max(0, t - f);
  return {
    count: n,
    xNu: c.xNu.subarray(f, f + n),
    yNu: c.yNu.subarray(f, f + n),
    force: c.force.subarray(f, f + n),
    timeMs: c.timeMs.subarray(f, f + n),
  };
}

/** Columns trimmed to exactly `count` entries (no spare capacity). */
export function tightDots(c: DotColumns): DotColumns {
  return c.xNu.length === c.count ? c : sliceDots(c, 0, c.count);
}

/**
 * A growable dot buffer for strokes being written: append is amortised O(1) and `view()` shares
 * the underlying arrays (no copy), so a live view can draw the newest segment cheaply.
 */
export class DotBuffer {
  private cols: DotColumns;
  private n = 0;

  constructor(initialCapacity = 128) {
    this.cols = allocDots(Math.max(4, initialCapacity));
  }

  get count(): number {
    return this.n;
  }

  push(xNu: number, yNu: number, force: number, timeMs: number): void {
    if (this.n === this.cols.xNu.length) this.grow();
    const i = this.n++;
    this.cols.xNu[i] = xNu;
    this.cols.yNu[i] = yNu;
    this.cols.force[i] = force;
    this.cols.timeMs[i] = timeMs;
  }

  /** The dots so far, sharing storage with the buffer (valid until the next push). */
  view(): DotColumns {
    return { ...this.cols, count: this.n };
  }

  /** A tight copy of the dots so far. */
  snapshot(): DotColumns {
    return sliceDots(this.view(), 0, this.n);
  }

  private grow(): void {
    const next = allocDots(this.cols.xNu.length * 2);
    next.xNu.set(this.cols.xNu);
    next.yNu.set(this.cols.yNu);
    next.force.set(this.cols.force);
    next.timeMs.set(this.cols.timeMs);
    this.cols = next;
  }
}
