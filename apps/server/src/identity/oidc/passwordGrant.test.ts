import type { ManualClock } from '@dotink/ncode';
import { expect, it } from 'vitest';
import { describeEachDatabase, testClients, useTestServer } from '../../../test/harness';
import { basicAuth, tokenRequest } from '../../../test/oauth';

describeEachDatabase('student password grant', (kind) => {
  const server = useTestServer(kind, { env: { LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_MINUTES: '10' } });
  const web = testClients.web;

  async function student(id: string) {
    return server().app.services.accounts.createStudent({ id, name: `Pupil ${id}` });
  }

  it('logs a student in with query parameters and basic auth (the annotation-upload form)', async () => {
    const s = await student('s0000000001');
    const res = await tokenRequest(
      server().app,
      {},
      {
        query: {
          grant_type: 'password',
          username: s.id,
          password: s.id,
          client_id: web.clientId,
          client_secret: web.clientSecret,
        },
        headers: { authorization: basicAuth(web.clientId, web.clientSecret) },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', scope: 'profile storage' });
    expect(typeof res.body.access_token).toBe('string');

    const me = await server().app.inject({
      url: '/profile/v1/me',
      headers: { authorization: `Bearer ${res.body.access_token}` },
    });
    expect(me.json()).toMatchObject({ ok: true, message: 'Success', data: { id: s.id, kind: 'student' } });
  });

  it('accepts the same grant as a form body, and from a public client without a secret', async () => {
    const s = await student('s0000000002');
    const confidential = await tokenRequest(server().app, {
      grant_type: 'password',
      username: s.id,
      password: s.id,
      client_id: web.clientId,
      client_secret: web.clientSecret,
    });
    expect(confidential.status).toBe(200);
    const pub = await tokenRequest(server().app, {
      grant_type: 'password',
      username: s.id.toUpperCase(),
      password: s.id,
      client_id: testClients.spa.clientId,
      client_secret: 'kept in local storage, ignored',
    });
    expect(pub.status).toBe(200);
  });

  it('refuses a wrong password, a wrong client secret, and a teacher account', async () => {
    const s = await student('s0000000003');
    const wrong = await tokenRequest(server().app, {
      grant_type: 'password',
      username: s.id,
      password: 'nope',
      client_id: web.clientId,
      client_secret: web.clientSecret,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant' });

    const badClient = await tokenRequest(server().app, {
      grant_type: 'password',
      username: s.id,
      password: s.id,
      client_id: web.clientId,
      client_secret: 'not-the-secret-at-all',
    });
    expect(badClient.status).toBe(401);
    expect(badClient.body).toMatchObject({ error: 'invalid_client' });

    await server().app.services.accounts.createTeacher({
      username: 'grant-teacher@example.org',
      name: 'T',
      password: 'teacher-password',
      status: 'ACTIVE',
    });
    const teacher = await tokenRequest(server().app, {
      grant_type: 'password',
      username: 'grant-teacher@example.org',
      password: 'teacher-password',
      client_id: web.clientId,
      client_secret: web.clientSecret,
    });
    expect(teacher.status).toBe(400);
    expect(teacher.body.error_description).toBe('the password grant is only for student accounts');
  });

  it('locks a login name out after repeated failures, and lets it in again later', async () => {
    const s = await student('s0000000004');
    const attempt = (password: string) =>
      tokenRequest(server().app, {
        grant_type: 'password',
        username: s.id,
        password,
        client_id: web.clientId,
        client_secret: web.clientSecret,
      });
    expect((await attempt('bad-1')).body.error_description).toBe('The login name or password is incorrect.');
    expect((await attempt('bad-2')).body.error_description).toBe('The login name or password is incorrect.');
    const third = await attempt('bad-3');
    expect(third.body.error_description).toBe('Too many failed sign-in attempts. Try again in 10 minutes.');
    const locked = await attempt(s.id);
    expect(locked.status).toBe(400);
    expect(locked.body.error_description).toBe('Too many failed sign-in attempts. Try again in 10 minutes.');

    (server().clock as ManualClock).advance(10 * 60_000 + 1);
    const after = await attempt(s.id);
    expect(after.status).toBe(200);
  });
});
