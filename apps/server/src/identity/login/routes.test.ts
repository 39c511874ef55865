import { expect, it } from 'vitest';
import { queryParam } from '../../../test/browser';
import { describeEachDatabase, testClients, useTestServer } from '../../../test/harness';
import { newBrowser, openAuthorize, pkcePair, tokenRequest } from '../../../test/oauth';

describeEachDatabase('sign-in pages', (kind) => {
  const server = useTestServer(kind, { env: { LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_MINUTES: '15' } });
  const web = testClients.web;
  const redirectUri = web.redirectUris[0];

  async function chooser(scope = 'openid profile edu.read') {
    const browser = newBrowser(server().app);
    const pkce = pkcePair();
    const page = await openAuthorize(browser, { clientId: web.clientId, redirectUri, scope, pkce });
    const uid = new URL(page.url).pathname.split('/')[2]!;
    return { browser, page, uid, pkce };
  }

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
