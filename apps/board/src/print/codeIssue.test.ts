import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { codeIssueAlert, codeIssueUrl, requestCodes, resolveCodeUrl } from './codeIssue';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('code issue', () => {
  it('asks GET /board/v1/paper/ncode with qty and the paper in mm rounded plus 20, with a bearer token', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return json(200, [
        { s: 3, o: 27, b: 1068, p: 1, url: 'ncode_data/s3-o27-b1068/s3-o27-b1068-p1.code.gz' },
        { s: 3, o: 27, b: 1068, p: 2, url: '' },
      ]);
    }) as typeof globalThis.fetch;
    const r = await requestCodes({
      serverUrl: 'https://ink.example/',
      accessToken: 'tok',
      qty: 2,
      paper: 'A4',
      fetch,
    });
    expect(calls[0]!.url).toBe('https://ink.example/board/v1/paper/ncode?qty=2&width=230&height=317');
    expect(calls[0]!.init?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' });
    expect(r).toEqual({
      ok: true,
      codes: [
        { page: pageAddress(3, 27, 1068, 1), url: 'ncode_data/s3-o27-b1068/s3-o27-b1068-p1.code.gz' },
        { page: pageAddress(3, 27, 1068, 2), url: '' },
      ],
    });
    expect(codeIssueUrl('', 1, 'Letter')).toBe('/board/v1/paper/ncode?qty=1&width=236&height=300');
  });

  it('formats failures as "{status} (error) {error_description} message: {message}"', async () => {
    expect(codeIssueAlert(401, { error: 'invalid_token', error_description: 'The token expired' })).toBe(
      '401 (error) The token expired',
    );
    expect(codeIssueAlert(503, { message: 'no codes left' })).toBe('503 (error) message: no codes left');
    expect(codeIssueAlert(500, { error_description: 'boom', message: 'try later' })).toBe(
      '500 (error) boom message: try later',
    );
    expect(codeIssueAlert(502, undefined)).toBe('502 (error)');
    const fetch = (async () =>
      json(403, { error_description: 'Forbidden', message: 'scope' })) as unknown as typeof globalThis.fetch;
    expect(await requestCodes({ serverUrl: '', accessToken: 't', qty: 1, paper: 'A4', fetch })).toEqual({
      ok: false,
      status: 403,
      alert: '403 (error) Forbidden message: scope',
    });
  });

  it('only warns when the call throws, reporting status −1 without an alert', async () => {
    const warnings: string[] = [];
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    const r = await requestCodes({
      serverUrl: '',
      accessToken: 't',
      qty: 1,
      paper: 'A4',
      fetch,
      warn: (m) => warnings.push(m),
    });
    expect(r).toEqual({ ok: false, status: -1 });
    expect(warnings).toHaveLength(1);
  });

  it('rejects an answer that is not the list asked for', async () => {
    const short = (async () => json(200, [])) as unknown as typeof globalThis.fetch;
    const r = await requestCodes({ serverUrl: '', accessToken: 't', qty: 2, paper: 'A4', fetch: short });
    expect(r).toEqual({ ok: false, status: 200, alert: '200 (error) message: expected 2 codes, got 0' });
    const bad = (async () => json(200, { codes: [] })) as unknown as typeof globalThis.fetch;
    const r2 = await requestCodes({ serverUrl: '', accessToken: 't', qty: 2, paper: 'A4', fetch: bad });
    expect(r2.ok).toBe(false);
  });

  it('resolves relative code URLs against the server', () => {
    expect(resolveCodeUrl('https://ink.example/api', 'ncode_data/a.code.gz')).toBe(
      'https://ink.example/api/ncode_data/a.code.gz',
    );
    expect(resolveCodeUrl('https://ink.example', 'https://cdn.example/x.gz')).toBe(
      'https://cdn.example/x.gz',
    );
  });
});
