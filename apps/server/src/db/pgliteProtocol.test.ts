import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from './pgliteProtocol';

describe('errors across the PGlite worker boundary', () => {
  it('keeps the message, the name and the properties a caller checks', () => {
    const error = Object.assign(new Error('duplicate key value'), { code: '23505', constraint: 'ink_pk' });
    const back = fromWire(toWire(error), new Error('call site'));
    expect(back.message).toBe('duplicate key value');
    expect(back).toMatchObject({ code: '23505', constraint: 'ink_pk', name: 'Error' });
  });

  it('says the cause when the error itself has no message (Node 24 wraps a zlib failure so)', () => {
    const error = Object.assign(new TypeError(undefined, { cause: new Error('incorrect header check') }), {
      code: 'Z_DATA_ERROR',
    });
    expect(toWire(error).message).toBe('incorrect header check');
    const bare = Object.assign(new TypeError(''), { code: 'Z_DATA_ERROR' });
    expect(toWire(bare).message).toBe('TypeError Z_DATA_ERROR');
  });
});
