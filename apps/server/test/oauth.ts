/** OAuth helpers for tests: PKCE pairs, the authorization-code sign-in, token requests. */
import { createHash, randomBytes } from 'node:crypto';
import { allScopes } from '../src/identity/scopes';
import type { App } from '../src/platform/types';
import { type BrowserResponse, queryParam, TestBrowser } from './browser';
import { TEST_PUBLIC_URL, testClients } from './harness';

export interface Pkce {
  readonly verifier: string;
  readonly challenge: string;
}

export function pkcePair(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeParams {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly pkce?: Pkce;
  readonly state?: string;
}

/** The path of an authorization request. */
export function authorizePath(p: AuthorizeParams): string {
  const q = new URLSearchParams({
    client_id: p.clientId,
    response_type: 'code',
    redirect_uri: p.redirectUri,
    scope: p.scope,
    state: p.state ?? randomBytes(8).toString('hex'),
  });
  if (p.pkce) {
    q.set('code_challenge', p.pkce.challenge);
    q.set('code_challenge_method', 'S256');
  }
  return `/oauth/authorize?${q}`;
}

/** Opens the authorization request in `browser` and follows to the account chooser page. */
export async function openAuthorize(browser: TestBrowser, p: AuthorizeParams): Promise<BrowserResponse> {
  return browser.follow(await browser.request(authorizePath(p)), p.redirectUri);
}

/**
 * Runs a whole sign-in with a provider account: authorize → chooser → sign-in form → POST →
 * redirects → the client's redirect URI. Answers the final redirect (holding code and state).
 */
export async function signInWithPassword(
  browser: TestBrowser,
  p: AuthorizeParams & { username: string; password: string },
): Promise<{
  code: string | null;
  state: string | null;
  final: BrowserResponse;
  loginPage: BrowserResponse;
}> {
  const chooser = await openAuthorize(browser, p);
  if (chooser.status !== 200) throw new Error(`expected the chooser, got ${chooser.status}`);
  const uid = /\/interaction\/([^/?]+)$/.exec(new URL(chooser.url).pathname)?.[1];
  if (!uid) throw new Error(`not an interaction page: ${chooser.url}`);
  const loginPage = await browser.request(`/interaction/${uid}/login`);
  const posted = await browser.request(`/interaction/${uid}/login`, {
    form: { username: p.username, password: p.password },
  });
  const final = await browser.follow(posted, p.redirectUri);
  return {
    code: queryParam(final.location, 'code'),
    state: queryParam(final.location, 'state'),
    final,
    loginPage,
  };
}

/** POST /oauth/token with a form (and optional extra headers and query string). */
export async function tokenRequest(
  app: App,
  form: Record<string, string>,
  options: { headers?: Record<string, string>; query?: Record<string, string> } = {},
) {
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const res = await app.inject({
    method: 'POST',
    url: `/oauth/token${query}`,
    headers: {
      host: new URL(TEST_PUBLIC_URL).host,
      ...(Object.keys(form).length > 0 ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...options.headers,
    },
    ...(Object.keys(form).length > 0 ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** An `Authorization: Basic` header for client credentials (RFC 6749 §2.3.1 encoding). */
export function basicAuth(id: string, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

export function newBrowser(app: App): TestBrowser {
  return new TestBrowser(app, TEST_PUBLIC_URL);
}

/** The interaction id of a sign-in page (`/interaction/{uid}/…`). */
export function interactionUid(page: BrowserResponse): string {
  return new URL(page.url).pathname.split('/')[2]!;
}

/**
 * A new browser at the account chooser of an authorization request of the web test client
 * (with PKCE, `scope`): the browser, the page and its interaction id.
 */
export async function openChooser(app: App, scope = 'openid profile') {
  const browser = newBrowser(app);
  const page = await openAuthorize(browser, {
    clientId: testClients.web.clientId,
    redirectUri: testClients.web.redirectUris[0],
    scope,
    pkce: pkcePair(),
  });
  return { browser, page, uid: interactionUid(page) };
}

/**
 * An access token for `accountId` with `scope`, minted directly in the provider's store (as the
 * token endpoint would) for the test client: for API tests that need a caller, not a sign-in.
 */
export async function issueAccessToken(app: App, accountId: string, scope: string): Promise<string> {
  const { provider } = app.services;
  const client = await provider.Client.find(testClients.web.clientId);
  if (!client) throw new Error('test client missing');
  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(scope);
  const grantId = await grant.save();
  const token = new provider.AccessToken({ accountId, client, grantId, gty: 'test', scope });
  return token.save();
}

let accountCounter = 0;

/** A new teacher (ACTIVE by default) and a bearer header holding every scope it may hold. */
export async function teacherWithToken(
  app: App,
  options: { status?: 'ACTIVE' | 'PENDING_ACTIVE'; isSchoolAdmin?: boolean; schoolId?: number | null } = {},
) {
  accountCounter += 1;
  const account = await app.services.accounts.createTeacher({
    username: `teacher-${accountCounter}-${Date.now()}@example.org`,
    name: `Teacher ${accountCounter}`,
    status: options.status ?? 'ACTIVE',
    isSchoolAdmin: options.isSchoolAdmin ?? false,
    schoolId: options.schoolId ?? null,
  });
  const token = await issueAccessToken(app, account.id, allScopes.join(' '));
  return { account, token, headers: { authorization: `Bearer ${token}` } };
}
