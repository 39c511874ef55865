/**
 * Signing the classroom in: OAuth 2 authorization code with PKCE (oauth4webapi) against the
 * server's own `/oauth`, for the public client `dotink-classroom`, returning to
 * `/callback.html`. Tokens (with the granted scope) live in localStorage (classroom.md §6); an
 * access token about to expire is renewed with the refresh token before a call needs it, so a
 * form being typed is never lost. Logout revokes the tokens, forgets them and ends the server's
 * sign-in (OpenID Connect RP-initiated logout, back to the landing page), so the next sign-in on
 * a shared computer shows the sign-in form. A teacher approved since her sign-in gets the new
 * scopes by a silent authorization (`prompt=none`) over the server's sign-in.
 */
import {
  isFresh,
  PkceClient,
  randomState,
  readStoredJson,
  type TokenEndpointResponse,
  type TokenSet,
  tokenSetOf,
} from '@dotink/view/auth';
import { type AfterLogout, LOGOUT_KEY, TOKENS_KEY } from './storedSession';

export { LOGOUT_KEY, TOKENS_KEY };

/** The client id registered for the classroom (apps/server config.ts defaultClients). */
export const CLASSROOM_CLIENT_ID = 'dotink-classroom';
/** What the classroom asks for (classroom.md §6); the server grants what the account may hold. */
export const CLASSROOM_SCOPES =
  'openid profile userdata storage edu.read edu.write admin.read admin.write edu.pending member.admin.read';

const PENDING_KEY = 'dotink-classroom.auth.pending';
/** Renew this long before the access token expires. */
const EXPIRY_MARGIN_MS = 60_000;

/** The tokens kept between visits. */
export interface StoredTokens extends TokenSet {
  /** The granted scopes, space-separated. */
  readonly scope: string;
  /** These tokens came from a silent authorization (`prompt=none`): no second one for them. */
  readonly silent?: boolean;
}

interface PendingLogin {
  readonly verifier: string;
  readonly state: string;
  /** Where to go after signing in (classroom.md §2: default /main). */
  readonly redirect: string;
  /** A silent authorization (`prompt=none`) renewing the scopes. */
  readonly silent?: boolean;
}

/** What the sign-in needs from the browser (injectable for tests). */
export interface SessionDeps {
  /** The server's origin, e.g. `http://localhost:3000` (issuer `${serverUrl}/oauth`). */
  readonly serverUrl: string;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly fetch: typeof fetch;
  readonly nowMs: () => number;
  readonly navigate: (url: string) => void;
  /** The interface language, passed to the sign-in pages as `ui_locales`. */
  readonly language?: string;
}

/** The classroom's sign-in: tokens, their renewal, and revocation. */
export class ClassroomSession {
  private tokens: StoredTokens | undefined;
  private refreshing: Promise<string | undefined> | undefined;
  private readonly oauth: PkceClient;
  private readonly listeners = new Set<() => void>();
  /** Why the session last ended: a 401 sends the shell to /login, a logout to the landing page. */
  endedBy: 'logout' | 'unauthorized' | undefined;

  constructor(private readonly deps: SessionDeps) {
    this.tokens = readStoredJson<StoredTokens>(deps.storage, TOKENS_KEY);
    this.oauth = new PkceClient({
      serverUrl: deps.serverUrl,
      clientId: CLASSROOM_CLIENT_ID,
      fetch: deps.fetch,
    });
  }

  /** The redirect URI registered for the classroom. */
  get redirectUri(): string {
    return `${this.deps.serverUrl}/callback.html`;
  }

  /** True while tokens are held (they may still be refused by the server). */
  isSignedIn = (): boolean => this.tokens !== undefined;

