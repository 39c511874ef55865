import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { queryParam, type TestBrowser } from '../../../test/browser';
import { describeEachDatabase, TEST_APP_ORIGIN, testClients, useTestServer } from '../../../test/harness';
import { newBrowser, openAuthorize, pkcePair, signInWithPassword, tokenRequest } from '../../../test/oauth';
import { SIGN_OUT_SCRIPT } from '../login/views';

describeEachDatabase('sign-out (RP-initiated logout)', (kind) => {
  const server = useTestServer(kind);
  const spa = testClients.spa;
  const redirectUri = spa.redirectUris[0];
  const afterLogout = `${TEST_APP_ORIGIN}/`;
  const password = 'correct horse battery';
  const scope = 'openid profile edu.read';

  /** A teacher signed in through the pages of `browser`, with the tokens of the code exchange. */
  async function signedIn(browser: TestBrowser, username: string) {
    await server().app.services.accounts.createTeacher({
      username,
      name: `Teacher ${username}`,
      password,
      status: 'ACTIVE',
    });
    const pkce = pkcePair();
    const flow = await signInWithPassword(browser, {
      clientId: spa.clientId,
      redirectUri,
      scope,
      pkce,
      username,
      password,
    });
    const token = await tokenRequest(server().app, {
      grant_type: 'authorization_code',
      client_id: spa.clientId,
      code: flow.code!,
      redirect_uri: redirectUri,
      code_verifier: pkce.verifier,
    });
    expect(token.status).toBe(200);
    return { idToken: String(token.body.id_token), refreshToken: String(token.body.refresh_token) };
  }

  const endSessionPath = (idToken: string, lang: string) =>
    `/oauth/logout?${new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: afterLogout,
      state: 'after-logout',
      ui_locales: lang,
    })}`;

  it('sends itself in the user language, ends the server session and its refresh tokens', async () => {
    const browser = newBrowser(server().app);
    const tokens = await signedIn(browser, 'leaving@example.org');

    const page = await browser.request(endSessionPath(tokens.idToken, 'ko'));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="ko">');
    expect(page.body).toContain('이 브라우저의 dotink 로그인을 종료하는 중입니다.');
    // the page presses its own button (logout=yes: the whole sign-in ends), allowed by its hash
    expect(page.body).toContain('name="logout" value="yes"');
    expect(page.body).toContain(`<script>${SIGN_OUT_SCRIPT}</script>`);
    const hash = createHash('sha256').update(SIGN_OUT_SCRIPT).digest('base64');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(csp).toContain("frame-ancestors 'none'");

    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    const done = await browser.request(action!, { form: { xsrf: xsrf!, logout: 'yes' } });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${afterLogout}?state=after-logout`);

    // the next sign-in in this browser shows the account chooser, not a code for the same account
    const next = await openAuthorize(browser, {
      clientId: spa.clientId,
      redirectUri,
      scope,
      pkce: pkcePair(),
    });
    expect(next.status).toBe(200);
    expect(new URL(next.url).pathname).toMatch(/^\/interaction\//);
    expect(queryParam(next.location, 'code')).toBeNull();
    // and the refresh tokens of that sign-in no longer work
    const refresh = await tokenRequest(server().app, {
      grant_type: 'refresh_token',
      client_id: spa.clientId,
      refresh_token: tokens.refreshToken,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('refuses a return address that is not registered for the client', async () => {
    const browser = newBrowser(server().app);
    const tokens = await signedIn(browser, 'elsewhere@example.org');
    const page = await browser.request(
      `/oauth/logout?${new URLSearchParams({
        id_token_hint: tokens.idToken,
        post_logout_redirect_uri: 'https://attacker.example/',
      })}`,
    );
    expect(page.status).toBe(400);
    expect(page.body).toContain('post_logout_redirect_uri not registered');
  });

  it('says "signed out" in the browser language when no return address is named', async () => {
    const browser = newBrowser(server().app);
    await signedIn(browser, 'nowhere@example.org');
    const page = await browser.request('/oauth/logout', { headers: { 'accept-language': 'ja' } });
    expect(page.body).toContain('<html lang="ja">');
    const action = /action="([^"]+)"/.exec(page.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    const done = await browser.request(action!, { form: { xsrf: xsrf!, logout: 'yes' } });
    expect(done.status).toBe(303);
    const after = await browser.request(done.location!, { headers: { 'accept-language': 'ja' } });
    expect(after.status).toBe(200);
    expect(after.body).toContain('このブラウザで dotink からサインアウトしました。');
  });
});
