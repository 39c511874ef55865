/**
 * Checks a login name and password, with the lockout: the one path both the sign-in form and
 * the password grant use.
 */
import type { Account, AccountStore } from './accounts';
import { type LoginThrottle, lockoutMessage } from './loginThrottle';
import { verifyPassword } from './passwords';

export const INVALID_CREDENTIALS = 'The login name or password is incorrect.';
/** Longest login name (an e-mail address) and password an account can have. */
export const MAX_LOGIN_NAME = 320;
export const MAX_PASSWORD = 1024;

export type CredentialCheck =
  | { readonly ok: true; readonly account: Account }
  | { readonly ok: false; readonly reason: 'invalid'; readonly message: string }
  | {
      readonly ok: false;
      readonly reason: 'locked';
      /** The English message (the sign-in pages word it in the page's language). */
      readonly message: string;
      /** How long the lockout still lasts. */
      readonly retryAfterMs: number;
    };

const locked = (retryAfterMs: number): CredentialCheck => ({
  ok: false,
  reason: 'locked',
  message: lockoutMessage(retryAfterMs),
  retryAfterMs,
});

export class CredentialVerifier {
  constructor(
    private readonly accounts: AccountStore,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * Verifies `password` for `username` signing in from `ip`. The attempt is counted before the
   * password is evaluated (see {@link LoginThrottle.begin}); a login name longer than any account's
   * is refused as invalid without touching the database.
   */
  async verify(username: string, password: string, ip: string): Promise<CredentialCheck> {
    if (username.length > MAX_LOGIN_NAME || password.length > MAX_PASSWORD) {
      return { ok: false, reason: 'invalid', message: INVALID_CREDENTIALS };
    }
    const state = await this.throttle.begin(username, ip);
    if (state.locked) return locked(state.retryAfterMs);
    const found = await this.accounts.findForLogin(username);
    const valid = await verifyPassword(found?.passwordHash, password);
    if (!found || !valid) {
      const after = await this.throttle.failed(username, ip);
      return after.locked
        ? locked(after.retryAfterMs)
        : { ok: false, reason: 'invalid', message: INVALID_CREDENTIALS };
    }
    await this.throttle.recordSuccess(username, ip);
    return { ok: true, account: found.account };
  }
}
