/** Issue 11, item 8: the vendor routes' cache is bounded and does not keep misses forever. */
import { type ManualClock, manualClock } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { host } from '../../test/inkFixtures';
import { LruCache } from './lruCache';
import { DEMO_MISS_TTL_MS } from './vendorRoutes';

describe('LruCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const c = new LruCache<string, string>(
      { maxEntries: 3, maxBytes: 1e9, sizeOf: (v) => v.length },
      manualClock(0),
    );
    for (const k of ['a', 'b', 'c']) c.set(k, k);
    c.get('a');
    c.set('d', 'd');
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe('a');
    for (let i = 0; i < 60_000; i += 1) c.set(`k${i}`, 'v');
    expect(c.size).toBe(3);
  });

  it('keeps at most maxBytes, and forgets an entry when its time is up', () => {
    const clock = manualClock(0);
    const c = new LruCache<string, string>({ maxEntries: 100, maxBytes: 10, sizeOf: (v) => v.length }, clock);
    c.set('a', 'xxxx');
    c.set('b', 'yyyy');
    c.set('c', 'zzzz');
    expect(c.totalBytes).toBeLessThanOrEqual(10);
    expect(c.get('a')).toBeUndefined();
    c.set('m', '', 1000);
    clock.advance(999);
    expect(c.get('m')).toBe('');
    clock.advance(1);
    expect(c.get('m')).toBeUndefined();
  });
});

describeEachDatabase('vendor book cache', (kind) => {
  const server = useTestServer(kind);
  const get = (url: string) => server().app.inject({ url, headers: { host } });

  it('forgets "not a built-in textbook" after a while: a textbook seeded later is served', async () => {
    expect((await get('/vendor/v1/books/3.1012.9001/pdf')).statusCode).toBe(404);
    await server()
      .app.services.db.insertInto('builtin_textbooks')
      .values({
        id: 9001,
        title: 'Seeded later',
        page_naming: 'number',
        categories: JSON.stringify([]),
        year: 2025,
        semester: 1,
        grade: 3,
        subject: 'math',
        type: 'math',
        section: 3,
        owner: 1012,
        book: 9001,
        first_page: 1,
        num_pages: 2,
        page_margin_left: 0,
        has_background: false,
      })
      .execute();
    (server().clock as ManualClock).advance(DEMO_MISS_TTL_MS + 1);
    const res = await get('/vendor/v1/books/3.1012.9001/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-dotink-demo']).toBe('true');
  });
});
