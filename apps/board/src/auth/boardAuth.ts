/**
 * Signing the board in to the dotink server: OAuth 2 authorization code with PKCE (oauth4webapi)
 * for the public client `dotink-board`, returning to the board's own address. Tokens live in
 * memory and in sessionStorage (this tab only); the refresh token, when granted, renews an
 * expired access token. A 401 from any API call signs the board out (local boards untouched).
 * "Sign out" revokes the tokens and ends the server's sign-in (OpenID Connect RP-initiated
 * logout, back to the board where it was), so the next sign-in shows the sign-in form.
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

/** The client id registered for the board (apps/server config.ts defaultClients). */
export const BOARD_CLIENT_ID = 'dotink-board';
/** What the board asks for: identity, board sync (`storage`), print codes (`print`; `edu.read` for teachers). */
export const BOARD_SCOPES = 'openid profile storage edu.read print';

/** Where the tokens are kept in sessionStorage. */
export const TOKENS_KEY = 'dotink-board.auth';
const PENDING_KEY = 'dotink-board.auth.pending';
/** A sign-out at the server: its `state` and where the board was. */
const SIGN_OUT_KEY = 'dotink-board.auth.signOut';
/** Renew this long before the access token expires. */
const EXPIRY_MARGIN_MS = 30_000;

/** The signed-in account, as the board shows it. */
export interface SignedInAccount {
  readonly id: string;
  readonly name: string;
  readonly username: string;
}

/** The sign-in state. */
export type AuthState =
  | { readonly status: 'signedOut' }
  | { readonly status: 'signingIn' }
  | { readonly status: 'signedIn'; readonly account: SignedInAccount };

interface StoredTokens extends TokenSet {
  readonly account: SignedInAccount;
}

interface PendingSignOut {
  readonly state: string;
  /** Where the board was when signing out, to return there. */
  readonly returnTo: string;
}

interface PendingSignIn {
  readonly verifier: string;
  readonly state: string;
  /** Where the board was before signing in (query kept), to return there. */
  readonly returnTo: string;
}

/** What the sign-in needs from the browser (injectable for tests). */
export interface BoardAuthDeps {
  /** The server's origin and base path, e.g. `http://localhost:3000` (the issuer is `${serverUrl}/oauth`). */
  readonly serverUrl: string;
  /** The registered redirect URI (the board's address, `${serverUrl}/board/`). */
  readonly redirectUri: string;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly fetch: typeof fetch;
  readonly nowMs: () => number;
  /** Sends the browser to a URL (the authorization endpoint). */
  readonly navigate: (url: string) => void;
}

/** The board's sign-in: state, tokens, and API calls with the bearer token. */
export class BoardAuth {
  private state: AuthState;
  private tokens: StoredTokens | undefined;
  private completing: Promise<boolean> | undefined;
  private refreshing: Promise<string | undefined> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly oauth: PkceClient;

  constructor(private readonly deps: BoardAuthDeps) {
    this.tokens = readStoredJson<StoredTokens>(deps.storage, TOKENS_KEY);
    this.oauth = new PkceClient({ serverUrl: deps.serverUrl, clientId: BOARD_CLIENT_ID, fetch: deps.fetch });
    this.state = this.tokens ? { status: 'signedIn', account: this.tokens.account } : { status: 'signedOut' };
  }

  /** The server's origin (and base path). */
  get serverUrl(): string {
    return this.deps.serverUrl;
  }

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Starts signing in: remembers a PKCE verifier and sends the browser to the server. */
  async signIn(returnTo: string, language?: string): Promise<void> {
    const { url, verifier, state } = await this.oauth.authorizationUrl({
      redirectUri: this.deps.redirectUri,
      scope: BOARD_SCOPES,
      uiLocales: language,
    });
    this.deps.storage.setItem(
      PENDING_KEY,
      JSON.stringify({ verifier, state, returnTo } satisfies PendingSignIn),
    );
    this.setState({ status: 'signingIn' });
    this.deps.navigate(url);
  }

  /**
   * Finishes a sign-in when `currentUrl` is the server's answer (it has `state`, with `code` or
   * `error`). Returns the address to show afterwards, or undefined when there was nothing to do.
   * Safe to call twice (the second call waits for the first).
   */
  completeSignIn(currentUrl: string): Promise<string | undefined> {
    const url = new URL(currentUrl);
    if (!url.searchParams.has('state') || !(url.searchParams.has('code') || url.searchParams.has('error'))) {
      return Promise.resolve(undefined);
    }
    const pending = readStoredJson<PendingSignIn>(this.deps.storage, PENDING_KEY);
    this.completing ??= this.exchange(url, pending).then(
      () => true,
      (error: unknown) => {
        console.error('sign-in failed', error);
        this.clear();
        return false;
      },
    );
    return this.completing.then(() => {
      if (pending) return pending.returnTo;
      url.search = '';
      return url.href;
    });
  }

