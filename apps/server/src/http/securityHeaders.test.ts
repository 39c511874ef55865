/** Issue 11, item 11: security headers; the sign-in pages cannot be framed. */
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { openChooser } from '../../test/oauth';

describeEachDatabase('security headers', (kind) => {
  const server = useTestServer(kind);

  it("forbids framing the sign-in pages and the OAuth server (frame-ancestors 'none', X-Frame-Options DENY)", async () => {
    const { browser, page: chooser, uid } = await openChooser(server().app);
    const pages = [
      chooser,
      await browser.request(`/interaction/${uid}/login`),
      await browser.request(`/interaction/${uid}/signup`),
    ];
    const discovery = await browser.request('/oauth/.well-known/openid-configuration');
    for (const page of [...pages, discovery]) {
      expect(page.headers['content-security-policy'], page.url).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options'], page.url).toBe('DENY');
    }
    for (const page of pages) {
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'"); // the pages' own <style>
      expect(page.body).not.toMatch(/<script|\son[a-z]+="/); // nothing the policy would block
    }
  });

  it('sends the policy and the usual headers on the API, where only this origin may frame', async () => {
    const res = await server().app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});
