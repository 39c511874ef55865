import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_PUBLIC_URL, useTestServer } from '../../test/harness';

describeEachDatabase('platform routes', (kind) => {
  const server = useTestServer(kind);
  const host = new URL(TEST_PUBLIC_URL).host;

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await server().app.inject({ url: '/api/docs', headers: { host } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/docs']).toBeUndefined();
    const me = doc.paths['/profile/v1/me'].get;
    expect(me.security).toEqual([{ bearer: [] }]);
    const ok = me.responses['200'].content['application/json'].schema;
    expect(ok.properties.data.properties.status.enum).toEqual(['ACTIVE', 'PENDING_ACTIVE']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/interaction/{uid}/login']),
    );
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode.tokenUrl).toBe(
      `${TEST_PUBLIC_URL}/oauth/token`,
    );
  });

  it('answers the health check in the generic shape', async () => {
    const res = await server().app.inject({ url: '/api/health', headers: { host } });
    expect(res.json()).toEqual({ ok: true, message: 'Success', data: { database: kind } });
  });

  it('answers unknown routes and invalid input in the generic failure shape', async () => {
    const missing = await server().app.inject({ url: '/edu/v1/nothing?x=1', headers: { host } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ ok: false, message: 'Route GET:/edu/v1/nothing not found', data: null });
    const invalid = await server().app.inject({
      method: 'POST',
      url: '/interaction/abc/login',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${'x'.repeat(400)}&password=p`,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      ok: false,
      message: expect.stringMatching(/^body\/username: /),
      data: null,
    });
  });

  it('publishes OpenID discovery under the issuer', async () => {
    const res = await server().app.inject({
      url: '/oauth/.well-known/openid-configuration',
      headers: { host },
    });
    const meta = res.json();
    expect(meta).toMatchObject({
      issuer: `${TEST_PUBLIC_URL}/oauth`,
      authorization_endpoint: `${TEST_PUBLIC_URL}/oauth/authorize`,
      token_endpoint: `${TEST_PUBLIC_URL}/oauth/token`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(meta.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'password']),
    );
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['edu.read', 'member.admin.read']));
  });
});

describeEachDatabase('readiness', (kind) => {
  const server = useTestServer(kind);
  const host = new URL(TEST_PUBLIC_URL).host;

  it('is ready when the database answers and every migration ran, and not while draining', async () => {
    const ready = await server().app.inject({ url: '/api/ready', headers: { host } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      ok: true,
      message: 'Success',
      data: {
        ready: true,
        draining: false,
        checks: expect.arrayContaining([
          { name: 'database', ok: true },
          { name: 'migrations', ok: true },
        ]),
      },
    });

    server().app.services.readiness.startDraining(0);
    const draining = await server().app.inject({ url: '/api/ready', headers: { host } });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({
      ok: false,
      message: 'not ready: draining (the process is stopping)',
      data: { ready: false, draining: true },
    });
    // liveness is not readiness: the draining process still answers
    const health = await server().app.inject({ url: '/api/health', headers: { host } });
    expect(health.statusCode).toBe(200);
  });
});
