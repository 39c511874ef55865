/**
 * Requests waiting for the pen's reply. Each waiter has a matcher (the response it expects) and a
 * timeout on the injected scheduler; a disconnect fails them all (pen-protocol.md §8.5).
 */
import type { Scheduler } from './scheduler';

/** Why a request failed. `code` tells timeouts, disconnects and pen-reported errors apart. */
export class PenRequestError extends Error {
  constructor(
    message: string,
    readonly code: 'timeout' | 'disconnected' | 'penError' | 'refused',
    /** The pen's error byte, for `penError`. */
    readonly penErr?: number,
  ) {
    super(message);
    this.name = 'PenRequestError';
  }
}

interface Waiter<M> {
  readonly match: (message: M) => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly cancel: () => void;
}

/** The set of requests waiting for a reply. */
export class PendingReplies<M> {
  private waiters: Waiter<M>[] = [];

  constructor(private readonly scheduler: Scheduler) {}

  /** How many requests are waiting. */
  get size(): number {
    return this.waiters.length;
  }

  /**
   * Waits for the first message for which `match` returns something other than `undefined`, and
   * resolves with that value. A matcher may throw to fail the request (e.g. err ≠ 0).
   */
  wait<T>(what: string, match: (message: M) => T | undefined, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<M> = {
        match,
        resolve: resolve as (v: unknown) => void,
        reject,
        cancel: this.scheduler.setTimer(timeoutMs, () => {
          this.remove(waiter);
          reject(new PenRequestError(`${what}: no reply from the pen within ${timeoutMs} ms`, 'timeout'));
        }),
      };
      this.waiters.push(waiter);
    });
  }

  /** Gives a message to the first matching waiter; true if one took it. */
  offer(message: M): boolean {
    for (const w of this.waiters) {
      let value: unknown;
      try {
        value = w.match(message);
      } catch (error) {
        this.remove(w);
        w.cancel();
        w.reject(error instanceof Error ? error : new Error(String(error)));
        return true;
      }
      if (value === undefined) continue;
      this.remove(w);
      w.cancel();
      w.resolve(value);
      return true;
    }
    return false;
  }

  /** Fails every waiting request. */
  failAll(error: Error): void {
    const list = this.waiters;
    this.waiters = [];
    for (const w of list) {
      w.cancel();
      w.reject(error);
    }
  }

  private remove(w: Waiter<M>): void {
    this.waiters = this.waiters.filter((x) => x !== w);
  }
}
