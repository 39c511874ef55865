import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../sync/testServer';
import { BOARD_CLIENT_ID, BoardAuth, SignedOutError } from './boardAuth';
import { serverUrlOf } from './useBoardAuth';

/** The server's test harness, loaded by path (the board's type project stays its own). */
const serverTest = (file: string) => new URL(`../../../server/test/${file}`, import.meta.url).pathname;

interface InjectResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}
interface TestApp {
  inject(o: Record<string, unknown>): Promise<InjectResponse>;
  readonly services: {
    readonly accounts: { createTeacher(t: Record<string, unknown>): Promise<{ id: string }> };
  };
}
interface Browser {
  request(
    target: string,
    o?: Record<string, unknown>,
  ): Promise<{ status: number; url: string; location?: string; body: string }>;
  follow(first: unknown, stopAt?: string): Promise<{ status: number; url: string; location?: string }>;
}

const PUBLIC = 'http://localhost:3000';

/** fetch over the in-process server (`app.inject`): the real routes, no socket. */
function injectFetch(app: TestApp): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : Buffer.from(await request.arrayBuffer());
    const res = await app.inject({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      ...(body && body.length > 0 ? { payload: body } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [String(v)]) out.append(k, item);
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  }) as typeof fetch;
}

describe('board sign-in against the real server', () => {
  it('signs in with the code flow and PKCE, shows the account, refreshes, calls APIs, signs out', async () => {
    const harness = (await import(/* @vite-ignore */ serverTest('harness.ts'))) as {
      startTestServer(
        kind: 'pglite',
        o: Record<string, unknown>,
      ): Promise<{ app: TestApp; close(): Promise<void> }>;
    };
    const { TestBrowser } = (await import(/* @vite-ignore */ serverTest('browser.ts'))) as {
      TestBrowser: new (app: TestApp, origin: string) => Browser;
    };
    // OAUTH_CLIENTS unset: the default clients, the board's among them
    const server = await harness.startTestServer('pglite', {
      env: { OAUTH_CLIENTS: '' },
      clock: { nowMs: () => Date.now() },
    });
    try {
      const { app } = server;
      await app.services.accounts.createTeacher({
        username: 'board-user@example.org',
        name: 'Board User',
        password: 'board-password-1',
        status: 'ACTIVE',
      });
      const storage = new MemoryStorage();
      let sentTo = '';
      const deps = {
        serverUrl: PUBLIC,
        redirectUri: `${PUBLIC}/board/`,
        storage,
        fetch: injectFetch(app),
        nowMs: () => Date.now(),
        navigate: (url: string) => {
          sentTo = url;
        },
      };
      const auth = new BoardAuth(deps);
      expect(auth.getState()).toEqual({ status: 'signedOut' });
      await auth.signIn(`${PUBLIC}/board/?lang=ko`);
      expect(auth.getState()).toEqual({ status: 'signingIn' });
      const authorize = new URL(sentTo);
      expect(authorize.pathname).toBe('/oauth/authorize');
      expect(authorize.searchParams.get('client_id')).toBe(BOARD_CLIENT_ID);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

      // the browser part: the server's chooser and sign-in form
      const browser = new TestBrowser(app, PUBLIC);
      const chooser = await browser.follow(
        await browser.request(`${authorize.pathname}${authorize.search}`),
        deps.redirectUri,
      );
      const uid = /\/interaction\/([^/?]+)$/.exec(new URL(chooser.url).pathname)?.[1];
      const posted = await browser.request(`/interaction/${uid}/login`, {
        form: { username: 'board-user@example.org', password: 'board-password-1' },
      });
      const back = await browser.follow(posted, deps.redirectUri);
      expect(back.location).toMatch(/^http:\/\/localhost:3000\/board\/\?code=/);

      // back on the board: the code is exchanged, the account shown, the page it came from restored
      expect(await auth.completeSignIn(back.location!)).toBe(`${PUBLIC}/board/?lang=ko`);
      expect(auth.getState()).toMatchObject({ status: 'signedIn', account: { name: 'Board User' } });
      const token = await auth.accessToken();
      expect(token).toEqual(expect.any(String));
      expect((await auth.authorizedFetch('/board/v1/boards')).status).toBe(200);

      // another tab-load of the board (same sessionStorage) is still signed in
      const again = new BoardAuth(deps);
      expect(again.getState()).toMatchObject({ status: 'signedIn' });
      // an expired access token is renewed with the refresh token
      const later = new BoardAuth({ ...deps, nowMs: () => Date.now() + 2 * 3600_000 });
      const renewed = await later.accessToken();
      expect(renewed).toEqual(expect.any(String));
      expect(renewed).not.toBe(token);

      // sign out: tokens forgotten (and revoked on the server), then the server's sign-out
      const refreshToken = JSON.parse(storage.getItem('dotink-board.auth')!).refreshToken as string;
      await later.signOut(`${PUBLIC}/board/?lang=ko`, 'ko');
      expect(later.getState()).toEqual({ status: 'signedOut' });
      expect(storage.getItem('dotink-board.auth')).toBeNull();
      await expect(later.authorizedFetch('/board/v1/boards')).rejects.toBeInstanceOf(SignedOutError);
      const refreshed = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: BOARD_CLIENT_ID,
        }).toString(),
      });
      expect(refreshed.statusCode).toBe(400);
      // the server's sign-out page (in the board's language) sends itself; back on the board
      const endSession = new URL(sentTo);
      expect(endSession.pathname).toBe('/oauth/logout');
      const page = await browser.request(`${endSession.pathname}${endSession.search}`);
      expect(page.body).toContain('<html lang="ko">');
      const action = /action="([^"]+)"/.exec(page.body)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
      const signedOut = await browser.request(action!, { form: { xsrf: xsrf!, logout: 'yes' } });
      expect(signedOut.location).toMatch(/^http:\/\/localhost:3000\/board\/\?state=/);
      expect(later.completeSignOut(signedOut.location!)).toBe(`${PUBLIC}/board/?lang=ko`);
      expect(later.completeSignOut(signedOut.location!)).toBeUndefined();
      // the next sign-in in this browser shows the server's pages again, not a code at once
      await later.signIn(`${PUBLIC}/board/`);
      const next = new URL(sentTo);
      const nextPage = await browser.follow(
        await browser.request(`${next.pathname}${next.search}`),
        deps.redirectUri,
      );
      expect(new URL(nextPage.url).pathname).toMatch(/^\/interaction\//);
      // a page without a sign-in answer has nothing to finish
      expect(await later.completeSignIn(`${PUBLIC}/board/?lang=en`)).toBeUndefined();
    } finally {
      await server.close();
    }
  }, 120_000);

  it('finds the server from the board address', () => {
    expect(serverUrlOf('http://localhost:3000/board/?lang=en')).toBe('http://localhost:3000');
    expect(serverUrlOf('https://ink.example.org/app/board/')).toBe('https://ink.example.org/app');
  });
});
