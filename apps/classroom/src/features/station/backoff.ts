/**
 * The retry schedule of the station's upload and its realtime sockets: exponential back-off
 * (1 s, 2 s, 4 s … up to a ceiling) with up to a fifth of random spread so a classroom of
 * stations that lost the network together do not all come back in the same instant.
 */

export interface BackoffOptions {
  /** First delay (ms). */
  readonly baseMs: number;
  /** Largest delay (ms). */
  readonly maxMs: number;
  /** Share of the delay added at random, 0..1 (default 0.2). */
  readonly spread?: number;
}

/** Upload retries: 1 s, 2 s, 4 s … 30 s. */
export const UPLOAD_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 30_000 };
/** Socket reconnects: 0.5 s, 1 s, 2 s … 10 s. */
export const SOCKET_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 10_000 };

/**
 * The wait before retry number `attempt` (0 = the first retry); `random` gives 0..1 (the
 * spread). Never below `baseMs`, never above `maxMs` plus its spread.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const n = Math.max(0, Math.floor(attempt));
  const plain = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(n, 30));
  const spread = options.spread ?? 0.2;
  return Math.round(plain * (1 + spread * Math.min(1, Math.max(0, random()))));
}
