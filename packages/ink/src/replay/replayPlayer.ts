/**
 * The replay player (engine.md §4 "Replay", classroom.md §2 replay route): a state machine over a
 * {@link ReplayModel}, driven by an injected {@link Scheduler} so tests step it by hand.
 *
 * States and what they mean here (our reading of the spec; the spec names them only):
 * - `live`: not replaying — everything is shown (time = duration) and new strokes show as the
 *   model grows. The initial state.
 * - `play`: a tick every 20 ms advances the time by 20 ms × speed. When the next time would pass
 *   the duration, the time stops at the duration and the state becomes `pause`.
 * - `pause`: halted at the end of the replay; `play()` starts over from 0.
 * - `stop`: halted by the user where it was; `play()` resumes there (play toggles with stop).
 * - `rewind`: back at time 0 with nothing shown, halted; `play()` starts from 0.
 *
 * The current page follows the chunk being played ({@link chunkIndexAt}); in live it is the
 * last chunk's page. Speeds step through 1, 2, 4, 6, 8, 12, 16, 20, 32 (classroom.md §9).
 */
import type { PageAddress } from '@dotink/ncode';
import { chunkIndexAt, type ReplayModel } from './replayModel';
import type { Scheduler } from './scheduler';

export type ReplayState = 'live' | 'play' | 'pause' | 'stop' | 'rewind';

/** Tick period, ms (engine.md §9). */
export const REPLAY_TICK_MS = 20;

/** The speed cycle (classroom.md §9), shown as 'x {speed}'. */
export const REPLAY_SPEEDS: readonly number[] = Object.freeze([1, 2, 4, 6, 8, 12, 16, 20, 32]);

/** What a view needs to draw the player. */
export interface ReplaySnapshot {
  readonly state: ReplayState;
  /** ms since the replay start, 0 … duration. */
  readonly timeMs: number;
  readonly durationMs: number;
  readonly speed: number;
  /** The chunk being played, -1 when the model is empty. */
  readonly chunkIndex: number;
  readonly page: PageAddress | undefined;
}

export interface ReplayPlayer {
  snapshot(): ReplaySnapshot;
  /** Starts or resumes playing (see the state notes). */
  play(): void;
  /** Halts where it is (state `stop`). */
  stop(): void;
  /** Play ↔ stop. */
  togglePlay(): void;
  /** Back to 0, halted (state `rewind`). */
  rewind(): void;
  /** Back to live: everything shown. */
  live(): void;
  /** Moves to a time (clamped to 0 … duration); leaving live halts in `stop`. */
  seek(timeMs: number): void;
  /** Sets any positive speed. */
  setSpeed(speed: number): void;
  /** The next speed of the cycle (after 32 comes 1; a speed off the cycle goes to the next above). */
  cycleSpeed(): void;
  /** Replaces the model (e.g. new strokes while live); the time is kept, clamped. */
  setModel(model: ReplayModel): void;
  /** Called after every change with the new snapshot. Returns an unsubscribe function. */
  subscribe(listener: (s: ReplaySnapshot) => void): () => void;
  /** Cancels the timer and drops the listeners. */
  dispose(): void;
}

export interface ReplayPlayerOptions {
  readonly scheduler: Scheduler;
  readonly speed?: number;
}

/** A player over `model`, starting live. */
export function createReplayPlayer(initialModel: ReplayModel, options: ReplayPlayerOptions): ReplayPlayer {
  const { scheduler } = options;
  let model = initialModel;
  let state: ReplayState = 'live';
  let timeMs = model.durationMs;
  let speed = positive(options.speed ?? 1);
  let cancel: (() => void) | undefined;
  const listeners = new Set<(s: ReplaySnapshot) => void>();

  const snapshot = (): ReplaySnapshot => {
    const chunkIndex = state === 'live' ? model.pageChunks.length - 1 : chunkIndexAt(model, timeMs);
    return {
      state,
      timeMs,
      durationMs: model.durationMs,
      speed,
      chunkIndex,
      page: model.pageChunks[chunkIndex]?.page,
    };
  };
  const emit = () => {
    const s = snapshot();
    for (const l of [...listeners]) l(s);
  };
  const halt = () => {
    cancel?.();
    cancel = undefined;
  };
  const tick = () => {
    const next = timeMs + REPLAY_TICK_MS * speed;
    if (next > model.durationMs) {
      timeMs = model.durationMs;
      state = 'pause';
      halt();
    } else {
      timeMs = next;
    }
    emit();
  };
  const enter = (next: ReplayState) => {
    state = next;
    if (next === 'play') {
      if (!cancel) cancel = scheduler.every(REPLAY_TICK_MS, tick);
    } else {
      halt();
    }
    emit();
  };

  const play = () => {
    if (state === 'play') return;
    if (state === 'live' || state === 'pause' || timeMs >= model.durationMs) timeMs = 0;
    enter('play');
  };
  const stop = () => {
    if (state === 'live') timeMs = model.durationMs;
    enter('stop');
  };

  return {
    snapshot,
    play,
    stop,
    togglePlay: () => (state === 'play' ? stop() : play()),
    rewind() {
      timeMs = 0;
      enter('rewind');
    },
    live() {
      timeMs = model.durationMs;
      enter('live');
    },
    seek(t) {
      timeMs = Math.min(model.durationMs, Math.max(0, Number.isFinite(t) ? t : 0));
      if (state === 'live' || state === 'pause' || state === 'rewind') enter('stop');
      else emit();
    },
    setSpeed(s) {
      speed = positive(s);
      emit();
    },
    cycleSpeed() {
      speed = REPLAY_SPEEDS.find((v) => v > speed) ?? REPLAY_SPEEDS[0]!;
      emit();
    },
    setModel(m) {
      model = m;
      timeMs = state === 'live' ? m.durationMs : Math.min(timeMs, m.durationMs);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      halt();
      listeners.clear();
    },
  };
}

function positive(speed: number): number {
  if (!(speed > 0) || !Number.isFinite(speed))
    throw new RangeError(`replay speed must be positive, got ${speed}`);
  return speed;
}
