/**
 * Checks a login name and password, with the lockout: the one path both the sign-in form and
 * the password grant use. The lockout is per login name (from every address); an address is
 * never locked, its failed answers are held back longer and longer (`loginThrottle.ts`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Account, AccountStore } from './accounts';
import { type LoginThrottle, lockoutMessage } from './loginThrottle';
import { verifyPassword } from './passwords';

export const INVALID_CREDENTIALS = 'The login name or password is incorrect.';
/** Longest login name (an e-mail address) and password an account can have. */
export const MAX_LOGIN_NAME = 320;
export const MAX_PASSWORD = 1024;

export type CredentialCheck =
  | { readonly ok: true; readonly account: Account }
  | {
      readonly ok: false;
      readonly reason: 'invalid';
      readonly message: string;
      /** How long the answer was held back (the address's failures, `LoginThrottle.holdMs`). */
      readonly heldMs: number;
    }
  | {
      readonly ok: false;
      readonly reason: 'locked';
      /** The English message (the sign-in pages word it in the page's language). */
      readonly message: string;
      /** How long the lockout still lasts. */
      readonly retryAfterMs: number;
      readonly heldMs: number;
    };

const locked = (retryAfterMs: number, heldMs: number): CredentialCheck => ({
  ok: false,
  reason: 'locked',
  message: lockoutMessage(retryAfterMs),
  retryAfterMs,
  heldMs,
});

/** Waits `ms` before a failed answer is given (a timer; tests give their own). */
export type Hold = (ms: number) => Promise<void>;
const timerHold: Hold = async (ms) => {
  if (ms > 0) await sleep(ms);
};

export class CredentialVerifier {
  constructor(
    private readonly accounts: AccountStore,
    private readonly throttle: LoginThrottle,
    private readonly hold: Hold = timerHold,
    /** The password check (argon2id); a test may remember answers of the same hash and password. */
    private readonly checkPassword: typeof verifyPassword = verifyPassword,
  ) {}

  /**
   * Verifies `password` for `username` signing in from `ip`. The attempt is counted before the
   * password is evaluated (see {@link LoginThrottle.begin}); a login name longer than any account's
   * is refused as invalid without touching the database.
   */
  async verify(username: string, password: string, ip: string): Promise<CredentialCheck> {
    if (username.length > MAX_LOGIN_NAME || password.length > MAX_PASSWORD) {
      return { ok: false, reason: 'invalid', message: INVALID_CREDENTIALS, heldMs: 0 };
    }
    const state = await this.throttle.begin(username);
    if (state.locked) return locked(state.retryAfterMs, await this.failedFrom(ip));
    const found = await this.accounts.findForLogin(username);
    const valid = await this.checkPassword(found?.passwordHash, password);
    if (!found || !valid) {
      const after = await this.throttle.failed(username);
      const heldMs = await this.failedFrom(ip);
      return after.locked
        ? locked(after.retryAfterMs, heldMs)
        : { ok: false, reason: 'invalid', message: INVALID_CREDENTIALS, heldMs };
    }
    await this.throttle.recordSuccess(username);
    return { ok: true, account: found.account };
  }

  /** Counts a failed answer from `ip` and holds it back as long as the address has earned. */
  private async failedFrom(ip: string): Promise<number> {
    const ms = await this.throttle.addressFailed(ip);
    await this.hold(ms);
    return ms;
  }
}