  /** The granted scopes. */
  scopes(): readonly string[] {
    return this.tokens?.scope.split(/\s+/).filter(Boolean) ?? [];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Sends the browser to the authorization endpoint, remembering the PKCE verifier. `login`: the
   * server's sign-in pages even over a sign-in it holds ('log in with another account').
   */
  async startLogin(redirect = '/main', prompt?: 'login'): Promise<void> {
    await this.authorize(redirect, prompt);
  }

  /**
   * True when the held tokens may be renewed by a silent authorization: they did not come from
   * one (a teacher approved since her sign-in lacks scopes her account now has).
   */
  canRenewSilently(): boolean {
    return this.tokens !== undefined && this.tokens.silent !== true;
  }

  /**
   * Gets tokens with the scopes the account holds now through the server's sign-in, without a
   * page (`prompt=none`), coming back to `redirect`; when the server holds no sign-in the callback
   * fails and the sign-in starts again from the login page.
   */
  async renewSilently(redirect: string): Promise<void> {
    await this.authorize(redirect, 'none');
  }

  private async authorize(redirect: string, prompt?: 'login' | 'none'): Promise<void> {
    const { url, verifier, state } = await this.oauth.authorizationUrl({
      redirectUri: this.redirectUri,
      scope: CLASSROOM_SCOPES,
      uiLocales: this.deps.language,
      prompt,
    });
    const pending: PendingLogin = {
      verifier,
      state,
      redirect,
      ...(prompt === 'none' ? { silent: true } : {}),
    };
    this.deps.storage.setItem(PENDING_KEY, JSON.stringify(pending));
    this.deps.navigate(url);
  }

  /**
   * Exchanges the code of the callback address for tokens. Returns where to go next; throws
   * (after forgetting everything) when the sign-in failed.
   */
  async completeLogin(callbackUrl: string): Promise<string> {
    const pending = readStoredJson<PendingLogin>(this.deps.storage, PENDING_KEY);
    this.deps.storage.removeItem(PENDING_KEY);
    try {
      if (!pending) throw new Error('no sign-in was started in this browser');
      const answer = await this.oauth.exchangeCode(new URL(callbackUrl), pending, this.redirectUri);
      this.store(answer, undefined, pending.silent === true);
      return pending.redirect.startsWith('/') ? pending.redirect : '/main';
    } catch (error) {
      this.clear();
      throw error;
    }
  }

  /** A valid access token (renewed when about to expire), or undefined when signed out. */
  async accessToken(): Promise<string | undefined> {
    const t = this.tokens;
    if (!t) return undefined;
    if (isFresh(t, this.deps.nowMs(), EXPIRY_MARGIN_MS)) return t.accessToken;
    if (!t.refreshToken) return t.accessToken; // the server decides; a 401 logs out
    this.refreshing ??= this.refresh(t).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * Signs out: forgets the tokens, revokes them at the server, then sends the browser to the
   * server's sign-out, which ends its sign-in and returns to the landing page (`then` says what
   * the landing page does next). Failures are reported to `onError`; answers true when the
   * browser is on its way to the server's sign-out, false when it stays (the caller goes on).
   */
  async logout(then: AfterLogout = 'landing', onError?: (error: unknown) => void): Promise<boolean> {
    const t = this.tokens;
    this.clear();
    if (t) {
      try {
        await this.oauth.revoke([t.accessToken, t.refreshToken]);
      } catch (error) {
        onError?.(error);
      }
    }
    try {
      const state = randomState();
      const url = await this.oauth.endSessionUrl({
        idToken: t?.idToken,
        postLogoutRedirectUri: `${this.deps.serverUrl}/`,
        state,
        uiLocales: this.deps.language,
      });
      this.deps.storage.setItem(LOGOUT_KEY, JSON.stringify({ state, next: then }));
      this.deps.navigate(url);
      return true;
    } catch (error) {
      onError?.(error);
      return false;
    }
  }

  /** Forgets the tokens at once (a 401, a failed login, or logout). */
  clear(reason: 'logout' | 'unauthorized' = 'logout'): void {
    const had = this.tokens !== undefined;
    this.endedBy = reason;
    this.tokens = undefined;
    this.deps.storage.removeItem(TOKENS_KEY);
    if (had) for (const l of [...this.listeners]) l();
  }

  private async refresh(t: StoredTokens): Promise<string | undefined> {
    try {
      this.store(await this.oauth.refresh(t.refreshToken!), t);
      return this.tokens?.accessToken;
    } catch {
      // the refresh token was refused: the stored access token is used once more and its 401 logs out
      return t.accessToken;
    }
  }

  private store(answer: TokenEndpointResponse, previous?: StoredTokens, silent = previous?.silent): void {
    this.endedBy = undefined;
    this.tokens = {
      ...tokenSetOf(answer, this.deps.nowMs(), previous),
      scope: answer.scope ?? previous?.scope ?? '',
      ...(silent ? { silent: true } : {}),
    };
    this.deps.storage.setItem(TOKENS_KEY, JSON.stringify(this.tokens));
    for (const l of [...this.listeners]) l();
  }
}
