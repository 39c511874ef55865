/**
 * Sign-in throttling that a school's network survives (issue 27; OWASP: a lockout must not become
 * a denial of service). A school's pupils and teachers reach the server from one public address,
 * so the address is never locked:
 *
 * - **Per account, from every address:** failures of one login name (whether or not the account
 *   exists, so the answer is the same for unknown names) are counted in a window of `maxLockoutMs`
 *   (a day: a sprayer slowed down by the holds below still reaches the limit).
 *   The `maxFailures`-th failure locks the name for `lockoutMs`; each further failure after a lock
 *   locks it twice as long as the one before (tries refused during a lock count too), up to
 *   `maxLockoutMs`. A success forgets the name's failures.
 * - **Per address:** failures of any names from one address are counted in a window of
 *   `lockoutMs`. Past `ipFreeFailures`, each failed answer is held back `ipDelayStepMs` more than
 *   the previous one, up to `ipMaxDelayMs`: a client spraying names waits longer and longer for
 *   each answer, while a right password from that address is answered at once, never refused.
 *
 * Counting is atomic: an attempt is counted (one upsert, `failures + 1`) BEFORE its password is
 * evaluated, and an attempt past the limit is refused without evaluating it, so 40 simultaneous
 * guesses at one name evaluate at most `maxFailures` passwords, from however many addresses.
 * Exact boundaries: with `maxFailures` 5, the 5th try is evaluated (a right password signs in);
 * after 5 failures the 6th try is refused, even with the right password, until the lock ends.
 */
import type { Clock } from '@dotink/ncode';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeUsername } from './accounts';

export interface LoginThrottlePolicy {
  /** Failures of one login name (all addresses) that lock it. */
  readonly maxFailures: number;
  /** The first lock's length, and the window failures are counted in. */
  readonly lockoutMs: number;
  /** Longest lock of a name (the doubling stops there). Default: 24 hours. */
  readonly maxLockoutMs?: number;
  /** Failures of any names from one address answered without delay (default 20). */
  readonly ipFreeFailures?: number;
  /** How much longer each further failure from the address is held back (default 1 s). */
  readonly ipDelayStepMs?: number;
  /** Longest hold of a failed answer (default 30 s). */
  readonly ipMaxDelayMs?: number;
}

/** Whether a sign-in may be tried, and if not for how long. */
export type ThrottleState =
  | { readonly locked: false }
  | { readonly locked: true; readonly retryAfterMs: number };

