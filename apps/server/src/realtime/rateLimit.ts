/**
 * A per-connection message budget (token bucket): `perSecond` messages a second on average, bursts
 * up to `burst`. A pen writes about 100 dots a second and a board relays a few pens, so the
 * defaults leave room for honest clients while a runaway or hostile one cannot flood a room.
 */
import type { Clock } from '@dotink/ncode';

export interface RateLimitOptions {
  readonly perSecond: number;
  readonly burst: number;
}

/** Takes one message from the budget; false when the budget is spent. */
export type RateGate = () => boolean;

/** A fresh, full budget read against `clock`. */
export function messageBudget(options: RateLimitOptions, clock: Clock): RateGate {
  const { perSecond, burst } = options;
  let tokens = burst;
  let lastMs = clock.nowMs();
  return () => {
    const now = clock.nowMs();
    const elapsedMs = Math.max(0, now - lastMs);
    lastMs = now;
    tokens = Math.min(burst, tokens + (elapsedMs * perSecond) / 1000);
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Takes `cost` (a message's bytes) from the budget; false when the budget cannot pay it. */
export interface CostGate {
  (cost: number): boolean;
  /** Whether the budget has refilled to its burst (forgetting it then loses nothing). */
  full(): boolean;
}

/** A byte budget (token bucket) read against `clock`: `perSecond` bytes a second, `burst` at once. */
export function byteBudget(options: RateLimitOptions, clock: Clock): CostGate {
  const { perSecond, burst } = options;
  let tokens = burst;
  let lastMs = clock.nowMs();
  const refill = () => {
    const now = clock.nowMs();
    tokens = Math.min(burst, tokens + (Math.max(0, now - lastMs) * perSecond) / 1000);
    lastMs = now;
  };
  const take = (cost: number) => {
    refill();
    if (tokens < cost) return false;
    tokens -= cost;
    return true;
  };
  return Object.assign(take, {
    full() {
      refill();
      return tokens >= burst;
    },
  });
}
