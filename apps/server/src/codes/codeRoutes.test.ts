import { gunzipSync } from 'node:zlib';
import { pageId, readIssuedCodes } from '@dotink/ncode';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, testClients, useTestServer } from '../../test/harness';
import { host } from '../../test/inkFixtures';
import { issueAccessToken, teacherWithToken, tokenRequest } from '../../test/oauth';
import { vendorDirWithCodePages } from '../../test/sharedData';
import { readCodePointer } from './codeStore';

const appClient = {
  clientId: 'test-paperhub',
  clientSecret: 'test-paperhub-secret-0123456789',
  redirectUris: ['http://localhost:5173/unused'],
  grantTypes: ['client_credentials'],
  name: 'Test paper hub',
};

// Issuing hands out only installed code pages: placeholders for the books these tests use.
const vendor = vendorDirWithCodePages([
  [0, 27, 667, 1, 4095],
  [0, 27, 668, 1, 3],
  [0, 27, 16383, 4095, 4095],
]);
afterAll(() => vendor.remove());

describeEachDatabase('code issuing', (kind) => {
  const server = useTestServer(kind, {
    env: {
      NCODE_DATA_DIR: vendor.dir,
      OAUTH_CLIENTS: JSON.stringify([testClients.web, testClients.spa, appClient]),
    },
  });
  const app = () => server().app;
  const get = (url: string, headers: Record<string, string>) =>
    app().inject({ url, headers: { host, ...headers } });
  const setPointer = (s: number, o: number, b: number, p: number) =>
    app()
      .services.db.updateTable('code_pointer')
      .set({ section: s, owner: o, book: b, page: p })
      .where('id', '=', 1)
      .execute();

  it('issues consecutive pages from 0.27.667.1 with their code file URLs, and logs the block', async () => {
    const { headers, account } = await teacherWithToken(app());
    const res = await get('/edu/v1/paper/ncode?qty=3&width=230&height=317', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      [1, 2, 3].map((p) => ({
        s: 0,
        o: 27,
        b: 667,
        p,
        url: `http://localhost:3000/ncode_data/s0-o27-b667/s0-o27-b667-p${p}.code.gz`,
      })),
    );
    expect(readIssuedCodes(res.json()).map((c) => pageId(c.page))).toEqual([
      '0.27.667.1',
      '0.27.667.2',
      '0.27.667.3',
    ]);
    const next = await get('/edu/v1/paper/ncode?qty=1&width=230&height=317', headers);
    expect(next.json()[0].p).toBe(4);
    expect(pageId(await readCodePointer(app().services.db))).toBe('0.27.667.5');
    const log = await app()
      .services.db.selectFrom('code_issues')
      .select(['account_id', 'qty', 'width_mm', 'height_mm', 'first_page', 'last_page'])
      .orderBy('id')
      .execute();
    expect(log[0]).toEqual({
      account_id: account.id,
      qty: 3,
      width_mm: 230,
      height_mm: 317,
      first_page: '0.27.667.1',
      last_page: '0.27.667.3',
    });
  });

  it('gives 100 concurrent requests distinct pages, consecutive within each', async () => {
    const { headers } = await teacherWithToken(app());
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        get(`/edu/v1/paper/ncode?qty=${1 + (i % 3)}&width=230&height=317`, headers),
      ),
    );
    const pages: string[] = [];
    for (const res of results) {
      expect(res.statusCode).toBe(200);
      const items = readIssuedCodes(res.json());
      items.forEach((c, k) => {
        if (k > 0) expect(c.page.page).toBe(items[k - 1]!.page.page + 1);
      });
      pages.push(...items.map((c) => pageId(c.page)));
    }
    expect(pages).toHaveLength(Array.from({ length: 100 }, (_, i) => 1 + (i % 3)).reduce((a, b) => a + b, 0));
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('keeps a block inside one book and refuses when the code space is exhausted', async () => {
    const { headers } = await teacherWithToken(app());
    await setPointer(0, 27, 667, 4094);
    const moved = await get('/edu/v1/paper/ncode?qty=3&width=100&height=100', headers);
    expect(readIssuedCodes(moved.json()).map((c) => pageId(c.page))).toEqual([
      '0.27.668.1',
      '0.27.668.2',
      '0.27.668.3',
    ]);
    await setPointer(0, 27, 16383, 4095);
    const last = await get('/edu/v1/paper/ncode?qty=1&width=100&height=100', headers);
    expect(readIssuedCodes(last.json()).map((c) => pageId(c.page))).toEqual(['0.27.16383.4095']);
    // after it only the 15 shared pages of 3.27.1068 are installed
    const refused = await get('/edu/v1/paper/ncode?qty=16&width=100&height=100', headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      ok: false,
      message:
        'Code space exhausted: 16 consecutive code pages asked, 15 installed code pages left and no such run among them (add code pages to the vendor data)',
      data: null,
    });
    await setPointer(0, 27, 700, 1);
  });

  it('answers 400 for bad quantities and sizes, 401 and 403 for callers who may not', async () => {
    const { headers } = await teacherWithToken(app());
    const cases: [string, string][] = [
      ['qty=501&width=1&height=1', 'querystring/qty: too many pages 501 (at most 500 per request)'],
      ['qty=0&width=1&height=1', 'querystring/qty: Too small: expected number to be >=1'],
      ['qty=1&width=0&height=1', 'querystring/width: Too small: expected number to be >=1'],
      ['qty=1&width=10', 'querystring/height: Invalid input: expected string, received undefined'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/edu/v1/paper/ncode?${query}`, headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    // Whole numbers are digits only: no hex, spaces, exponents, signs or fractions (issue 27 item 7).
    const digitsOnly = 'must be a whole number (digits only)';
    const strict: [string, string][] = [
      ['qty=0x10&width=1&height=1', `querystring/qty: ${digitsOnly}`],
      ['qty=%201%20&width=1&height=1', `querystring/qty: ${digitsOnly}`],
      ['qty=1e2&width=1&height=1', `querystring/qty: ${digitsOnly}`],
      ['qty=%2B1&width=1&height=1', `querystring/qty: ${digitsOnly}`],
      ['qty=1&width=1.0&height=1', `querystring/width: ${digitsOnly}`],
      ['qty=1&width=1&height=0x10', `querystring/height: ${digitsOnly}`],
    ];
    for (const [query, message] of strict) {
      for (const path of ['/edu/v1/paper/ncode', '/board/v1/paper/ncode']) {
        const res = await get(`${path}?${query}`, headers);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().message, `${path}?${query}`).toBe(message);
      }
    }
    for (const query of [
      'section=0x3&owner=27&book=1068&page=1',
      'section=3&owner=27&book=1068&page=%201%20',
    ]) {
      const res = await get(`/edu/v1/paper/ncode_image?${query}&width=210&height=297`, headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(
        /^querystring\/(section|page): must be a whole number \(digits only\)$/,
      );
    }
    expect((await get('/edu/v1/paper/ncode?qty=1&width=1&height=1', {})).statusCode).toBe(401);
    const pending = await teacherWithToken(app(), { status: 'PENDING_ACTIVE' });
    const denied = await get('/edu/v1/paper/ncode?qty=1&width=1&height=1', pending.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Forbidden: needs edu.read');
    const student = await app().services.accounts.createStudent({ name: 'Pupil' });
    const studentToken = await issueAccessToken(app(), student.id, 'profile storage edu.read');
    const asStudent = await get('/edu/v1/paper/ncode?qty=1&width=1&height=1', {
      authorization: `Bearer ${studentToken}`,
    });
    expect(asStudent.statusCode).toBe(403);
  });

  it('issues to an app with a client-credentials token at /paperhub/v1/paper/ncode', async () => {
    const token = await tokenRequest(app(), {
      grant_type: 'client_credentials',
      client_id: appClient.clientId,
      client_secret: appClient.clientSecret,
    });
    expect(token.status).toBe(200);
    const headers = { authorization: `Bearer ${token.body.access_token}` };
    const res = await get('/paperhub/v1/paper/ncode?qty=2&width=230&height=317', headers);
    expect(res.statusCode).toBe(200);
    expect(readIssuedCodes(res.json())).toHaveLength(2);
    const log = await app()
      .services.db.selectFrom('code_issues')
      .select(['account_id', 'client_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ account_id: null, client_id: appClient.clientId });
    // A user's token is not an app credential; no token is 401.
    const teacher = await teacherWithToken(app());
    const asUser = await get('/paperhub/v1/paper/ncode?qty=1&width=1&height=1', teacher.headers);
    expect(asUser.statusCode).toBe(401);
    expect(asUser.headers['www-authenticate']).toBe('Bearer realm="dotink", error="invalid_token"');
    expect((await get('/paperhub/v1/paper/ncode?qty=1&width=1&height=1', {})).json()).toEqual({
      ok: false,
      message: 'Unauthorized',
      data: null,
    });
    const bad = await get('/paperhub/v1/paper/ncode?qty=0&width=1&height=1', headers);
    expect(bad.statusCode).toBe(400);
  });

  it('answers the print code image of an installed code page, cut to the paper', async () => {
    const { headers } = await teacherWithToken(app());
    const res = await get(
      '/edu/v1/paper/ncode_image?section=3&owner=27&book=1068&page=1&width=20&height=10',
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\r\n');
    expect(lines.pop()).toBe('');
    // 20 mm = 8.44 nu → 60 symbols; 10 mm → 30 rows. Fact sheet §4.2: row 3 starts `ndulrdrnruurrd`.
    expect(lines).toHaveLength(30);
    expect(lines.every((l) => l.length === 60)).toBe(true);
    expect(lines[0]).toBe('n'.repeat(60));
    expect(lines[3]!.slice(0, 14)).toBe('ndulrdrnruurrd');
    const file = gunzipSync(
      (await app().inject({ url: '/ncode_data/s3-o27-b1068/s3-o27-b1068-p1.code.gz', headers: { host } }))
        .rawPayload,
    ).toString('latin1');
    expect(file.split('\r\n')[3]!.slice(0, 60)).toBe(lines[3]);
  });

  it('answers 404 naming the code file when a code page is not installed', async () => {
    const { headers } = await teacherWithToken(app());
    const res = await get(
      '/edu/v1/paper/ncode_image?section=0&owner=27&book=669&page=1&width=20&height=10',
      headers,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      ok: false,
      message:
        'The Ncode code page 0.27.669.1 is not available: add code/s0-o27-b669/s0-o27-b669-p1.code.gz to the vendor data directory (NCODE_DATA_DIR)',
      data: null,
    });
    expect(
      (await get('/edu/v1/paper/ncode_image?section=0&owner=27&book=667&page=1&width=20&height=10', {}))
        .statusCode,
    ).toBe(401);
    const bad = await get(
      '/edu/v1/paper/ncode_image?section=0&owner=27&book=667&page=-1&width=20&height=10',
      headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('querystring/page: Too small: expected number to be >=0');
    const pending = await teacherWithToken(app(), { status: 'PENDING_ACTIVE' });
    const denied = await get(
      '/edu/v1/paper/ncode_image?section=3&owner=27&book=1068&page=1&width=20&height=10',
      pending.headers,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Forbidden: needs edu.read');
  });
});
