/**
 * Failed sign-in counting per login name and client IP, with a lockout: after `maxFailures`
 * failures within `lockoutMs`, that name is refused from that IP for `lockoutMs`. Counting by
 * name (whether or not the account exists) keeps the answer the same for unknown names.
 */
import type { Clock } from '@dotink/ncode';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeUsername } from './accounts';

export interface LoginThrottlePolicy {
  readonly maxFailures: number;
  readonly lockoutMs: number;
}

/** Whether a sign-in may be tried, and if not for how long. */
export type ThrottleState =
  | { readonly locked: false }
  | { readonly locked: true; readonly retryAfterMs: number };

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly policy: LoginThrottlePolicy,
  ) {}

  async state(username: string, ip: string): Promise<ThrottleState> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select('locked_until')
      .where('username', '=', normalizeUsername(username))
      .where('ip', '=', ip)
      .executeTakeFirst();
    const until = row?.locked_until?.getTime();
    const now = this.clock.nowMs();
    return until !== undefined && until > now
      ? { locked: true, retryAfterMs: until - now }
      : { locked: false };
  }

  /** Counts a failure; answers the state after it (locked when this one reached the limit). */
  async recordFailure(username: string, ip: string): Promise<ThrottleState> {
    const name = normalizeUsername(username);
    const now = this.clock.nowMs();
    const { maxFailures, lockoutMs } = this.policy;
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('login_attempts')
        .selectAll()
        .where('username', '=', name)
        .where('ip', '=', ip)
        .forUpdate()
        .executeTakeFirst();
      const windowOpen = row !== undefined && now - row.window_started_at.getTime() < lockoutMs;
      const failures = windowOpen ? row.failures + 1 : 1;
      const windowStart = windowOpen ? row.window_started_at : new Date(now);
      const lockedUntil = failures >= maxFailures ? new Date(now + lockoutMs) : null;
      await tx
        .insertInto('login_attempts')
        .values({ username: name, ip, failures, window_started_at: windowStart, locked_until: lockedUntil })
        .onConflict((oc) =>
          oc
            .columns(['username', 'ip'])
            .doUpdateSet({ failures, window_started_at: windowStart, locked_until: lockedUntil }),
        )
        .execute();
      return lockedUntil ? { locked: true, retryAfterMs: lockoutMs } : { locked: false };
    });
  }

  /** Forgets the failures of a name from an IP after a successful sign-in. */
  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.db
      .deleteFrom('login_attempts')
      .where('username', '=', normalizeUsername(username))
      .where('ip', '=', ip)
      .execute();
  }
}

/** The wait of a lockout in whole minutes, rounded up (at least 1), as the messages state it. */
export function lockoutMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

/** The message shown when sign-in is locked (English; the sign-in pages translate it). */
export function lockoutMessage(retryAfterMs: number): string {
  const minutes = lockoutMinutes(retryAfterMs);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
