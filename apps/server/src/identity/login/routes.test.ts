import { expect, it } from 'vitest';
import { queryParam } from '../../../test/browser';
import { describeEachDatabase, testClients, useTestServer } from '../../../test/harness';
import {
  authorizePath,
  interactionUid,
  newBrowser,
  openAuthorize,
  pkcePair,
  tokenRequest,
} from '../../../test/oauth';

describeEachDatabase('sign-in pages', (kind) => {
  const server = useTestServer(kind, { env: { LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_MINUTES: '15' } });
  const web = testClients.web;
  const redirectUri = web.redirectUris[0];

  async function chooser(scope = 'openid profile edu.read') {
    const browser = newBrowser(server().app);
    const pkce = pkcePair();
    const page = await openAuthorize(browser, { clientId: web.clientId, redirectUri, scope, pkce });
    return { browser, page, uid: interactionUid(page), pkce };
  }

  /** The chooser of an authorization request carrying `ui_locales`. */
  async function chooserWithUiLocales(uiLocales: string) {
    const browser = newBrowser(server().app);
    const path = `${authorizePath({ clientId: web.clientId, redirectUri, scope: 'openid profile', pkce: pkcePair() })}&ui_locales=${encodeURIComponent(uiLocales)}`;
    const page = await browser.follow(await browser.request(path), redirectUri);
    return { browser, page, uid: interactionUid(page) };
  }
  const korean = { headers: { 'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8' } };

  it('shows the account chooser, without the Google button when no upstream is configured', async () => {
    const { page, uid } = await chooser();
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h1>Select login account</h1>');
    expect(page.body).toContain('to continue to Test classroom');
    expect(page.body).toContain(`href="/interaction/${uid}/login"`);
    expect(page.body).not.toContain('Sign in with Google');
  });

  it('speaks Korean to a browser that asks for it (Accept-Language), English to others', async () => {
    const { browser, uid } = await chooser();
    const page = await browser.request(`/interaction/${uid}`, korean);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="ko">');
    expect(page.body).toContain('<h1>로그인 계정 선택</h1>');
    expect(page.body).toContain('Test classroom(으)로 계속하려면 계정을 선택하세요');
    expect(page.body).toContain(
      `<a class="button" href="/interaction/${uid}/login">dotink 계정으로 로그인</a>`,
    );
    const form = await browser.request(`/interaction/${uid}/login`, korean);
    expect(form.body).toContain('<html lang="ko">');
    expect(form.body).toContain('<h1>로그인</h1>');
    expect(form.body).toContain('<label for="username">이메일 또는 학번</label>');
    expect(form.body).toContain('<label for="password">비밀번호</label>');
    const signup = await browser.request(`/interaction/${uid}/signup`, korean);
    expect(signup.body).toContain('<label for="confirm">비밀번호 확인</label>');
    for (const acceptLanguage of ['de-DE,es;q=0.8', 'fr']) {
      const other = await browser.request(`/interaction/${uid}/login`, {
        headers: { 'accept-language': acceptLanguage },
      });
      expect(other.body).toContain('<html lang="en">');
      expect(other.body).toContain('<h1>Sign in</h1>');
      expect(other.body).toContain('<label for="username">E-mail or student ID</label>');
    }
    const expired = await browser.request('/interaction/not-a-real-uid/login', korean);
    expect(expired.status).toBe(400);
    expect(expired.body).toContain('<h1>로그인 요청 만료</h1>');
  });

  it('speaks the language of the ui_locales of the authorization request, before Accept-Language', async () => {
    const { browser, page, uid } = await chooserWithUiLocales('de ja-JP');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="ja">');
    expect(page.body).toContain('<h1>ログインアカウントの選択</h1>');
    expect(page.body).toContain('dotink アカウントでログイン');
    const form = await browser.request(`/interaction/${uid}/login`, korean);
    expect(form.body).toContain('<html lang="ja">');
    expect(form.body).toContain('<label for="username">メールアドレスまたは学籍番号</label>');
    const empty = await browser.request(`/interaction/${uid}/login`, {
      form: { username: '', password: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain(
      '<div role="alert" id="form-error">ログイン名とパスワードを入力してください。</div>',
    );
    const { page: chinese } = await chooserWithUiLocales('zh-Hant');
    expect(chinese.body).toContain('<html lang="zh-TW">');
    expect(chinese.body).toContain('<h1>選擇登入帳號</h1>');
  });

  it('re-shows the form with an announced error after a wrong password, escaping what was typed', async () => {
    await server().app.services.accounts.createTeacher({
      username: 'form@example.org',
      name: 'Form',
      password: 'right-password',
      status: 'ACTIVE',
    });
    const { browser, uid } = await chooser();
    const res = await browser.request(`/interaction/${uid}/login`, {
      form: { username: '<script>x</script>', password: 'wrong' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toContain(
      '<div role="alert" id="form-error">The login name or password is incorrect.</div>',
    );
    expect(res.body).toContain('value="&#60;script&#62;x&#60;/script&#62;"');
    expect(res.body).not.toContain('<script>x');
    const empty = await browser.request(`/interaction/${uid}/login`, {
      form: { username: '', password: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('Enter your login name and password.');
    const inKorean = await browser.request(`/interaction/${uid}/login`, {
      ...korean,
      form: { username: 'form@example.org', password: 'wrong' },
    });
    expect(inKorean.status).toBe(401);
    expect(inKorean.body).toContain('<html lang="ko">');
    expect(inKorean.body).toContain(
      '<div role="alert" id="form-error">아이디 또는 비밀번호가 올바르지 않습니다.</div>',
    );
  });

  it('locks the account out after repeated failures with a lockout message', async () => {
    await server().app.services.accounts.createTeacher({
      username: 'lock@example.org',
      name: 'Lock',
      password: 'right-password',
      status: 'ACTIVE',
    });
    const { browser, uid } = await chooser();
    const post = (password: string) =>
      browser.request(`/interaction/${uid}/login`, { form: { username: 'LOCK@example.org', password } });
    expect((await post('wrong-1')).status).toBe(401);
    expect((await post('wrong-2')).status).toBe(401);
    const third = await post('wrong-3');
    expect(third.status).toBe(429);
    expect(third.body).toContain('Too many failed sign-in attempts. Try again in 15 minutes.');
    const right = await post('right-password');
    expect(right.status).toBe(429);
    expect(right.body).toContain('Too many failed sign-in attempts.');
    const inKorean = await browser.request(`/interaction/${uid}/login`, {
      ...korean,
      form: { username: 'lock@example.org', password: 'right-password' },
    });
    expect(inKorean.status).toBe(429);
    expect(inKorean.body).toContain('로그인에 너무 많이 실패했습니다. 15분 후에 다시 시도하세요.');
  });

  it('signs up a teacher as pending approval and signs them in', async () => {
    const { browser, uid, pkce } = await chooser('openid profile edu.read edu.pending');
    const form = await browser.request(`/interaction/${uid}/signup`);
    expect(form.body).toContain('<label for="confirm">Repeat the password</label>');
    const mismatch = await browser.request(`/interaction/${uid}/signup`, {
      form: { name: 'New', email: 'new@example.org', password: 'long-enough-1', confirm: 'different-1' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain('The two passwords differ.');
    const short = await browser.request(`/interaction/${uid}/signup`, {
      form: { name: 'New', email: 'new@example.org', password: 'short', confirm: 'short' },
    });
    expect(short.body).toContain('The password needs at least 8 characters.');
    const badMail = await browser.request(`/interaction/${uid}/signup`, {
      form: { name: 'New', email: 'not-an-email', password: 'long-enough-1', confirm: 'long-enough-1' },
    });
    expect(badMail.body).toContain('Enter a valid e-mail address.');

    const created = await browser.request(`/interaction/${uid}/signup`, {
      form: {
        name: 'New Teacher',
        email: 'New@Example.org',
        password: 'long-enough-1',
        confirm: 'long-enough-1',
      },
    });
    expect(created.status).toBe(303);
    const final = await browser.follow(created, redirectUri);
    const code = queryParam(final.location, 'code');
    const token = await tokenRequest(server().app, {
      grant_type: 'authorization_code',
      client_id: web.clientId,
      client_secret: web.clientSecret,
      code: code!,
      redirect_uri: redirectUri,
      code_verifier: pkce.verifier,
    });
    expect(String(token.body.scope).split(' ')).not.toContain('edu.read');
    const account = await server().app.services.accounts.findForLogin('new@example.org');
    expect(account?.account).toMatchObject({
      kind: 'teacher',
      status: 'PENDING_ACTIVE',
      name: 'New Teacher',
    });

    const { browser: b2, uid: uid2 } = await chooser();
    const taken = await b2.request(`/interaction/${uid2}/signup`, {
      form: { name: 'Again', email: 'new@example.org', password: 'long-enough-1', confirm: 'long-enough-1' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toContain('An account with this e-mail already exists.');
  });

  it('returns access_denied to the client when the user cancels', async () => {
    const { browser, uid } = await chooser();
    const res = await browser.follow(await browser.request(`/interaction/${uid}/abort`), redirectUri);
    expect(queryParam(res.location, 'error')).toBe('access_denied');
  });

  it('explains an unknown or expired sign-in instead of failing', async () => {
    const browser = newBrowser(server().app);
    const res = await browser.request('/interaction/not-a-real-uid/login');
    expect(res.status).toBe(400);
    expect(res.body).toContain('This sign-in request has expired or is not valid.');
    const google = await browser.request('/interaction/whatever/federated');
    expect(google.status).toBe(404);
  });
});
