/**
 * Token lifetimes follow the server's injected clock (never the wall clock beside it): an access
 * token and a refresh token stop working once the clock passes their lifetime.
 */
import { manualClock } from '@dotink/ncode';
import { expect, it } from 'vitest';
import { describeEachDatabase, testClients, useTestServer } from '../../../test/harness';
import {
  basicAuth,
  issueAccessToken,
  newBrowser,
  pkcePair,
  signInWithPassword,
  tokenRequest,
} from '../../../test/oauth';

describeEachDatabase('token lifetimes at the server clock', (kind) => {
  const clock = manualClock(Date.UTC(2025, 2, 3, 0, 0, 0));
  const server = useTestServer(kind, { clock });
  const me = (token: string) =>
    server().app.inject({ url: '/profile/v1/me', headers: { authorization: `Bearer ${token}` } });

  it('refuses an access token once the clock passes its lifetime', async () => {
    const { app, config } = server();
    const teacher = await app.services.accounts.createTeacher({ username: 'clock-a@example.org', name: 'A' });
    const token = await issueAccessToken(app, teacher.id, 'openid profile');
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(config.oidc.accessTokenTtlS * 1000 - 60_000);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(60_000 + 1000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ ok: false, message: 'Unauthorized', data: null });
  });

  it('refuses a refresh token once the clock passes its lifetime', async () => {
    const { app, config } = server();
    const web = testClients.web;
    const password = 'correct horse battery';
    await app.services.accounts.createTeacher({
      username: 'clock-r@example.org',
      name: 'R',
      password,
      status: 'ACTIVE',
    });
    const signIn = async () => {
      const pkce = pkcePair();
      const flow = await signInWithPassword(newBrowser(app), {
        clientId: web.clientId,
        redirectUri: web.redirectUris[0],
        scope: 'openid profile',
        pkce,
        state: 's',
        username: 'clock-r@example.org',
        password,
      });
      const res = await tokenRequest(app, {
        grant_type: 'authorization_code',
        client_id: web.clientId,
        client_secret: web.clientSecret,
        code: flow.code!,
        redirect_uri: web.redirectUris[0],
        code_verifier: pkce.verifier,
      });
      expect(res.status).toBe(200);
      return String(res.body.refresh_token);
    };
    const refresh = (refreshToken: string) =>
      tokenRequest(
        app,
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        { headers: { authorization: basicAuth(web.clientId, web.clientSecret) } },
      );
    const early = await signIn();
    const kept = await signIn();
    clock.advance(config.oidc.refreshTokenTtlS * 1000 - 60_000);
    const ok = await refresh(early);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    clock.advance(60_000 + 1000);
    const late = await refresh(kept);
    expect(late.status, JSON.stringify(late.body)).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
  });
});
