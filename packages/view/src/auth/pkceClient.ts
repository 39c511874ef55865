/**
 * The OAuth 2 authorization-code-with-PKCE client both web apps use (oauth4webapi) against the
 * dotink server's own `/oauth`: discovery (cached, retried after a failure), the authorization
 * address, the code exchange, refresh and revocation for a public client, and the token record
 * kept between visits. Each app keeps its own storage keys, scopes and what it does on failure.
 */
import * as oauth from 'oauth4webapi';

/** The tokens every app keeps (apps add their own fields, e.g. the scope or the account). */
export interface TokenSet {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** The ID token (with the `openid` scope): the hint of a sign-out at the server. */
  readonly idToken?: string;
  readonly expiresAtMs: number;
}

/** A sign-in started in this browser: the PKCE verifier and the state to check on return. */
export interface PendingPkce {
  readonly verifier: string;
  readonly state: string;
}

/** What the client needs to talk to the server (injectable for tests). */
export interface PkceClientDeps {
  /** The server's origin and base path, e.g. `http://localhost:3000` (the issuer is `${serverUrl}/oauth`). */
  readonly serverUrl: string;
  /** The public client id registered at the server. */
  readonly clientId: string;
  readonly fetch: typeof fetch;
}

/** What {@link PkceClient.authorizationUrl} gives: the address to send the browser to, and what to remember. */
export interface AuthorizationStart extends PendingPkce {
  readonly url: string;
}

/** One app's OAuth client: discovery is fetched once and shared by every request. */
export class PkceClient {
  private server: Promise<oauth.AuthorizationServer> | undefined;
  private readonly client: oauth.Client;

  constructor(private readonly deps: PkceClientDeps) {
    this.client = { client_id: deps.clientId };
  }

  /** The authorization endpoint address with a fresh PKCE verifier and state. */
  async authorizationUrl(request: {
    readonly redirectUri: string;
    readonly scope: string;
    /** The interface language, passed to the sign-in pages as `ui_locales`. */
    readonly uiLocales?: string | undefined;
    /**
     * `login`: the sign-in pages even when the server holds a sign-in (another account);
     * `none`: no page at all, an answer from the server's sign-in or an error (a silent renewal).
     */
    readonly prompt?: 'login' | 'none' | undefined;
  }): Promise<AuthorizationStart> {
    const as = await this.authorizationServer();
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set('client_id', this.deps.clientId);
    url.searchParams.set('redirect_uri', request.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', request.scope);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (request.uiLocales) url.searchParams.set('ui_locales', request.uiLocales);
    if (request.prompt) url.searchParams.set('prompt', request.prompt);
    return { url: url.href, verifier, state };
  }

  /**
   * The server's end-session address (OpenID Connect RP-initiated logout): the server ends its
   * sign-in in this browser and sends it to `postLogoutRedirectUri` (registered for the client)
   * with `state`. The ID token, when held, names the sign-in (`id_token_hint`).
   */
  async endSessionUrl(request: {
    readonly idToken?: string | undefined;
    readonly postLogoutRedirectUri: string;
    readonly state: string;
    readonly uiLocales?: string | undefined;
  }): Promise<string> {
    const as = await this.authorizationServer();
    if (!as.end_session_endpoint) throw new Error('the server offers no sign-out (end_session_endpoint)');
    const url = new URL(as.end_session_endpoint);
    if (request.idToken) url.searchParams.set('id_token_hint', request.idToken);
    url.searchParams.set('client_id', this.deps.clientId);
    url.searchParams.set('post_logout_redirect_uri', request.postLogoutRedirectUri);
    url.searchParams.set('state', request.state);
    if (request.uiLocales) url.searchParams.set('ui_locales', request.uiLocales);
    return url.href;
  }

  /** Exchanges the code of the server's answer (`callbackUrl`) for tokens; throws when refused. */
  async exchangeCode(
    callbackUrl: URL,
    pending: PendingPkce,
    redirectUri: string,
  ): Promise<oauth.TokenEndpointResponse> {
    const as = await this.authorizationServer();
    const params = oauth.validateAuthResponse(as, this.client, callbackUrl, pending.state);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      this.client,
      oauth.None(),
      params,
      redirectUri,
      pending.verifier,
      this.options(),
    );
    return oauth.processAuthorizationCodeResponse(as, this.clientAt(res), res);
  }

  /** Renews the tokens with a refresh token; throws when refused. */
  async refresh(refreshToken: string): Promise<oauth.TokenEndpointResponse> {
    const as = await this.authorizationServer();
    const res = await oauth.refreshTokenGrantRequest(
      as,
      this.client,
      oauth.None(),
      refreshToken,
      this.options(),
    );
    return oauth.processRefreshTokenResponse(as, this.clientAt(res), res);
  }

  /** Revokes each token at the server, in order; throws at the first refusal. */
  async revoke(tokens: readonly (string | undefined)[]): Promise<void> {
    const as = await this.authorizationServer();
    for (const token of tokens) {
      if (!token) continue;
      const res = await oauth.revocationRequest(as, this.client, oauth.None(), token, this.options());
      await oauth.processRevocationResponse(res);
    }
  }

  /**
   * The client as it judges a token answer: the ID token's times are checked against the
   * server's clock (the answer's Date header), not the browser's, which may be hours off; a
   * wrong browser clock would otherwise refuse every renewal and sign the user out.
   */
  private clientAt(res: Response): oauth.Client {
    const serverMs = Date.parse(res.headers.get('date') ?? '');
    if (Number.isNaN(serverMs)) return this.client;
    return { ...this.client, [oauth.clockSkew]: Math.round((serverMs - Date.now()) / 1000) };
  }

  private authorizationServer(): Promise<oauth.AuthorizationServer> {
    this.server ??= (async () => {
      const issuer = new URL(`${this.deps.serverUrl}/oauth`);
      const res = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...this.options() });
      return oauth.processDiscoveryResponse(issuer, res);
    })();
    this.server.catch(() => {
      this.server = undefined;
    });
    return this.server;
  }

  /** Plain http is allowed for a server on http (development, tests); fetch is injectable. */
  private options() {
    return {
      [oauth.customFetch]: this.deps.fetch,
      ...(this.deps.serverUrl.startsWith('http:') ? { [oauth.allowInsecureRequests]: true } : {}),
    };
  }
}

/**
 * The token record of a token answer (the previous refresh and ID tokens kept when none is
 * returned).
 */
export function tokenSetOf(
  answer: oauth.TokenEndpointResponse,
  nowMs: number,
  previous?: Pick<TokenSet, 'refreshToken' | 'idToken'>,
): TokenSet {
  const refreshToken = answer.refresh_token ?? previous?.refreshToken;
  const idToken = answer.id_token ?? previous?.idToken;
  return {
    accessToken: answer.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    ...(idToken ? { idToken } : {}),
    expiresAtMs: nowMs + (answer.expires_in ?? 3600) * 1000,
  };
}

/** A fresh random value for the `state` of a sign-out. */
export function randomState(): string {
  return oauth.generateRandomState();
}

/** True while the access token is valid for at least `marginMs` more. */
export function isFresh(tokens: TokenSet, nowMs: number, marginMs: number): boolean {
  return tokens.expiresAtMs - marginMs > nowMs;
}

/** A stored JSON entry, or undefined when missing, unreadable or damaged (counts as signed out). */
export function readStoredJson<T>(storage: Pick<Storage, 'getItem'>, key: string): T | undefined {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined; // a damaged or blocked entry counts as signed out
  }
}

export type { TokenEndpointResponse } from 'oauth4webapi';
