/**
 * The sign-up form's rate limit: at most `limit` posts per IP per `windowMs` (a fixed window),
 * counted in the database so that every server process behind a load balancer shares the count
 * and a restart keeps it. One upsert per post in `login_attempts` under a reserved name (a
 * normalised login name never starts with a space), so the sign-in lockout's rows and queries are
 * untouched; `failures` holds the window's posts and `window_started_at` its start.
 */
import type { Clock } from '@dotink/ncode';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether a hit is allowed; when not, how long until the window ends. */
export type WindowHit =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterMs: number };

/** The `login_attempts.username` of an IP's sign-up count. */
export const SIGN_UP_ROW = ' sign-ups';

export class SignUpLimit {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: { readonly limit: number; readonly windowMs: number },
  ) {}

  /** Counts one post from `ip` (atomically, across processes); refused past the limit. */
  async hit(ip: string): Promise<WindowHit> {
    const now = this.clock.nowMs();
    const nowAt = new Date(now);
    const open = sql<boolean>`login_attempts.window_started_at > ${new Date(now - this.options.windowMs)}`;
    const row = await this.db
      .insertInto('login_attempts')
      .values({ username: SIGN_UP_ROW, ip, failures: 1, window_started_at: nowAt, locked_until: null })
      .onConflict((oc) =>
        oc.columns(['username', 'ip']).doUpdateSet({
          failures: sql`case when ${open} then login_attempts.failures + 1 else 1 end`,
          window_started_at: sql`case when ${open} then login_attempts.window_started_at else ${nowAt}::timestamptz end`,
        }),
      )
      .returning(['failures', 'window_started_at'])
      .executeTakeFirstOrThrow();
    if (row.failures <= this.options.limit) return { allowed: true };
    const started = new Date(row.window_started_at as unknown as string | Date).getTime();
    return { allowed: false, retryAfterMs: Math.max(1000, started + this.options.windowMs - now) };
  }
}
