/** Issue 11, item 6: no secret of a URL or header reaches the log. */
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, testClients, useTestServer } from '../../test/harness';
import { REDACTED, redactUrl } from './redact';

describe('redactUrl', () => {
  it('replaces the values of secret parameters and keeps the rest', () => {
    expect(redactUrl('/oauth/token?grant_type=password&username=s1&password=s1&client_secret=x')).toBe(
      `/oauth/token?grant_type=password&username=s1&password=${REDACTED}&client_secret=${REDACTED}`,
    );
    expect(redactUrl('/realtime/v1/rooms/board/a/b?access_token=abc')).toBe(
      `/realtime/v1/rooms/board/a/b?access_token=${REDACTED}`,
    );
    expect(redactUrl('/cb?CODE=1&state=2&%63ode=3')).toBe(`/cb?CODE=${REDACTED}&state=2&%63ode=${REDACTED}`);
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/x?%E0%A4%A=1&token')).toBe('/x?%E0%A4%A=1&token');
  });
});

describeEachDatabase('the log', (kind) => {
  const lines: string[] = [];
  const server = useTestServer(kind, {
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => lines.push(line) },
    // a route that logs its request's headers, as code under debugging might
    extraRoutes: [
      async (app) => {
        app.get('/test/log-headers', async (request) => {
          request.log.info({ headers: request.headers }, 'request headers');
          return { ok: true };
        });
      },
    ],
  });

  it('holds no password, client secret, code, token or Authorization/Cookie header', async () => {
    const app = server().app;
    const secrets = [
      'PupilPassw0rd',
      'ClientSecretValue1',
      'AuthCodeValue2',
      'RefreshValue3',
      'AccessValue4',
      'HeaderToken5',
      'CookieValue6',
    ];
    const [password, clientSecret, code, refresh, access, header, cookie] = secrets;
    const q = new URLSearchParams({
      grant_type: 'password',
      username: 'nobody',
      password: password!,
      client_id: testClients.web.clientId,
      client_secret: clientSecret!,
    });
    await app.inject({ method: 'POST', url: `/oauth/token?${q}` });
    await app.inject({
      method: 'POST',
      url: `/oauth/token?grant_type=authorization_code&code=${code}&refresh_token=${refresh}`,
    });
    await app.inject({ method: 'GET', url: `/realtime/v1/rooms/board/a/b?access_token=${access}` });
    await app.inject({
      method: 'GET',
      url: '/profile/v1/me',
      headers: { authorization: `Bearer ${header}`, cookie: `session=${cookie}` },
    });
    await app.inject({ method: 'POST', url: `/oauth/revoke?token=${access}` });
    await app.inject({
      method: 'GET',
      url: '/test/log-headers',
      headers: { authorization: `Bearer ${header}`, cookie: `session=${cookie}`, 'x-seen': 'yes' },
    });
    const log = lines.join('');
    expect(log).toContain('/oauth/token?grant_type=password');
    expect(log).toContain(REDACTED);
    // the headers were logged, the secret ones censored
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request headers');
    expect(logged.headers).toMatchObject({ 'x-seen': 'yes', authorization: REDACTED, cookie: REDACTED });
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });
});