  /** A valid access token (renewed when it expired and a refresh token is held), or undefined. */
  async accessToken(): Promise<string | undefined> {
    const t = this.tokens;
    if (!t) return undefined;
    if (isFresh(t, this.deps.nowMs(), EXPIRY_MARGIN_MS)) return t.accessToken;
    if (!t.refreshToken) {
      this.clear();
      return undefined;
    }
    this.refreshing ??= this.refresh(t).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** A fetch to the server with the bearer token; a 401 answer signs the board out. */
  async authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
    const token = await this.accessToken();
    if (!token) throw new SignedOutError();
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    const res = await this.deps.fetch(`${this.deps.serverUrl}${path}`, { ...init, headers });
    if (res.status === 401) {
      this.clear();
      throw new SignedOutError();
    }
    return res;
  }

  /**
   * Signs out: forgets the tokens, revokes them at the server, then sends the browser to the
   * server's sign-out (ending its sign-in in this browser), which returns to `returnTo`. The board
   * is signed out whatever happens; a failure at the server is thrown after that.
   */
  async signOut(returnTo: string, language?: string): Promise<void> {
    const t = this.tokens;
    this.clear();
    if (t) await this.oauth.revoke([t.accessToken, t.refreshToken]);
    const state = randomState();
    const url = await this.oauth.endSessionUrl({
      idToken: t?.idToken,
      postLogoutRedirectUri: this.deps.redirectUri,
      state,
      uiLocales: language,
    });
    this.deps.storage.setItem(SIGN_OUT_KEY, JSON.stringify({ state, returnTo } satisfies PendingSignOut));
    this.deps.navigate(url);
  }

  /**
   * Finishes a sign-out when `currentUrl` is the server's return from it (the `state` this tab
   * remembered): the address to show (where the board was), or undefined for any other address.
   */
  completeSignOut(currentUrl: string): string | undefined {
    const state = new URL(currentUrl).searchParams.get('state');
    const pending = readStoredJson<PendingSignOut>(this.deps.storage, SIGN_OUT_KEY);
    if (!state || !pending || pending.state !== state) return undefined;
    this.deps.storage.removeItem(SIGN_OUT_KEY);
    return pending.returnTo;
  }

  /** Forgets the tokens at once (after a 401, or on sign-out). */
  clear(): void {
    this.tokens = undefined;
    this.deps.storage.removeItem(TOKENS_KEY);
    this.deps.storage.removeItem(PENDING_KEY);
    this.setState({ status: 'signedOut' });
  }

  private async exchange(url: URL, pending: PendingSignIn | undefined): Promise<void> {
    this.deps.storage.removeItem(PENDING_KEY);
    if (!pending) throw new Error('no sign-in was started in this tab');
    await this.store(await this.oauth.exchangeCode(url, pending, this.deps.redirectUri));
  }

  private async refresh(t: StoredTokens): Promise<string | undefined> {
    try {
      await this.store(await this.oauth.refresh(t.refreshToken!), t);
      return this.tokens?.accessToken;
    } catch {
      this.clear();
      return undefined;
    }
  }

  private async store(answer: TokenEndpointResponse, previous?: StoredTokens): Promise<void> {
    const me = await this.deps.fetch(`${this.deps.serverUrl}/profile/v1/me`, {
      headers: { authorization: `Bearer ${answer.access_token}` },
    });
    if (!me.ok) throw new Error(`profile answered ${me.status}`);
    const profile = ((await me.json()) as { data: { id: string; name: string; username: string } }).data;
    this.tokens = {
      ...tokenSetOf(answer, this.deps.nowMs(), previous),
      account: { id: profile.id, name: profile.name, username: profile.username },
    };
    this.deps.storage.setItem(TOKENS_KEY, JSON.stringify(this.tokens));
    this.setState({ status: 'signedIn', account: this.tokens.account });
  }

  private setState(state: AuthState): void {
    this.state = state;
    for (const l of [...this.listeners]) l();
  }
}

/** An API call was made signed out, or the server no longer accepts the token. */
export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
  constructor() {
    super('signed out');
  }
}
