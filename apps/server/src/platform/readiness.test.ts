import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness';

describe('Readiness', () => {
  it('names every failing check with its reason, and passes when all do', async () => {
    const readiness = new Readiness([
      { name: 'database', check: async () => undefined },
      {
        name: 'object store',
        check: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
        },
      },
    ]);
    expect(await readiness.report()).toEqual({
      ready: false,
      draining: false,
      checks: [
        { name: 'database', ok: true },
        { name: 'object store', ok: false, message: 'connect ECONNREFUSED 127.0.0.1:9000' },
      ],
    });
    const fine = new Readiness([{ name: 'database', check: async () => undefined }]);
    expect((await fine.report()).ready).toBe(true);
  });

  it('fails a check that does not answer in time', async () => {
    const readiness = new Readiness([{ name: 'database', check: () => new Promise(() => undefined) }], 20);
    expect((await readiness.report()).checks).toEqual([
      { name: 'database', ok: false, message: 'no answer within 20 ms' },
    ]);
  });

  it('tells its listeners once when draining starts, and is not ready from then on', async () => {
    const readiness = new Readiness([]);
    let told = 0;
    readiness.onDrain(() => told++);
    expect((await readiness.report()).ready).toBe(true);
    readiness.startDraining(1);
    readiness.startDraining(2);
    expect(told).toBe(1);
    expect(await readiness.report()).toEqual({ ready: false, draining: true, checks: [] });
  });
});
