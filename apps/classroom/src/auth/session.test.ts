import { describe, expect, it } from 'vitest';
import { ClassroomSession, LOGOUT_KEY, type StoredTokens, TOKENS_KEY } from './session';

const SERVER = 'http://classroom.test';

function memory(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

/** A stand-in authorization server: discovery, token (refresh) and revocation endpoints. */
function fakeServer() {
  const calls: { url: string; body: string }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = init?.body ? String(init.body) : '';
    calls.push({ url, body });
    const json = (v: unknown) =>
      new Response(JSON.stringify(v), { headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/.well-known/openid-configuration')) {
      return json({
        issuer: `${SERVER}/oauth`,
        authorization_endpoint: `${SERVER}/oauth/authorize`,
        token_endpoint: `${SERVER}/oauth/token`,
        revocation_endpoint: `${SERVER}/oauth/revoke`,
        end_session_endpoint: `${SERVER}/oauth/logout`,
      });
    }
    if (url.endsWith('/oauth/token')) {
      return json({
        access_token: 'fresh',
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'r2',
        scope: 'openid edu.read',
      });
    }
    if (url.endsWith('/oauth/revoke')) return new Response(null, { status: 200 });
    return new Response('not found', { status: 404 });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** A session at `now` holding `tokens`, against a fresh {@link fakeServer}. */
function sessionHolding(now: number, tokens: StoredTokens) {
  const storage = memory({ [TOKENS_KEY]: JSON.stringify(tokens) });
  const server = fakeServer();
  const visited: string[] = [];
  const session = new ClassroomSession({
    serverUrl: SERVER,
    storage,
    fetch: server.fetch,
    nowMs: () => now,
    navigate: (url) => void visited.push(url),
    language: 'ko',
  });
  return { storage, server, session, visited };
}

describe('the classroom session', () => {
  it('renews an access token about to expire with the refresh token, once for concurrent calls', async () => {
    const now = 1_000_000;
    const { storage, server, session } = sessionHolding(now, {
      accessToken: 'old',
      refreshToken: 'r1',
      expiresAtMs: now + 10_000,
      scope: 'openid edu.read',
    });
    const [a, b] = await Promise.all([session.accessToken(), session.accessToken()]);
    expect([a, b]).toEqual(['fresh', 'fresh']);
    expect(server.calls.filter((c) => c.url.endsWith('/oauth/token'))).toHaveLength(1);
    expect(JSON.parse(storage.m.get(TOKENS_KEY)!)).toMatchObject({
      accessToken: 'fresh',
      refreshToken: 'r2',
    });
    expect(session.scopes()).toContain('edu.read');
  });

  it('keeps a token that is not about to expire, and logout revokes both tokens and forgets them', async () => {
    const now = 5_000;
    const { storage, server, session } = sessionHolding(now, {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAtMs: now + 3_600_000,
      scope: 'openid',
    });
    expect(await session.accessToken()).toBe('a1');
    await session.logout();
    const revoked = server.calls
      .filter((c) => c.url.endsWith('/oauth/revoke'))
      .map((c) => new URLSearchParams(c.body).get('token'));
    expect(revoked).toEqual(['a1', 'r1']);
    expect(storage.m.has(TOKENS_KEY)).toBe(false);
    expect(session.isSignedIn()).toBe(false);
    expect(await session.accessToken()).toBeUndefined();
  });

  it("logout ends the server's sign-in: its sign-out with the ID token, back to the landing page with a remembered state", async () => {
    const { storage, session, visited } = sessionHolding(5_000, {
      accessToken: 'a1',
      refreshToken: 'r1',
      idToken: 'i1',
      expiresAtMs: 3_600_000,
      scope: 'openid',
    });
    expect(await session.logout('otherAccount')).toBe(true);
    expect(visited).toHaveLength(1);
    const url = new URL(visited[0]!);
    expect(url.origin + url.pathname).toBe(`${SERVER}/oauth/logout`);
    expect(url.searchParams.get('id_token_hint')).toBe('i1');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${SERVER}/`);
    expect(url.searchParams.get('ui_locales')).toBe('ko');
    expect(JSON.parse(storage.m.get(LOGOUT_KEY)!)).toEqual({
      state: url.searchParams.get('state'),
      next: 'otherAccount',
    });
  });

  it('renews the scopes once by a silent authorization (prompt=none), never twice for its tokens', async () => {
    const { storage, session, visited } = sessionHolding(5_000, {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAtMs: 3_600_000,
      scope: 'openid edu.pending',
    });
    expect(session.canRenewSilently()).toBe(true);
    await session.renewSilently('/main');
    const authorize = new URL(visited[0]!);
    expect(authorize.searchParams.get('prompt')).toBe('none');
    const state = authorize.searchParams.get('state')!;
    await session.completeLogin(`${SERVER}/callback.html?code=c1&state=${state}`);
    expect(session.scopes()).toContain('edu.read');
    expect(session.canRenewSilently()).toBe(false);
    expect(JSON.parse(storage.m.get(TOKENS_KEY)!)).toMatchObject({ silent: true });
  });
});
