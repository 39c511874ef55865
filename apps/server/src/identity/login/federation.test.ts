import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryParam } from '../../../test/browser';
import { type FakeUpstream, startFakeUpstream } from '../../../test/fakeUpstream';
import {
  describeEachDatabase,
  SETUP_TIMEOUT_MS,
  startTestServer,
  TEST_PUBLIC_URL,
  type TestServer,
  testClients,
} from '../../../test/harness';
import { newBrowser, openAuthorize, pkcePair, tokenRequest } from '../../../test/oauth';
import { UPSTREAM_CALLBACK_PATH } from './routes';

describeEachDatabase('federated sign-in through an upstream OpenID provider', (kind) => {
  let google: FakeUpstream;
  let server: TestServer;
  beforeAll(async () => {
    google = await startFakeUpstream(`${TEST_PUBLIC_URL}${UPSTREAM_CALLBACK_PATH}`);
    server = await startTestServer(kind, {
      env: {
        UPSTREAM_OIDC_ISSUER: google.issuer,
        UPSTREAM_OIDC_CLIENT_ID: google.clientId,
        UPSTREAM_OIDC_CLIENT_SECRET: google.clientSecret,
        UPSTREAM_OIDC_NAME: 'Google',
      },
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await google?.close();
  }, SETUP_TIMEOUT_MS);

  const web = testClients.web;
  const redirectUri = web.redirectUris[0];

  /** Chooser → Google button → the upstream provider → back → the client's redirect URI. */
  async function signInWithGoogle() {
    const browser = newBrowser(server.app);
    const pkce = pkcePair();
    const chooser = await openAuthorize(browser, {
      clientId: web.clientId,
      redirectUri,
      scope: 'openid profile edu.read edu.pending',
      pkce,
    });
    expect(chooser.status).toBe(200);
    expect(chooser.body).toContain('Select login account');
    const button = /href="(\/interaction\/[^"]+\/federated)"/.exec(chooser.body)?.[1];
    expect(button).toBeDefined();
    const toGoogle = await browser.request(button!);
    expect(toGoogle.status).toBe(303);
    expect(toGoogle.location?.startsWith(google.issuer)).toBe(true);
    const final = await browser.follow(toGoogle, redirectUri);
    const code = queryParam(final.location, 'code');
    expect(code, `ended at ${final.url} (${final.status}): ${final.body.slice(0, 300)}`).toBeTruthy();
    const token = await tokenRequest(server.app, {
      grant_type: 'authorization_code',
      client_id: web.clientId,
      client_secret: web.clientSecret,
      code: code!,
      redirect_uri: redirectUri,
      code_verifier: pkce.verifier,
    });
    expect(token.status).toBe(200);
    const me = await server.app.inject({
      url: '/profile/v1/me',
      headers: { authorization: `Bearer ${token.body.access_token}` },
    });
    return { token: token.body, profile: me.json().data as Record<string, unknown> };
  }

  it('creates a pending teacher for a new Google identity and signs it in', async () => {
    const { token, profile } = await signInWithGoogle();
    expect(profile).toMatchObject({
      kind: 'teacher',
      status: 'PENDING_ACTIVE',
      username: 'g.teacher@example.com',
      name: 'Google Teacher',
    });
    expect(String(token.scope).split(' ').sort()).toEqual(['edu.pending', 'openid', 'profile']);
  });

  it('signs the same identity into the same account next time', async () => {
    const first = await signInWithGoogle();
    const second = await signInWithGoogle();
    expect(second.profile.id).toBe(first.profile.id);
    const links = await server.database.db
      .selectFrom('account_identities')
      .selectAll()
      .where('subject', '=', 'google-1')
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]!.issuer).toBe(google.issuer);
  });

  it('links a verified e-mail to the existing teacher account of that e-mail', async () => {
    const existing = await server.app.services.accounts.createTeacher({
      username: 'known@example.com',
      name: 'Known Teacher',
      password: 'a-long-password',
      status: 'ACTIVE',
    });
    google.identity = {
      sub: 'google-2',
      email: 'known@example.com',
      email_verified: true,
      name: 'Known at Google',
    };
    const { profile, token } = await signInWithGoogle();
    expect(profile.id).toBe(existing.id);
    expect(String(token.scope).split(' ')).toContain('edu.read');
  });

  it('does not link an unverified e-mail', async () => {
    await server.app.services.accounts.createTeacher({
      username: 'victim@example.com',
      name: 'Victim',
      password: 'a-long-password',
      status: 'ACTIVE',
    });
    google.identity = {
      sub: 'google-3',
      email: 'victim@example.com',
      email_verified: false,
      name: 'Impostor',
    };
    const { profile } = await signInWithGoogle();
    expect(profile.username).not.toBe('victim@example.com');
    expect(profile.status).toBe('PENDING_ACTIVE');
  });
});
