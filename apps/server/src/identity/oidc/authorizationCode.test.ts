import { importJWK, jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import type { TestBrowser } from '../../../test/browser';
import { queryParam } from '../../../test/browser';
import { describeEachDatabase, TEST_PUBLIC_URL, testClients, useTestServer } from '../../../test/harness';
import {
  authorizePath,
  basicAuth,
  newBrowser,
  openAuthorize,
  pkcePair,
  signInWithPassword,
  tokenRequest,
} from '../../../test/oauth';

describeEachDatabase('authorization code + PKCE', (kind) => {
  const server = useTestServer(kind);
  const password = 'correct horse battery';
  const web = testClients.web;
  const webRedirect = web.redirectUris[0];

  async function teacher(
    username: string,
    status: 'ACTIVE' | 'PENDING_ACTIVE' = 'ACTIVE',
    isSchoolAdmin = false,
  ) {
    return server().app.services.accounts.createTeacher({
      username,
      name: `Teacher ${username}`,
      password,
      status,
      isSchoolAdmin,
    });
  }

  async function codeFor(browser: TestBrowser, username: string, scope: string, pkce = pkcePair()) {
    const flow = await signInWithPassword(browser, {
      clientId: web.clientId,
      redirectUri: webRedirect,
      scope,
      pkce,
      state: 'xyz',
      username,
      password,
    });
    return { ...flow, pkce };
  }

  it('signs a teacher in through the login form and exchanges the code with the verifier', async () => {
    const t = await teacher('teacher@example.org');
    const flow = await codeFor(
      newBrowser(server().app),
      'teacher@example.org',
      'openid profile edu.read edu.write admin.read',
    );
    expect(flow.loginPage.body).toContain('<label for="username">');
    expect(flow.final.location?.startsWith(`${webRedirect}?`)).toBe(true);
    expect(flow.state).toBe('xyz');
    expect(flow.code).toBeTruthy();

    const token = await tokenRequest(server().app, {
      grant_type: 'authorization_code',
      client_id: web.clientId,
      client_secret: web.clientSecret,
      code: flow.code!,
      redirect_uri: webRedirect,
      code_verifier: flow.pkce.verifier,
    });
    expect(token.status).toBe(200);
    expect(token.body.token_type).toBe('Bearer');
    expect(typeof token.body.refresh_token).toBe('string');
    // admin.read is asked for but not held by a teacher who is not a school administrator.
    expect(String(token.body.scope).split(' ').sort()).toEqual([
      'edu.read',
      'edu.write',
      'openid',
      'profile',
    ]);

    // The ID token is signed with the server's published keys.
    const keys = await server().app.inject({ url: '/oauth/jwks', headers: { host: 'localhost:3000' } });
    const { keys: published } = keys.json() as { keys: { kid: string; d?: string }[] };
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((k) => k.d === undefined)).toBe(true);
    const header = JSON.parse(
      Buffer.from(String(token.body.id_token).split('.')[0]!, 'base64url').toString(),
    );
    const key = await importJWK(published.find((k) => k.kid === header.kid)!, 'RS256');
    const { payload } = await jwtVerify(String(token.body.id_token), key, {
      issuer: `${TEST_PUBLIC_URL}/oauth`,
      audience: web.clientId,
    });
    expect(payload.sub).toBe(t.id);

    const me = await server().app.inject({
      url: '/profile/v1/me',
      headers: { authorization: `Bearer ${token.body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: t.id, kind: 'teacher', status: 'ACTIVE' });

    // A code is good once.
    const again = await tokenRequest(server().app, {
      grant_type: 'authorization_code',
      client_id: web.clientId,
      client_secret: web.clientSecret,
      code: flow.code!,
      redirect_uri: webRedirect,
      code_verifier: flow.pkce.verifier,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('refreshes: the refresh token gives a new, working access token', async () => {
    await teacher('refresh@example.org');
    const flow = await codeFor(newBrowser(server().app), 'refresh@example.org', 'openid profile edu.read');
    const first = await tokenRequest(server().app, {
      grant_type: 'authorization_code',
      client_id: web.clientId,
      client_secret: web.clientSecret,
      code: flow.code!,
      redirect_uri: webRedirect,
      code_verifier: flow.pkce.verifier,
    });
    const refreshed = await tokenRequest(
      server().app,
      { grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) },
      { headers: { authorization: basicAuth(web.clientId, web.clientSecret) } },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    expect(String(refreshed.body.scope).split(' ')).toContain('edu.read');
    const me = await server().app.inject({
      url: '/profile/v1/me',
      headers: { authorization: `Bearer ${refreshed.body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('accepts client credentials in basic auth and body at once when they agree', async () => {
    await teacher('basic@example.org');
    const flow = await codeFor(newBrowser(server().app), 'basic@example.org', 'profile');
    const token = await tokenRequest(
      server().app,
      {
        grant_type: 'authorization_code',
        client_id: web.clientId,
        client_secret: web.clientSecret,
        code: flow.code!,
        redirect_uri: webRedirect,
        code_verifier: flow.pkce.verifier,
      },
      { headers: { authorization: basicAuth(web.clientId, web.clientSecret) } },
    );
    expect(token.status).toBe(200);
  });

  it('refuses a wrong code verifier and a redirect URI other than the registered one', async () => {
    await teacher('verifier@example.org');
    const flow = await codeFor(newBrowser(server().app), 'verifier@example.org', 'profile');
    const wrong = await tokenRequest(server().app, {
      grant_type: 'authorization_code',
      client_id: web.clientId,
      client_secret: web.clientSecret,
      code: flow.code!,
      redirect_uri: webRedirect,
      code_verifier: pkcePair().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    const browser = newBrowser(server().app);
    for (const redirectUri of [`${webRedirect}/x`, `${webRedirect}?a=1`, webRedirect.toUpperCase()]) {
      const res = await browser.request(
        authorizePath({ clientId: web.clientId, redirectUri, scope: 'profile' }),
      );
      expect(res.status).toBe(400);
      expect(res.location).toBeUndefined();
      expect(res.body).toContain('redirect_uri did not match any of the client');
    }
  });

  it('requires PKCE from a public client', async () => {
    const spa = testClients.spa;
    const browser = newBrowser(server().app);
    const res = await browser.request(
      authorizePath({ clientId: spa.clientId, redirectUri: spa.redirectUris[0], scope: 'profile' }),
    );
    expect(res.status).toBe(303);
    expect(queryParam(res.location, 'error')).toBe('invalid_request');

    await teacher('spa@example.org');
    const pkce = pkcePair();
    const flow = await signInWithPassword(newBrowser(server().app), {
      clientId: spa.clientId,
      redirectUri: spa.redirectUris[0],
      scope: 'openid profile edu.read',
      pkce,
      username: 'spa@example.org',
      password,
    });
    const token = await tokenRequest(server().app, {
      grant_type: 'authorization_code',
      client_id: spa.clientId,
      code: flow.code!,
      redirect_uri: spa.redirectUris[0],
      code_verifier: pkce.verifier,
    });
    expect(token.status).toBe(200);
  });

  it('grants a pending teacher edu.pending only, and edu.read once approved (same browser session)', async () => {
    const pending = await teacher('pending@example.org', 'PENDING_ACTIVE');
    const browser = newBrowser(server().app);
    const scope = 'openid profile edu.read edu.write edu.pending';
    const flow = await codeFor(browser, 'pending@example.org', scope);
    const exchange = (code: string, verifier: string) =>
      tokenRequest(server().app, {
        grant_type: 'authorization_code',
        client_id: web.clientId,
        client_secret: web.clientSecret,
        code,
        redirect_uri: webRedirect,
        code_verifier: verifier,
      });
    const before = await exchange(flow.code!, flow.pkce.verifier);
    expect(String(before.body.scope).split(' ').sort()).toEqual(['edu.pending', 'openid', 'profile']);

    await server()
      .app.services.db.updateTable('accounts')
      .set({ status: 'ACTIVE' })
      .where('id', '=', pending.id)
      .execute();
    // The browser still has its session: authorize goes straight back with a code.
    const pkce = pkcePair();
    const res = await openAuthorize(browser, {
      clientId: web.clientId,
      redirectUri: webRedirect,
      scope,
      pkce,
    });
    const code = queryParam(res.location, 'code');
    expect(code).toBeTruthy();
    const after = await exchange(code!, pkce.verifier);
    expect(String(after.body.scope).split(' ').sort()).toEqual([
      'edu.pending',
      'edu.read',
      'edu.write',
      'openid',
      'profile',
    ]);
  });

  it('gives a school administrator the admin scopes', async () => {
    await teacher('admin@example.org', 'ACTIVE', true);
    const flow = await codeFor(
      newBrowser(server().app),
      'admin@example.org',
      'profile userdata storage edu.read edu.write admin.read admin.write edu.pending member.admin.read',
    );
    const token = await tokenRequest(server().app, {
      grant_type: 'authorization_code',
      client_id: web.clientId,
      client_secret: web.clientSecret,
      code: flow.code!,
      redirect_uri: webRedirect,
      code_verifier: flow.pkce.verifier,
    });
    expect(String(token.body.scope).split(' ').sort()).toEqual([
      'admin.read',
      'admin.write',
      'edu.pending',
      'edu.read',
      'edu.write',
      'member.admin.read',
      'profile',
      'storage',
      'userdata',
    ]);
  });
});
