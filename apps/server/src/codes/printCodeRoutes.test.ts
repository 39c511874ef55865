/**
 * Code pages for the board's own prints (`GET /board/v1/paper/ncode`, scope `print`): any
 * signed-in account, not only ACTIVE teachers, within a daily quota; a server without code data
 * says printing with the pattern is not set up instead of issuing codes nobody can print.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ManualClock, manualClock, readIssuedCodes } from '@dotink/ncode';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { host } from '../../test/inkFixtures';
import { issueAccessToken } from '../../test/oauth';
import { vendorDirWithCodePages } from '../../test/sharedData';
import { grantedScopes } from '../identity/scopes';

const BOARD_SCOPES = 'openid profile storage edu.read print';

// More installed pages than the shared 15 (placeholders: these tests issue, never print).
const vendor = vendorDirWithCodePages([[3, 27, 1069, 1, 100]]);
afterAll(() => vendor.remove());

describeEachDatabase('code pages for board prints', (kind) => {
  const clock: ManualClock = manualClock(Date.UTC(2026, 10, 25, 22, 0, 0));
  const server = useTestServer(kind, {
    clock,
    env: {
      NCODE_DATA_DIR: vendor.dir,
      CODE_START: '3.27.1068.1',
      PRINT_CODES_PER_DAY: '5',
      // tokens carry oidc-provider's wall-clock expiry and are checked at this test's clock, which
      // stands at a fixed day: a long lifetime keeps them valid there whenever the test runs
      OIDC_ACCESS_TOKEN_TTL: String(10 * 365 * 24 * 3600),
    },
  });
  const app = () => server().app;
  const get = (url: string, headers: Record<string, string>) =>
    app().inject({ url, headers: { host, ...headers } });
  let n = 0;
  /** A signed-up board user (a teacher not yet approved) with the scopes the board asks for. */
  const boardUser = async () => {
    n += 1;
    const account = await app().services.accounts.createTeacher({
      username: `board-${n}-${kind}@example.org`,
      name: `Board user ${n}`,
      status: 'PENDING_ACTIVE',
      isSchoolAdmin: false,
      schoolId: null,
    });
    const scope = grantedScopes(BOARD_SCOPES, {
      kind: 'teacher',
      status: 'PENDING_ACTIVE',
      isSchoolAdmin: false,
    });
    const token = await issueAccessToken(app(), account.id, scope.join(' '));
    return { account, scope, headers: { authorization: `Bearer ${token}` } };
  };

  it('issues code pages to a signed-up board user who is not an approved teacher', async () => {
    const user = await boardUser();
    expect(user.scope).toContain('print');
    expect(user.scope).not.toContain('edu.read');
    const res = await get('/board/v1/paper/ncode?qty=2&width=230&height=317', user.headers);
    expect(res.statusCode).toBe(200);
    expect(readIssuedCodes(res.json()).map((c) => c.page.page)).toEqual([1, 2]);
    expect(res.json()[0].url).toBe('http://localhost:3000/ncode_data/s3-o27-b1068/s3-o27-b1068-p1.code.gz');
    // students may print for themselves too
    const student = await app().services.accounts.createStudent({ name: 'Pupil' });
    const studentScope = grantedScopes(BOARD_SCOPES, {
      kind: 'student',
      status: 'ACTIVE',
      isSchoolAdmin: false,
    });
    const token = await issueAccessToken(app(), student.id, studentScope.join(' '));
    const asStudent = await get('/board/v1/paper/ncode?qty=1&width=230&height=317', {
      authorization: `Bearer ${token}`,
    });
    expect(asStudent.statusCode).toBe(200);
  });

  it('keeps each account to its daily quota (429 naming it), which starts again the next UTC day', async () => {
    const user = await boardUser();
    expect((await get('/board/v1/paper/ncode?qty=3&width=230&height=317', user.headers)).statusCode).toBe(
      200,
    );
    const over = await get('/board/v1/paper/ncode?qty=3&width=230&height=317', user.headers);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      ok: false,
      message:
        'Daily print limit reached: 3 of 5 code pages used today; 3 more asked (the limit resets at 00:00 UTC)',
      data: null,
    });
    expect((await get('/board/v1/paper/ncode?qty=2&width=230&height=317', user.headers)).statusCode).toBe(
      200,
    );
    // another account has its own quota
    const other = await boardUser();
    expect((await get('/board/v1/paper/ncode?qty=5&width=230&height=317', other.headers)).statusCode).toBe(
      200,
    );
    clock.advance(2 * 3600_000); // past midnight UTC
    expect((await get('/board/v1/paper/ncode?qty=5&width=230&height=317', user.headers)).statusCode).toBe(
      200,
    );
  });

  it('answers 401 without a token, 403 without the print scope, 400 for bad quantities', async () => {
    expect((await get('/board/v1/paper/ncode?qty=1&width=1&height=1', {})).statusCode).toBe(401);
    const user = await boardUser();
    const token = await issueAccessToken(app(), user.account.id, 'openid profile');
    const denied = await get('/board/v1/paper/ncode?qty=1&width=1&height=1', {
      authorization: `Bearer ${token}`,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Forbidden: needs print');
    const bad = await get('/board/v1/paper/ncode?qty=0&width=1&height=1', user.headers);
    expect(bad.statusCode).toBe(400);
  });
});

describeEachDatabase('board prints on a server without code data', (kind) => {
  const empty = mkdtempSync(join(tmpdir(), 'dotink-no-ncode-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));
  const server = useTestServer(kind, { env: { NCODE_DATA_DIR: empty } });

  it('answers 503 "not set up" without naming files and without using up codes', async () => {
    const app = server().app;
    const account = await app.services.accounts.createStudent({ name: 'Pupil' });
    const token = await issueAccessToken(app, account.id, 'openid print');
    const res = await app.inject({
      url: '/board/v1/paper/ncode?qty=1&width=230&height=317',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      ok: false,
      message: 'Printing with the Ncode pattern is not set up on this server',
      data: null,
    });
    expect(res.body).not.toContain('.code.gz');
    const issued = await app.services.db.selectFrom('code_issues').select('id').execute();
    expect(issued).toEqual([]);
  });
});
