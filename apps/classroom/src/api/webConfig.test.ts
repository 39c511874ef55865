import { webConfigSchema } from '@dotink/contracts/webConfig';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readWebConfig } from './webConfig';

describe('the web config read on the sign-in page', () => {
  it('accepts exactly what the contract accepts, and reads the same value', () => {
    const answers = fc.oneof(
      fc.record({ upstreamName: fc.oneof(fc.string(), fc.constant(null)) }),
      fc.record({ upstreamName: fc.anything() }, { requiredKeys: [] }),
      fc.anything(),
    );
    fc.assert(
      fc.property(answers, (json) => {
        const schema = webConfigSchema.safeParse(json);
        const read = readWebConfig(json);
        expect(read !== undefined).toBe(schema.success);
        if (schema.success) expect(read).toEqual(schema.data);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the server’s two answers', () => {
    expect(readWebConfig({ upstreamName: null })).toEqual({ upstreamName: null });
    expect(readWebConfig({ upstreamName: 'Google' })).toEqual({ upstreamName: 'Google' });
    expect(readWebConfig({})).toBeUndefined();
    expect(readWebConfig([])).toBeUndefined();
  });
});
