import { describe, expect, it } from 'vitest';
import type { Api } from '../api/apiLayer';
import { lazyApi } from './services';

describe('the API loaded on its first call', () => {
  it('loads its module once, on the first call, and passes the arguments and the answer through', async () => {
    let loads = 0;
    const api = lazyApi(async () => {
      loads++;
      return {
        teacher: async () => ({ id: 't1' }),
        fileBytes: async (uri: string) => new TextEncoder().encode(uri),
      } as unknown as Api;
    });
    expect(loads).toBe(0);
    expect(await api.teacher()).toEqual({ id: 't1' });
    expect(await api.fileBytes('x')).toEqual(new TextEncoder().encode('x'));
    expect(loads).toBe(1);
    // not a thenable: awaiting the object itself does not call anything
    expect(await Promise.resolve(api)).toBe(api);
  });

  it('a module that cannot be loaded fails the call as a network failure; the next call loads again', async () => {
    let loads = 0;
    const api = lazyApi(async () => {
      loads++;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { teacher: async () => ({ id: 't1' }) } as unknown as Api;
    });
    await expect(api.teacher()).rejects.toMatchObject({ name: 'ApiError', status: 0, key: 'error.network' });
    expect(await api.teacher()).toEqual({ id: 't1' });
    expect(loads).toBe(2);
  });
});
