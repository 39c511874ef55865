import { type PageAddress, pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { dotsFrom } from '../dots';
import { createStroke } from '../stroke';
import type { Stroke } from '../types';
import { buildReplayModel } from './replayModel';
import { createReplayPlayer, REPLAY_SPEEDS, REPLAY_TICK_MS, type ReplaySnapshot } from './replayPlayer';
import { manualScheduler } from './scheduler';

const T0 = 1_700_000_000_000;
const p1 = pageAddress(3, 1012, 1191, 1);
const p2 = pageAddress(3, 1012, 1191, 2);

function stroke(page: PageAddress, startMs: number): Stroke {
  return createStroke(
    { key: `k${startMs}`, page },
    dotsFrom([{ xNu: 0, yNu: 0, force: 1, timeMs: T0 + startMs }]),
  );
}

// Strokes at 0 (p1) and 190 (p2): duration 200 ms (the last dot's 10 ms tail included).
const model = buildReplayModel([stroke(p1, 0), stroke(p2, 190)]);

function setup() {
  const scheduler = manualScheduler();
  const player = createReplayPlayer(model, { scheduler });
  const seen: ReplaySnapshot[] = [];
  player.subscribe((s) => seen.push(s));
  return { scheduler, player, seen };
}

describe('replay player', () => {
  it('starts live with everything shown and no timer', () => {
    const { player, scheduler } = setup();
    expect(player.snapshot()).toEqual({
      state: 'live',
      timeMs: 200,
      durationMs: 200,
      speed: 1,
      chunkIndex: 1,
      page: p2,
    });
    expect(scheduler.activeCount()).toBe(0);
  });

  it('plays from 0, ticking every 20 ms by 20 ms × speed, and pauses past the duration', () => {
    const { player, scheduler } = setup();
    player.play();
    expect(player.snapshot()).toMatchObject({ state: 'play', timeMs: 0, page: p1 });
    expect(scheduler.activeCount()).toBe(1);
    scheduler.advance(REPLAY_TICK_MS);
    expect(player.snapshot().timeMs).toBe(20);
    scheduler.advance(160);
    expect(player.snapshot()).toMatchObject({ state: 'play', timeMs: 180, page: p1 });
    scheduler.advance(20); // 200: not past yet
    expect(player.snapshot()).toMatchObject({ state: 'play', timeMs: 200, page: p2, chunkIndex: 1 });
    scheduler.advance(20); // would be 220: past, so pause at the end
    expect(player.snapshot()).toMatchObject({ state: 'pause', timeMs: 200 });
    expect(scheduler.activeCount()).toBe(0);
    player.play(); // from the end: starts over
    expect(player.snapshot()).toMatchObject({ state: 'play', timeMs: 0 });
  });

  it('advances by the speed and steps through the speed cycle', () => {
    const { player, scheduler } = setup();
    player.cycleSpeed();
    player.cycleSpeed();
    expect(player.snapshot().speed).toBe(4);
    player.play();
    scheduler.advance(40);
    expect(player.snapshot().timeMs).toBe(160);
    const speeds: number[] = [];
    for (let i = 0; i < REPLAY_SPEEDS.length; i++) {
      player.cycleSpeed();
      speeds.push(player.snapshot().speed);
    }
    expect(speeds).toEqual([6, 8, 12, 16, 20, 32, 1, 2, 4]);
    player.setSpeed(5);
    player.cycleSpeed();
    expect(player.snapshot().speed).toBe(6);
    expect(() => player.setSpeed(0)).toThrow(RangeError);
  });

  it('stops where it is and resumes there; play toggles with stop', () => {
    const { player, scheduler } = setup();
    player.togglePlay();
    scheduler.advance(100);
    player.togglePlay();
    expect(player.snapshot()).toMatchObject({ state: 'stop', timeMs: 100 });
    scheduler.advance(1000);
    expect(player.snapshot().timeMs).toBe(100);
    player.togglePlay();
    scheduler.advance(20);
    expect(player.snapshot()).toMatchObject({ state: 'play', timeMs: 120 });
  });

  it('rewinds to 0 halted, and plays from there', () => {
    const { player, scheduler } = setup();
    player.play();
    scheduler.advance(100);
    player.rewind();
    expect(player.snapshot()).toMatchObject({ state: 'rewind', timeMs: 0, page: p1 });
    expect(scheduler.activeCount()).toBe(0);
    player.play();
    scheduler.advance(20);
    expect(player.snapshot()).toMatchObject({ state: 'play', timeMs: 20 });
  });

  it('seeks (clamped); the page follows the chunk; leaving live halts in stop', () => {
    const { player, scheduler } = setup();
    player.seek(195);
    expect(player.snapshot()).toMatchObject({ state: 'stop', timeMs: 195, page: p2 });
    player.seek(-5);
    expect(player.snapshot()).toMatchObject({ state: 'stop', timeMs: 0, page: p1 });
    player.seek(1e9);
    expect(player.snapshot().timeMs).toBe(200);
    player.play();
    player.seek(60);
    scheduler.advance(20);
    expect(player.snapshot()).toMatchObject({ state: 'play', timeMs: 80 });
  });

  it('goes back live, follows a growing model, and notifies every change', () => {
    const { player, scheduler, seen } = setup();
    player.play();
    scheduler.advance(40);
    player.live();
    expect(player.snapshot()).toMatchObject({ state: 'live', timeMs: 200 });
    expect(scheduler.activeCount()).toBe(0);
    player.setModel(buildReplayModel([...model.strokes, stroke(p1, 990)]));
    expect(player.snapshot()).toMatchObject({ state: 'live', timeMs: 1000, page: p1, chunkIndex: 2 });
    expect(seen.map((s) => s.state)).toEqual(['play', 'play', 'play', 'live', 'live']);
  });

  it('pauses at once on an empty model and stops ticking when disposed', () => {
    const scheduler = manualScheduler();
    const player = createReplayPlayer(buildReplayModel([]), { scheduler });
    expect(player.snapshot()).toMatchObject({ state: 'live', chunkIndex: -1, page: undefined });
    player.play();
    scheduler.advance(20);
    expect(player.snapshot()).toMatchObject({ state: 'pause', timeMs: 0 });
    const other = createReplayPlayer(model, { scheduler });
    let calls = 0;
    const off = other.subscribe(() => calls++);
    other.play();
    other.dispose();
    scheduler.advance(100);
    off();
    expect(calls).toBe(1);
    expect(scheduler.activeCount()).toBe(0);
  });
});
