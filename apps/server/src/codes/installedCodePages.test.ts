/**
 * Issue 26 item 10: the server issues only the code pages whose data is installed, so a default
 * start (CODE_START 0.27.667.1) on a fresh database with the shared vendor copy (only
 * 3.27.1068 p0–p15) prints with the pattern; the start banner says how many pages are left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageAddress, pageId, readIssuedCodes } from '@dotink/ncode';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { host } from '../../test/inkFixtures';
import { teacherWithToken } from '../../test/oauth';
import { sharedNcodeDir } from '../../test/sharedData';
import { CodeMessage } from './codeRoutes';
import { readCodePointer } from './codeStore';
import { codePagesBanner, FEW_CODE_PAGES, installedCodePages } from './installedCodePages';

const empty = mkdtempSync(join(tmpdir(), 'dotink-no-codes-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('installed code pages', () => {
  it('lists the shared copy’s pages 1–15 of 3.27.1068 (page 0 is never issued)', async () => {
    const pages = await installedCodePages(sharedNcodeDir);
    expect(pages.map(pageId)).toEqual(Array.from({ length: 15 }, (_, i) => `3.27.1068.${i + 1}`));
    expect(await installedCodePages(empty)).toEqual([]);
  });

  it('says in the banner how many are left, warns when few, says printing is off when none', () => {
    const pages = Array.from({ length: 15 }, (_, i) => pageAddress(3, 27, 1068, i + 1));
    const banner = codePagesBanner(pages, pageAddress(3, 27, 1068, 6)).join('\n');
    expect(banner).toContain('10 printable code pages left (of 15 installed)');
    expect(banner).toContain(`WARNING: fewer than ${FEW_CODE_PAGES} code pages left`);
    expect(codePagesBanner([], pageAddress(0, 27, 667, 1)).join('\n')).toContain(
      'printing with the pattern is off',
    );
  });
});

describeEachDatabase('default start with the shared vendor copy', (kind) => {
  const server = useTestServer(kind, { env: { NCODE_DATA_DIR: sharedNcodeDir } });
  const get = (url: string, headers: Record<string, string>) =>
    server().app.inject({ url, headers: { host, ...headers } });

  it('issues the installed pages from a fresh database, then refuses with 409 when they are used up', async () => {
    const { headers } = await teacherWithToken(server().app);
    const first = await get('/edu/v1/paper/ncode?qty=4&width=230&height=317', headers);
    expect(first.statusCode).toBe(200);
    expect(readIssuedCodes(first.json()).map((c) => pageId(c.page))).toEqual([
      '3.27.1068.1',
      '3.27.1068.2',
      '3.27.1068.3',
      '3.27.1068.4',
    ]);
    // Every issued page's code file is served.
    for (const item of first.json() as { url: string }[]) {
      const file = await server().app.inject({ url: new URL(item.url).pathname, headers: { host } });
      expect(file.statusCode).toBe(200);
    }
    expect(pageId(await readCodePointer(server().app.services.db))).toBe('3.27.1068.5');
    const rest = await get('/edu/v1/paper/ncode?qty=11&width=230&height=317', headers);
    expect(
      readIssuedCodes(rest.json())
        .map((c) => pageId(c.page))
        .at(-1),
    ).toBe('3.27.1068.15');
    const over = await get('/edu/v1/paper/ncode?qty=1&width=230&height=317', headers);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^Code space exhausted: .*0 installed code pages left/);
  });
});

describeEachDatabase('start without code pages', (kind) => {
  const server = useTestServer(kind, { env: { NCODE_DATA_DIR: empty } });

  it('hands out no code page: 503 "not set up"', async () => {
    const { headers } = await teacherWithToken(server().app);
    const res = await server().app.inject({
      url: '/edu/v1/paper/ncode?qty=1&width=230&height=317',
      headers: { host, ...headers },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false, message: CodeMessage.notSetUp, data: null });
    const none = await server().app.services.db.selectFrom('code_issues').select('id').execute();
    expect(none).toEqual([]);
  });
});