/** The row of a name's count: every address (no address is the empty text). */
const ALL_ADDRESSES = '';
/** The row name of an address's count across login names (a normalised name never starts with a space). */
const ANY_NAME = ' any name';
const DAY_MS = 86_400_000;
const DEFAULT_IP_FREE_FAILURES = 20;
const DEFAULT_IP_DELAY_STEP_MS = 1000;
const DEFAULT_IP_MAX_DELAY_MS = 30_000;

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly policy: LoginThrottlePolicy,
  ) {}

  /**
   * Counts an attempt of `username` before its password is evaluated. Locked: the attempt must
   * not be evaluated. Only the name's own failures lock it; the address plays no part here.
   */
  async begin(username: string): Promise<ThrottleState> {
    const now = this.clock.nowMs();
    const { lockoutMs, maxFailures } = this.policy;
    const name = normalizeUsername(username);
    const nowAt = new Date(now);
    const since = new Date(now - (this.policy.maxLockoutMs ?? DAY_MS));
    // The count lives while its window is younger than maxLockoutMs, or a lock ended less than
    // that ago: a guesser slowed down (by the address's holds) still reaches the limit, and
    // guesses after a lock grow the next one. A success forgets it.
    const open = sql<boolean>`(login_attempts.window_started_at > ${since}
      or coalesce(login_attempts.locked_until > ${since}, false))`;
    const row = await this.db
      .insertInto('login_attempts')
      .values({
        username: name,
        ip: ALL_ADDRESSES,
        failures: 1,
        window_started_at: nowAt,
        locked_until: null,
      })
      .onConflict((oc) =>
        oc.columns(['username', 'ip']).doUpdateSet({
          failures: sql`case when ${open} then login_attempts.failures + 1 else 1 end`,
          window_started_at: sql`case when ${open} then login_attempts.window_started_at else ${nowAt} end`,
          locked_until: sql`case when ${open} then login_attempts.locked_until end`,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    const until = row.locked_until?.getTime() ?? 0;
    if (until > now) return { locked: true, retryAfterMs: until - now };
    if (row.failures <= maxFailures) return { locked: false };
    // Past the limit with no lock set: tries under way beside the limit's last ones. Refused.
    if (until === 0) return { locked: true, retryAfterMs: lockoutMs };
    // A lock ended: ONE try is evaluated, the one that claims the ended lock (a conditional
    // update: of tries arriving together, one finds it); its failure locks the name again.
    const claimed = await this.db
      .updateTable('login_attempts')
      .set({ locked_until: null, window_started_at: nowAt })
      .where('username', '=', name)
      .where('ip', '=', ALL_ADDRESSES)
      .where('locked_until', '=', row.locked_until)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1
      ? { locked: false }
      : { locked: true, retryAfterMs: lockoutMs };
  }

  /**
   * After a failed evaluation of `username`: when this failure reaches `maxFailures` (or comes
   * after a lock), the name is locked, each lock twice the one before. Answers the lock.
   */
  async failed(username: string): Promise<ThrottleState> {
    const now = this.clock.nowMs();
    const { lockoutMs, maxFailures } = this.policy;
    const maxLockoutMs = this.policy.maxLockoutMs ?? DAY_MS;
    const row = await this.db
      .selectFrom('login_attempts')
      .select(['failures', 'locked_until'])
      .where('username', '=', normalizeUsername(username))
      .where('ip', '=', ALL_ADDRESSES)
      .executeTakeFirst();
    const failures = row?.failures ?? 0;
    if (failures < maxFailures) return { locked: false };
    const lockMs = Math.min(maxLockoutMs, lockoutMs * 2 ** Math.min(30, failures - maxFailures));
    const until = Math.max(row?.locked_until?.getTime() ?? 0, now + lockMs);
    await this.db
      .updateTable('login_attempts')
      .set({ locked_until: new Date(until) })
      .where('username', '=', normalizeUsername(username))
      .where('ip', '=', ALL_ADDRESSES)
      .execute();
    return { locked: true, retryAfterMs: until - now };
  }

  /**
   * Counts a failed answer (a wrong password, or a locked name) from `ip` and answers how long it
   * is held back: nothing for the first `ipFreeFailures` in the window, then one step more each.
   */
  async addressFailed(ip: string): Promise<number> {
    const now = this.clock.nowMs();
    const nowAt = new Date(now);
    const open = sql<boolean>`login_attempts.window_started_at > ${new Date(now - this.policy.lockoutMs)}`;
    const row = await this.db
      .insertInto('login_attempts')
      .values({ username: ANY_NAME, ip, failures: 1, window_started_at: nowAt, locked_until: null })
      .onConflict((oc) =>
        oc.columns(['username', 'ip']).doUpdateSet({
          failures: sql`case when ${open} then login_attempts.failures + 1 else 1 end`,
          window_started_at: sql`case when ${open} then login_attempts.window_started_at else ${nowAt} end`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return this.holdMs(row.failures);
  }

  /** How long the `failures`-th failed answer from an address within the window is held back. */
  holdMs(failures: number): number {
    const free = this.policy.ipFreeFailures ?? DEFAULT_IP_FREE_FAILURES;
    const step = this.policy.ipDelayStepMs ?? DEFAULT_IP_DELAY_STEP_MS;
    const max = this.policy.ipMaxDelayMs ?? DEFAULT_IP_MAX_DELAY_MS;
    return Math.min(max, Math.max(0, failures - free) * step);
  }

  /** Forgets the failures of a name after a successful sign-in. */
  async recordSuccess(username: string): Promise<void> {
    await this.db
      .deleteFrom('login_attempts')
      .where('username', '=', normalizeUsername(username))
      .where('ip', '=', ALL_ADDRESSES)
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
