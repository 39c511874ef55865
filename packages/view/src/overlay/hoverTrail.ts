/**
 * The laser-pointer hover cursor (engine.md §2, §9): a head at the pen's hover position and a
 * trail of followers, each easing towards the one before it. Hover mode has 10 followers, the
 * plain cursor 1. The cursor hides when no hover point came for about 1 s; the check runs 1.5 s
 * after the last point.
 */
import type { PointXY } from '../pipeline/viewTransform';

export type LaserMode = 'hover' | 'cursor';

/** Followers of the hover trail. */
export const HOVER_TRAIL_FOLLOWERS = 10;
/** Followers of the plain cursor. */
export const CURSOR_TRAIL_FOLLOWERS = 1;
/** A hover point older than this is stale: the cursor hides. */
export const HOVER_HIDE_AFTER_MS = 1000;
/** When the staleness check runs, after the last hover point. */
export const HOVER_CHECK_AFTER_MS = 1500;
/** How far a follower moves towards its leader per frame (0 … 1). */
export const TRAIL_FOLLOW = 0.45;

/** The number of followers for a mode. */
export function trailFollowers(mode: LaserMode): number {
  return mode === 'hover' ? HOVER_TRAIL_FOLLOWERS : CURSOR_TRAIL_FOLLOWERS;
}

/** A fresh trail: every follower at `at`. */
export function startTrail(at: PointXY, followers: number): PointXY[] {
  return Array.from({ length: Math.max(0, followers) }, () => ({ x: at.x, y: at.y }));
}

/**
 * One animation step: follower 0 eases towards `head`, follower k towards follower k − 1 (as it
 * was before this step, so the trail stretches out behind a moving head).
 */
export function stepTrail(trail: readonly PointXY[], head: PointXY, follow = TRAIL_FOLLOW): PointXY[] {
  const out: PointXY[] = [];
  let leader = head;
  for (const p of trail) {
    out.push({ x: p.x + (leader.x - p.x) * follow, y: p.y + (leader.y - p.y) * follow });
    leader = p;
  }
  return out;
}

/** True when the trail has caught up with the head (within `epsPx`): no more frames needed. */
export function trailSettled(trail: readonly PointXY[], head: PointXY, epsPx = 0.5): boolean {
  return trail.every((p) => Math.abs(p.x - head.x) <= epsPx && Math.abs(p.y - head.y) <= epsPx);
}

/** True when the last hover point (epoch ms) is stale at `nowMs`. */
export function hoverStale(lastHoverMs: number, nowMs: number): boolean {
  return nowMs - lastHoverMs >= HOVER_HIDE_AFTER_MS;
}
