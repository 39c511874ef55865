import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDatabase, TEST_PUBLIC_URL, testClients, useTestServer } from '../../test/harness';
import { issueAccessToken, teacherWithToken, tokenRequest } from '../../test/oauth';
import { answerSchema, success } from '../http/answer';
import { authOf } from './bearer';
import type { AppPlugin } from './types';

/** A route needing edu.read, as the education API's will. */
const eduProbe: AppPlugin = async (app) => {
  app.get(
    '/test/edu',
    {
      preHandler: app.requireAuth('edu.read'),
      schema: { response: { 200: answerSchema(z.object({ id: z.string() })) } },
    },
    async (request) => success({ id: authOf(request).account.id }),
  );
  app.get('/test/unguarded', { schema: { response: { 500: z.unknown() } } }, async (request) => {
    authOf(request);
    return {};
  });
};

describeEachDatabase('bearer authentication', (kind) => {
  const server = useTestServer(kind, { extraRoutes: [eduProbe] });
  const get = (url: string, headers: Record<string, string> = {}) =>
    server().app.inject({ url, headers: { host: new URL(TEST_PUBLIC_URL).host, ...headers } });

  it('answers 401 without a token', async () => {
    const res = await get('/profile/v1/me');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="dotink"');
    expect(res.json()).toEqual({ ok: false, message: 'Unauthorized', data: null });
  });

  it('answers 401 with an unknown, malformed or other-scheme token', async () => {
    for (const authorization of ['Bearer not-a-token', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a b']) {
      const res = await get('/profile/v1/me', { authorization });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ ok: false, message: 'Unauthorized', data: null });
    }
    const res = await get('/profile/v1/me', { authorization: 'Bearer not-a-token' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="dotink", error="invalid_token"');
  });

  it('answers the profile to a valid token', async () => {
    const { account, headers } = await teacherWithToken(server().app, { isSchoolAdmin: true });
    const res = await get('/profile/v1/me', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: 'Success',
      data: {
        id: account.id,
        kind: 'teacher',
        username: account.username,
        name: account.name,
        email: null,
        status: 'ACTIVE',
        isSchoolAdmin: true,
        schoolId: null,
        scope: expect.stringContaining('admin.write'),
      },
    });
  });

  it('answers 403 when the token lacks the scope, and applies a status change at once', async () => {
    const { account, headers } = await teacherWithToken(server().app);
    expect((await get('/test/edu', headers)).json()).toEqual({
      ok: true,
      message: 'Success',
      data: { id: account.id },
    });

    const profileOnly = await issueAccessToken(server().app, account.id, 'profile');
    const denied = await get('/test/edu', { authorization: `Bearer ${profileOnly}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['www-authenticate']).toBe('Bearer realm="dotink", error="insufficient_scope"');
    expect(denied.json()).toEqual({ ok: false, message: 'Forbidden: needs edu.read', data: null });

    await server()
      .app.services.db.updateTable('accounts')
      .set({ status: 'PENDING_ACTIVE' })
      .where('id', '=', account.id)
      .execute();
    expect((await get('/test/edu', headers)).statusCode).toBe(403);
  });

  it('answers 401 once the token is revoked', async () => {
    const { token, headers } = await teacherWithToken(server().app);
    expect((await get('/profile/v1/me', headers)).statusCode).toBe(200);
    const revoke = await server().app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { host: new URL(TEST_PUBLIC_URL).host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token,
        client_id: testClients.web.clientId,
        client_secret: testClients.web.clientSecret,
      }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get('/profile/v1/me', headers)).statusCode).toBe(401);
  });

  it('answers 401 to a deleted account and 500 (not a pass) for a guard forgotten on a route', async () => {
    const student = await server().app.services.accounts.createStudent({ id: 'sgone0000001', name: 'Gone' });
    const token = await tokenRequest(server().app, {
      grant_type: 'password',
      username: student.id,
      password: student.id,
      client_id: testClients.web.clientId,
      client_secret: testClients.web.clientSecret,
    });
    await server().app.services.db.deleteFrom('accounts').where('id', '=', student.id).execute();
    const res = await get('/profile/v1/me', { authorization: `Bearer ${token.body.access_token}` });
    expect(res.statusCode).toBe(401);
    expect((await get('/test/unguarded')).statusCode).toBe(500);
  });
});
