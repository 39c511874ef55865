import { afterEach, describe, expect, it, vi } from 'vitest';
import { PkceClient, tokenSetOf } from './pkceClient';

const SERVER = 'http://auth.test';
const b64url = (v: unknown) =>
  btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A stand-in server living at `serverNowMs`: discovery and a token answer with an ID token. */
function serverAt(serverNowMs: number) {
  const iat = Math.floor(serverNowMs / 1000);
  const idToken = [
    b64url({ alg: 'RS256', typ: 'JWT' }),
    b64url({ iss: `${SERVER}/oauth`, aud: 'app', sub: 'teacher', iat, exp: iat + 3600 }),
    'c2lnbmF0dXJl',
  ].join('.');
  const json = (v: unknown) =>
    new Response(JSON.stringify(v), {
      headers: { 'content-type': 'application/json', date: new Date(serverNowMs).toUTCString() },
    });
  return (async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/.well-known/openid-configuration'))
      return json({
        issuer: `${SERVER}/oauth`,
        authorization_endpoint: `${SERVER}/oauth/authorize`,
        token_endpoint: `${SERVER}/oauth/token`,
        end_session_endpoint: `${SERVER}/oauth/logout`,
      });
    if (url.endsWith('/oauth/token'))
      return json({ access_token: 'fresh', token_type: 'Bearer', expires_in: 3600, id_token: idToken });
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the PKCE client', () => {
  it('renews the tokens when the browser clock is hours off the server (the answer’s Date header sets the skew)', async () => {
    const serverNow = Date.UTC(2026, 10, 25, 12, 0);
    for (const offset of [0, 3 * 3_600_000, -3 * 3_600_000]) {
      vi.useFakeTimers({ toFake: ['Date'], now: serverNow + offset });
      const client = new PkceClient({ serverUrl: SERVER, clientId: 'app', fetch: serverAt(serverNow) });
      const answer = await client.refresh('r1');
      expect(answer.access_token, `clock off by ${offset} ms`).toBe('fresh');
      vi.useRealTimers();
    }
  });

  it('builds the sign-out address: the ID token as hint, the registered return address, state and language', async () => {
    const client = new PkceClient({ serverUrl: SERVER, clientId: 'app', fetch: serverAt(Date.now()) });
    const url = new URL(
      await client.endSessionUrl({
        idToken: 'id.token.value',
        postLogoutRedirectUri: 'http://app.test/',
        state: 's1',
        uiLocales: 'ja',
      }),
    );
    expect(url.origin + url.pathname).toBe(`${SERVER}/oauth/logout`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_token_hint: 'id.token.value',
      client_id: 'app',
      post_logout_redirect_uri: 'http://app.test/',
      state: 's1',
      ui_locales: 'ja',
    });
  });

  it('asks for the sign-in pages again (prompt=login) or for none (prompt=none)', async () => {
    const client = new PkceClient({ serverUrl: SERVER, clientId: 'app', fetch: serverAt(Date.now()) });
    for (const prompt of ['login', 'none'] as const) {
      const start = await client.authorizationUrl({
        redirectUri: 'http://app.test/cb',
        scope: 'openid',
        prompt,
      });
      expect(new URL(start.url).searchParams.get('prompt')).toBe(prompt);
    }
    const plain = await client.authorizationUrl({ redirectUri: 'http://app.test/cb', scope: 'openid' });
    expect(new URL(plain.url).searchParams.has('prompt')).toBe(false);
  });

  it('keeps the ID token (the sign-out hint) and the refresh token when a renewal answers without them', () => {
    const first = tokenSetOf(
      { access_token: 'a1', token_type: 'bearer', refresh_token: 'r1', id_token: 'i1' } as never,
      0,
    );
    expect(first).toMatchObject({ refreshToken: 'r1', idToken: 'i1' });
    const renewed = tokenSetOf({ access_token: 'a2', token_type: 'bearer' } as never, 10, first);
    expect(renewed).toMatchObject({ accessToken: 'a2', refreshToken: 'r1', idToken: 'i1' });
  });
});
