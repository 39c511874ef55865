import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicAuth } from '../../../test/oauth';
import { normalizeTokenRequest, parseBasicAuth } from './tokenRequest';

function request(
  url: string,
  body: string | undefined,
  headers: Record<string, string> = {},
): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = url;
  req.headers = {
    ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    ...headers,
  };
  req.complete = true;
  if (body !== undefined) req.push(Buffer.from(body));
  req.push(null);
  return req;
}

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
}

describe('parseBasicAuth', () => {
  it('reads client id and secret, form-decoded (RFC 6749 §2.3.1), for any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (id, secret) => {
        expect(parseBasicAuth(basicAuth(id, secret))).toEqual({ id, secret });
      }),
    );
  });

  it('ignores other schemes and malformed values', () => {
    expect(parseBasicAuth(undefined)).toBeUndefined();
    expect(parseBasicAuth('Bearer abc')).toBeUndefined();
    expect(parseBasicAuth(`Basic ${Buffer.from('no-colon').toString('base64')}`)).toBeUndefined();
  });
});

describe('normalizeTokenRequest', () => {
  const none = new Set<string>();

  it('moves query parameters into the form body (the student login sends them as a query)', async () => {
    const out = await normalizeTokenRequest(
      request('/oauth/token?grant_type=password&username=s1&password=s1', undefined),
      none,
    );
    expect(out.url).toBe('/oauth/token');
    expect(out.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(await formOf(out)).toEqual({ grant_type: 'password', username: 's1', password: 's1' });
  });

  it('keeps body values over query values', async () => {
    const out = await normalizeTokenRequest(request('/t?a=query&b=2', 'a=body'), none);
    expect(await formOf(out)).toEqual({ a: 'body', b: '2' });
  });

  it('carries agreeing basic credentials in the body and drops the header', async () => {
    const out = await normalizeTokenRequest(
      request('/t', 'client_id=c&client_secret=s&grant_type=x', { authorization: basicAuth('c', 's') }),
      none,
    );
    expect(out.headers.authorization).toBeUndefined();
    expect(await formOf(out)).toEqual({ client_id: 'c', client_secret: 's', grant_type: 'x' });
  });

  it('leaves disagreeing credentials for the provider to refuse', async () => {
    const out = await normalizeTokenRequest(
      request('/t', 'client_id=c&client_secret=other', { authorization: basicAuth('c', 's') }),
      none,
    );
    expect(out.headers.authorization).toBe(basicAuth('c', 's'));
  });

  it('drops a client_secret sent for a public client', async () => {
    const out = await normalizeTokenRequest(request('/t', 'client_id=pub&client_secret=x'), new Set(['pub']));
    expect(await formOf(out)).toEqual({ client_id: 'pub' });
  });

  it('passes a request with another content type through untouched', async () => {
    const req = request('/t', '{}', { 'content-type': 'application/json' });
    expect(await normalizeTokenRequest(req, none)).toBe(req);
  });
});
