/**
 * Failed sign-in counting per login name and client IP, with a lockout: after `maxFailures`
 * failures within `lockoutMs`, that name is refused from that IP for `lockoutMs`. Counting by
 * name (whether or not the account exists) keeps the answer the same for unknown names. One IP
 * is also limited across names: after `ipMaxFailures` failures of any names it is refused for
 * `lockoutMs` (one client trying many names).
 *
 * Counting is atomic: an attempt is counted (one upsert, `failures + 1`) BEFORE its password is
 * evaluated, and an attempt past the limit is refused without evaluating it, so 40 simultaneous
 * guesses evaluate at most `maxFailures` passwords. A success forgets the name's failures and
 * gives its attempt back to the IP's count.
 */
import type { Clock } from '@dotink/ncode';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeUsername } from './accounts';

export interface LoginThrottlePolicy {
  readonly maxFailures: number;
  readonly lockoutMs: number;
  /** Failures of any names from one IP before that IP is refused (default 20). */
  readonly ipMaxFailures?: number;
}

/** Whether a sign-in may be tried, and if not for how long. */
export type ThrottleState =
  | { readonly locked: false }
  | { readonly locked: true; readonly retryAfterMs: number };

/** The row name of an IP's count across login names (a normalised name never starts with a space). */
const ANY_NAME = ' any name';
const DEFAULT_IP_MAX_FAILURES = 20;

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly policy: LoginThrottlePolicy,
  ) {}

  /**
   * Counts an attempt of `username` from `ip` before its password is evaluated. Locked: the
   * attempt must not be evaluated (and the failure that reaches a limit answers locked too).
   */
  async begin(username: string, ip: string): Promise<ThrottleState> {
    const now = this.clock.nowMs();
    const byName = await this.count(normalizeUsername(username), ip, this.policy.maxFailures, now);
    const byIp = await this.count(ANY_NAME, ip, this.policy.ipMaxFailures ?? DEFAULT_IP_MAX_FAILURES, now);
    const retryAfterMs = Math.max(byName.retryAfterMs, byIp.retryAfterMs);
    return byName.over || byIp.over ? { locked: true, retryAfterMs } : { locked: false };
  }

  /** After a failed evaluation: locked when this failure reached a limit. */
  async failed(username: string, ip: string): Promise<ThrottleState> {
    const now = this.clock.nowMs();
    const rows = await this.db
      .selectFrom('login_attempts')
      .select(['failures', 'locked_until'])
      .where('ip', '=', ip)
      .where('username', 'in', [normalizeUsername(username), ANY_NAME])
      .execute();
    const until = Math.max(0, ...rows.map((r) => r.locked_until?.getTime() ?? 0));
    return until > now ? { locked: true, retryAfterMs: until - now } : { locked: false };
  }

  /** Forgets the failures of a name from an IP after a successful sign-in. */
  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.db
      .deleteFrom('login_attempts')
      .where('username', '=', normalizeUsername(username))
      .where('ip', '=', ip)
      .execute();
    await this.db
      .updateTable('login_attempts')
      .set({ failures: sql`greatest(failures - 1, 0)` })
      .where('username', '=', ANY_NAME)
      .where('ip', '=', ip)
      .where('locked_until', 'is', null)
      .execute();
  }

  /**
   * Adds one attempt to the count of (`name`, `ip`) in one statement; answers whether it is past
   * `max` (or still locked) and how long the lock lasts. Reaching `max` sets the lock.
   */
  private async count(
    name: string,
    ip: string,
    max: number,
    now: number,
  ): Promise<{ over: boolean; retryAfterMs: number }> {
    const { lockoutMs } = this.policy;
    const nowAt = new Date(now);
    const windowFrom = new Date(now - lockoutMs);
    const lockUntil = new Date(now + lockoutMs);
    // The window is open while it is younger than lockoutMs or a lock still holds.
    const open = sql<boolean>`(login_attempts.window_started_at > ${windowFrom} or coalesce(login_attempts.locked_until > ${nowAt}, false))`;
    const failures = sql<number>`case when ${open} then login_attempts.failures + 1 else 1 end`;
    const row = await this.db
      .insertInto('login_attempts')
      .values({
        username: name,
        ip,
        failures: 1,
        window_started_at: nowAt,
        locked_until: max <= 1 ? lockUntil : null,
      })
      .onConflict((oc) =>
        oc.columns(['username', 'ip']).doUpdateSet({
          failures,
          window_started_at: sql`case when ${open} then login_attempts.window_started_at else ${nowAt} end`,
          locked_until: sql`case
            when coalesce(login_attempts.locked_until > ${nowAt}, false) then login_attempts.locked_until
            when ${failures} >= ${max} then ${lockUntil}::timestamptz
            else null end`,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    const until = row.locked_until?.getTime() ?? 0;
    return { over: row.failures > max, retryAfterMs: Math.max(0, until - now) };
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
