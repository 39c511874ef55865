/**
 * A fixed-window request limit per key (an IP): at most `limit` hits per `windowMs`, read against
 * the injected clock. Memory stays bounded: at most `maxKeys` keys are kept (expired windows are
 * dropped first, then the oldest).
 */
import type { Clock } from '@dotink/ncode';

export interface WindowLimitOptions {
  readonly limit: number;
  readonly windowMs: number;
  readonly maxKeys?: number;
}

/** Whether a hit is allowed; when not, how long until the window ends. */
export type WindowHit =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterMs: number };

export class WindowLimit {
  private readonly windows = new Map<string, { startMs: number; hits: number }>();

  constructor(
    private readonly options: WindowLimitOptions,
    private readonly clock: Clock,
  ) {}

  /** Counts a hit of `key`. */
  hit(key: string): WindowHit {
    const now = this.clock.nowMs();
    const { limit, windowMs } = this.options;
    let w = this.windows.get(key);
    if (!w || now - w.startMs >= windowMs) {
      this.windows.delete(key);
      w = { startMs: now, hits: 0 };
      this.windows.set(key, w);
      this.trim(now);
    }
    w.hits += 1;
    return w.hits <= limit ? { allowed: true } : { allowed: false, retryAfterMs: w.startMs + windowMs - now };
  }

  private trim(now: number): void {
    const maxKeys = this.options.maxKeys ?? 100_000;
    if (this.windows.size <= maxKeys) return;
    for (const [k, w] of this.windows) if (now - w.startMs >= this.options.windowMs) this.windows.delete(k);
    for (const k of this.windows.keys()) {
      if (this.windows.size <= maxKeys) break;
      this.windows.delete(k);
    }
  }
}
