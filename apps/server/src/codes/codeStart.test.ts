import { pageAddress } from '@dotink/ncode';
import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_PUBLIC_URL, useTestServer } from '../../test/harness';
import { teacherWithToken } from '../../test/oauth';
import { sharedNcodeDir } from '../../test/sharedData';
import { ConfigError, DEFAULT_CODE_START, loadConfig } from '../config';
import { applyCodeStart } from './codeStart';
import { readCodePointer } from './codeStore';

it('reads CODE_START as a code page, 0.27.667.1 by default', () => {
  expect(loadConfig({}).codeStart).toEqual(DEFAULT_CODE_START);
  expect(DEFAULT_CODE_START).toEqual(pageAddress(0, 27, 667, 1));
  expect(loadConfig({ CODE_START: '3.27.1068.1' }).codeStart).toEqual(pageAddress(3, 27, 1068, 1));
  for (const bad of ['3.27.1068', 'a.b.c.d', '-1.27.1.1', '3.27.1068.1.2']) {
    expect(() => loadConfig({ CODE_START: bad }), bad).toThrow(ConfigError);
  }
  expect(() => loadConfig({ CODE_START: 'x' })).toThrow(/CODE_START: must be a code page/);
});

describeEachDatabase('CODE_START', (kind) => {
  const server = useTestServer(kind, { env: { CODE_START: '3.27.1068.1', NCODE_DATA_DIR: sharedNcodeDir } });

  it('issues from CODE_START, and leaves the pointer alone once codes were issued', async () => {
    const { app } = server();
    expect(await readCodePointer(app.services.db)).toEqual(pageAddress(3, 27, 1068, 1));
    const { headers } = await teacherWithToken(app);
    const res = await app.inject({
      url: '/edu/v1/paper/ncode?qty=2&width=210&height=297',
      headers: { host: new URL(TEST_PUBLIC_URL).host, ...headers },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().map((c: { s: number; o: number; b: number; p: number }) => [c.s, c.o, c.b, c.p]),
    ).toEqual([
      [3, 27, 1068, 1],
      [3, 27, 1068, 2],
    ]);
    // a restart with another start changes nothing now
    expect(await applyCodeStart(app.services.db, DEFAULT_CODE_START)).toBe(false);
    expect(await readCodePointer(app.services.db)).toEqual(pageAddress(3, 27, 1068, 3));
  });
});
