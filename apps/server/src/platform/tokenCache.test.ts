import { describe, expect, it } from 'vitest';
import { type CachedToken, TokenCache } from './tokenCache';

const token = (over: Partial<CachedToken> = {}): CachedToken => ({
  accountId: 'a1',
  scopes: ['openid'],
  clientId: 'web',
  grantId: 'g1',
  expiresAtMs: 1_000_000,
  ...over,
});

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let nowMs = 0;
  const cache = new TokenCache({ ...options, now: () => nowMs });
  let loads = 0;
  const load = (value: CachedToken | undefined) => async () => {
    loads++;
    return value;
  };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

describe('TokenCache', () => {
  it('reads a token once while fresh, again after the TTL', async () => {
    const t = setup({ ttlMs: 30_000 });
    await t.cache.resolve('tok', t.load(token()));
    expect(await t.cache.resolve('tok', t.load(token({ accountId: 'other' })))).toEqual(token());
    expect(t.loads()).toBe(1);
    t.advance(30_000);
    expect((await t.cache.resolve('tok', t.load(token({ accountId: 'other' }))))?.accountId).toBe('other');
    expect(t.loads()).toBe(2);
  });

  it('never keeps a token past its own expiry, and does not cache a token that is not valid', async () => {
    const t = setup({ ttlMs: 30_000 });
    await t.cache.resolve('tok', t.load(token({ expiresAtMs: 5_000 })));
    t.advance(5_000);
    await t.cache.resolve('tok', t.load(token({ expiresAtMs: 5_000 })));
    expect(t.loads()).toBe(2);
    expect(await t.cache.resolve('bad', t.load(undefined))).toBeUndefined();
    await t.cache.resolve('bad', t.load(undefined));
    expect(t.loads()).toBe(4);
  });

  it('forgets a token, and every token of a grant, at once', async () => {
    const t = setup();
    await t.cache.resolve('a', t.load(token({ grantId: 'g1' })));
    await t.cache.resolve('b', t.load(token({ grantId: 'g1' })));
    await t.cache.resolve('c', t.load(token({ grantId: 'g2' })));
    t.cache.forgetToken('c');
    expect(await t.cache.resolve('c', t.load(undefined))).toBeUndefined();
    t.cache.forgetGrant('g1');
    expect(await t.cache.resolve('a', t.load(undefined))).toBeUndefined();
    expect(await t.cache.resolve('b', t.load(undefined))).toBeUndefined();
    expect(t.loads()).toBe(6);
  });

  it('shares one lookup between concurrent requests, and drops a lookup overtaken by a revocation', async () => {
    const t = setup();
    const all = await Promise.all(Array.from({ length: 10 }, () => t.cache.resolve('tok', t.load(token()))));
    expect(all.every((x) => x?.accountId === 'a1')).toBe(true);
    expect(t.loads()).toBe(1);

    let release!: (v: CachedToken) => void;
    const slow = t.cache.resolve('late', () => new Promise<CachedToken>((r) => (release = r)));
    t.cache.forgetToken('late');
    release(token());
    await slow;
    expect(await t.cache.resolve('late', t.load(undefined))).toBeUndefined();
  });

  it('holds at most maxEntries tokens, dropping the oldest', async () => {
    const t = setup({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c', 'd']) await t.cache.resolve(k, t.load(token()));
    expect(t.cache.size).toBe(3);
    expect(await t.cache.resolve('a', t.load(undefined))).toBeUndefined();
    expect(await t.cache.resolve('d', t.load(undefined))).toEqual(token());
  });
});
