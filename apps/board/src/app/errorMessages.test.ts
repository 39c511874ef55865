import { describe, expect, it } from 'vitest';
import { errorMessage } from './errorMessages';

describe('failure messages', () => {
  it('names storage failures by kind, Dexie causes included, and anything else as unexpected', () => {
    expect(errorMessage(new DOMException('disk', 'QuotaExceededError')).key).toBe('storage.full');
    expect(errorMessage(Object.assign(new Error('x'), { name: 'UnknownError' })).key).toBe('storage.failed');
    const closed = Object.assign(new Error('MissingAPIError IndexedDB API missing'), {
      name: 'DatabaseClosedError',
    });
    expect(errorMessage(closed).key).toBe('storage.unavailable');
    expect(errorMessage(new TypeError('boom'))).toEqual({
      key: 'error.unexpected',
      params: { reason: 'boom' },
    });
    expect(errorMessage(new Error('a\n  b')).params).toEqual({ reason: 'a b' });
  });
});
