import { describe, expect, it } from 'vitest';
import { studentInkCalls } from './annotation';
import { ApiError } from './client';

/** A fetch answering `status` with `body`, recording the requests. */
function server(status: number, body: unknown) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { seen, calls: studentInkCalls({ serverUrl: 'http://s', fetch }) };
}

describe('the student calls of the annotation upload (classroom.md §7)', () => {
  it('signs in with the password grant of the classroom client and answers the token', async () => {
    const s = server(200, { access_token: 'tok', token_type: 'Bearer' });
    expect(await s.calls.login('s01', 's01')).toBe('tok');
    expect(s.seen[0]!.url).toBe('http://s/oauth/token');
    const form = new URLSearchParams(String(s.seen[0]!.init.body));
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'password',
      username: 's01',
      password: 's01',
      client_id: 'dotink-classroom',
    });
  });

  it("a refused sign-in is 'student login failed' (§8)", async () => {
    const s = server(400, { error: 'invalid_grant', error_description: 'wrong password' });
    const error = await s.calls.login('s01', 'nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, key: 'annotation.loginFailed' });
  });

  it('uploads with the student token; a failure or no answer rejects', async () => {
    const ok = server(200, {
      ok: true,
      message: 'Success',
      data: { received: 1, stored: 1, updated: 0, duplicates: 0, uploadDate: '2026-01-01T00:00:00.000Z' },
    });
    expect((await ok.calls.upload('tok', [])).stored).toBe(1);
    expect(new Headers(ok.seen[0]!.init.headers).get('authorization')).toBe('Bearer tok');
    const refused = server(403, { ok: false, message: 'Forbidden', data: null });
    await expect(refused.calls.upload('tok', [])).rejects.toMatchObject({ status: 403 });
    const down = studentInkCalls({
      serverUrl: 'http://s',
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    });
    await expect(down.upload('tok', [])).rejects.toMatchObject({ status: 0, key: 'error.network' });
    const unknownPupil = server(400, { ok: false, message: 'already existing class', data: null });
    await expect(unknownPupil.calls.upload('tok', [])).rejects.toMatchObject({
      status: 400,
      serverMessage: 'already existing class',
    });
    const garbled = server(200, { ok: true });
    await expect(garbled.calls.upload('tok', [])).rejects.toMatchObject({ key: 'error.invalidAnswer' });
    const crashed = server(502, 'Bad Gateway');
    await expect(crashed.calls.upload('tok', [])).rejects.toMatchObject({ status: 502, key: 'error.status' });
  });
});
