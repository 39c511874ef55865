/**
 * A headless pen driver for integration tests: `penDown`, `penMove`, `penUp` produce the pen
 * events a real pen would, with a deterministic clock (each event a fixed step after the last).
 */
import type { PageAddress } from '@dotink/ncode';
import { dotsFrom } from './dots';
import type { PenEvent, PenId } from './penEvents';
import { createStroke, type StrokeInit } from './stroke';
import type { PenTipMode, Stroke } from './types';

export interface PenDriverOptions {
  readonly penId?: PenId;
  /** Time of the first event, epoch ms. Default 1,700,000,000,000. */
  readonly startMs?: number;
  /** Time between consecutive events. Default 10 ms. */
  readonly stepMs?: number;
}

/** Drives one pen. Events go to `sink` (e.g. `(e) => builder.handle(e)`) as they are made. */
export interface PenDriver {
  readonly penId: PenId;
  /** The time the next event will carry. */
  readonly nowMs: number;
  penDown(options?: { penTipMode?: PenTipMode; colorArgb?: number }): PenDriver;
  page(page: PageAddress): PenDriver;
  penMove(xNu: number, yNu: number, force?: number): PenDriver;
  penUp(): PenDriver;
  hover(xNu: number, yNu: number): PenDriver;
  disconnect(): PenDriver;
  /** Down, page, one move per point, up. */
  stroke(page: PageAddress, points: readonly (readonly [number, number])[], force?: number): PenDriver;
  /** Lets time pass without events. */
  wait(ms: number): PenDriver;
}

/** A pen driver that sends its events to `sink`. */
export function penDriver(sink: (e: PenEvent) => void, options: PenDriverOptions = {}): PenDriver {
  const penId = options.penId ?? 'pen-1';
  const stepMs = options.stepMs ?? 10;
  let t = options.startMs ?? 1_700_000_000_000;
  const tick = () => {
    const now = t;
    t += stepMs;
    return now;
  };
  const d: PenDriver = {
    penId,
    get nowMs() {
      return t;
    },
    penDown(o = {}) {
      sink({ kind: 'down', penId, timeMs: tick(), ...o });
      return d;
    },
    page(page) {
      sink({ kind: 'page', penId, timeMs: tick(), page });
      return d;
    },
    penMove(xNu, yNu, force = 400) {
      sink({ kind: 'move', penId, timeMs: tick(), xNu, yNu, force });
      return d;
    },
    penUp() {
      sink({ kind: 'up', penId, timeMs: tick() });
      return d;
    },
    hover(xNu, yNu) {
      sink({ kind: 'hover', penId, timeMs: tick(), xNu, yNu });
      return d;
    },
    disconnect() {
      sink({ kind: 'disconnect', penId, timeMs: tick() });
      return d;
    },
    stroke(page, points, force) {
      d.penDown().page(page);
      for (const [x, y] of points) d.penMove(x, y, force);
      return d.penUp();
    },
    wait(ms) {
      t += ms;
      return d;
    },
  };
  return d;
}

/** Collects events into an array (a sink for {@link penDriver}). */
export function eventRecorder(): { readonly events: PenEvent[]; readonly sink: (e: PenEvent) => void } {
  const events: PenEvent[] = [];
  return { events, sink: (e) => events.push(e) };
}

/**
 * A completed stroke through these points (force 400, 10 ms apart from `init.startTimeMs` or
 * 1,700,000,000,000), for tests.
 */
export function strokeThrough(
  init: Omit<StrokeInit, 'startTimeMs' | 'endTimeMs'> & { readonly startTimeMs?: number },
  points: readonly (readonly [number, number])[],
): Stroke {
  const t0 = init.startTimeMs ?? 1_700_000_000_000;
  return createStroke(
    { ...init, startTimeMs: undefined },
    dotsFrom(points.map(([xNu, yNu], i) => ({ xNu, yNu, force: 400, timeMs: t0 + i * 10 }))),
  );
}
