import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { codePageLoader, codePageUrl } from './codePages';

const a = pageAddress(3, 27, 1068, 4);

describe('code page loader', () => {
  it('fetches ncode_data/… from the server, or the URL the code answer gave', () => {
    expect(codePageUrl('https://ink.example/', a)).toBe(
      'https://ink.example/ncode_data/s3-o27-b1068/s3-o27-b1068-p4.code.gz',
    );
    expect(codePageUrl('', a)).toBe('/ncode_data/s3-o27-b1068/s3-o27-b1068-p4.code.gz');
    expect(codePageUrl('', a, { '3.27.1068.4': 'https://cdn.example/p4.gz' })).toBe(
      'https://cdn.example/p4.gz',
    );
  });

  it('tries 3 times, with a timestamp query from the second try, then gives undefined', async () => {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return new Response('missing', { status: 404 });
    }) as typeof globalThis.fetch;
    const load = codePageLoader({ serverUrl: '', fetch, nowMs: () => 42 });
    expect(await load(a)).toBeUndefined();
    expect(urls).toEqual([
      '/ncode_data/s3-o27-b1068/s3-o27-b1068-p4.code.gz',
      '/ncode_data/s3-o27-b1068/s3-o27-b1068-p4.code.gz?t=42',
      '/ncode_data/s3-o27-b1068/s3-o27-b1068-p4.code.gz?t=42',
    ]);
  });

  it('caches a fetched page and retries after a network error', async () => {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      if (calls === 1) throw new TypeError('offline');
      return new Response(new Uint8Array([1, 2, 3]));
    }) as typeof globalThis.fetch;
    const load = codePageLoader({ serverUrl: '', fetch });
    expect(await load(a)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await load(a)).toEqual(new Uint8Array([1, 2, 3]));
    expect(calls).toBe(2);
  });
});
