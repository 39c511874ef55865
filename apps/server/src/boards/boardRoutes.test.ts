import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_PUBLIC_URL, useTestServer } from '../../test/harness';
import { issueAccessToken, teacherWithToken } from '../../test/oauth';
import { BoardMessage, ifMatchVersion } from './boardRoutes';

/** Bytes that start like a zip (the .GRIDA container), with some content after. */
function gridaBytes(text: string): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from(text)]);
}

describeEachDatabase('boards API', (kind) => {
  const server = useTestServer(kind);
  const host = new URL(TEST_PUBLIC_URL).host;
  const put = (id: string, body: Buffer | string, headers: Record<string, string>, title = 'My board') =>
    server().app.inject({
      method: 'PUT',
      url: `/board/v1/boards/${id}?title=${encodeURIComponent(title)}`,
      headers: { host, 'content-type': 'application/octet-stream', ...headers },
      payload: body,
    });
  const get = (url: string, headers: Record<string, string>) =>
    server().app.inject({ url, headers: { host, ...headers } });
  const del = (id: string, headers: Record<string, string>) =>
    server().app.inject({ method: 'DELETE', url: `/board/v1/boards/${id}`, headers: { host, ...headers } });

  it('stores, lists, serves, replaces and deletes a board, with versions', async () => {
    const { headers } = await teacherWithToken(server().app);
    expect((await get('/board/v1/boards', headers)).json()).toEqual({
      ok: true,
      message: 'Success',
      data: { boards: [] },
    });

    const created = await put('b-1', gridaBytes('first'), headers, 'Maths 1');
    expect(created.statusCode).toBe(200);
    expect(created.headers.etag).toBe('"1"');
    expect(created.json().data).toMatchObject({
      id: 'b-1',
      title: 'Maths 1',
      version: 1,
      size: 9,
      deleted: false,
    });

    const file = await get('/board/v1/boards/b-1', headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers.etag).toBe('"1"');
    expect(decodeURIComponent(String(file.headers['x-board-title']))).toBe('Maths 1');
    expect(file.rawPayload.equals(gridaBytes('first'))).toBe(true);

    const replaced = await put('b-1', gridaBytes('second!'), { ...headers, 'if-match': '"1"' }, 'Maths 2');
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({ version: 2, title: 'Maths 2', size: 11 });
    expect((await get('/board/v1/boards/b-1', headers)).rawPayload.equals(gridaBytes('second!'))).toBe(true);

    const list = (await get('/board/v1/boards', headers)).json().data.boards;
    expect(list).toEqual([
      { id: 'b-1', title: 'Maths 2', version: 2, size: 11, deleted: false, updatedAt: expect.any(String) },
    ]);
    expect(Number.isNaN(Date.parse(list[0].updatedAt))).toBe(false);

    const deleted = await del('b-1', { ...headers, 'if-match': '2' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ version: 3, size: 0, deleted: true });
    expect((await get('/board/v1/boards/b-1', headers)).statusCode).toBe(404);
    expect((await get('/board/v1/boards', headers)).json().data.boards).toMatchObject([
      { id: 'b-1', version: 3, deleted: true },
    ]);
    expect((await del('b-1', headers)).statusCode).toBe(404);

    // a deleted board may be written anew (from 0, as a new board, or from its tombstone version)
    const revived = await put('b-1', gridaBytes('again'), headers);
    expect(revived.json().data).toMatchObject({ version: 4, deleted: false });
  });

  it('keeps no file of a refused write (409): the version is checked before the file is stored', async () => {
    const { headers } = await teacherWithToken(server().app);
    expect((await put('o-1', gridaBytes('kept'), headers)).statusCode).toBe(200);
    const refused = [gridaBytes('refused stale write'), gridaBytes('refused new board')];
    expect((await put('o-1', refused[0]!, { ...headers, 'if-match': '"5"' })).statusCode).toBe(409);
    expect((await put('o-1', refused[0]!, headers)).statusCode).toBe(409);
    expect((await put('o-2', refused[1]!, { ...headers, 'if-match': '"2"' })).statusCode).toBe(409);
    const { files } = server().app.services;
    for (const body of refused)
      expect(await files.has(createHash('sha256').update(body).digest('hex'))).toBe(false);
    expect(await files.has(createHash('sha256').update(gridaBytes('kept')).digest('hex'))).toBe(true);
  });

  it('answers 409 when the version is not the stored one', async () => {
    const { headers } = await teacherWithToken(server().app);
    expect((await put('c-1', gridaBytes('a'), headers)).statusCode).toBe(200);
    const again = await put('c-1', gridaBytes('b'), headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ok: false, message: BoardMessage.conflict(1), data: null });
    expect((await put('c-1', gridaBytes('b'), { ...headers, 'if-match': '7' })).statusCode).toBe(409);
    expect((await put('new-1', gridaBytes('b'), { ...headers, 'if-match': '3' })).statusCode).toBe(409);
    expect((await del('c-1', { ...headers, 'if-match': '9' })).statusCode).toBe(409);
    // the stored file is untouched
    expect((await get('/board/v1/boards/c-1', headers)).rawPayload.equals(gridaBytes('a'))).toBe(true);
  });

  it('rejects what is not a board file, bad ids, titles and versions (400)', async () => {
    const { headers } = await teacherWithToken(server().app);
    const notZip = await put('d-1', '{"json":true}', headers);
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toEqual({ ok: false, message: BoardMessage.notBoardFile, data: null });
    expect((await put('bad.id', gridaBytes('x'), headers)).statusCode).toBe(400);
    expect((await put('d-1', gridaBytes('x'), headers, '   ')).statusCode).toBe(400);
    const badVersion = await put('d-1', gridaBytes('x'), { ...headers, 'if-match': 'abc' });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().message).toBe(BoardMessage.badVersion);
    expect((await get('/board/v1/boards', headers)).json().data.boards).toEqual([]);
  });

  it('answers 401 without a token and 403 without the storage scope', async () => {
    expect((await get('/board/v1/boards', {})).statusCode).toBe(401);
    expect((await put('e-1', gridaBytes('x'), {})).statusCode).toBe(401);
    expect((await get('/board/v1/boards/e-1', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const { account } = await teacherWithToken(server().app);
    const profileOnly = await issueAccessToken(server().app, account.id, 'openid profile');
    const denied = await get('/board/v1/boards', { authorization: `Bearer ${profileOnly}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Forbidden: needs storage');
    // a teacher not yet approved holds no storage scope
    const pending = await teacherWithToken(server().app, { status: 'PENDING_ACTIVE' });
    expect((await get('/board/v1/boards', pending.headers)).statusCode).toBe(403);
  });

  it('answers 404 with a message when the board is listed but its file is gone from the store', async () => {
    const { headers } = await teacherWithToken(server().app);
    const body = gridaBytes('lost');
    expect((await put('lost-file', body, headers)).statusCode).toBe(200);
    const sha = createHash('sha256').update(body).digest('hex');
    await rm(join(server().config.filesDir, sha.slice(0, 2), sha.slice(2, 4), sha));
    const answer = await get('/board/v1/boards/lost-file', headers);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ ok: false, message: BoardMessage.fileMissing, data: null });
  });

  it("keeps each account's boards its own: another account's board is not found", async () => {
    const owner = await teacherWithToken(server().app);
    const student = await server().app.services.accounts.createStudent({ id: 'sboard000001', name: 'Pupil' });
    const pupil = { authorization: `Bearer ${await issueAccessToken(server().app, student.id, 'storage')}` };
    expect((await put('shared-id', gridaBytes('teacher'), owner.headers)).statusCode).toBe(200);
    expect((await get('/board/v1/boards/shared-id', pupil)).statusCode).toBe(404);
    expect((await del('shared-id', pupil)).statusCode).toBe(404);
    expect((await get('/board/v1/boards', pupil)).json().data.boards).toEqual([]);
    // the same id is a different board for the pupil
    expect((await put('shared-id', gridaBytes('pupil'), pupil)).json().data.version).toBe(1);
    expect(
      (await get('/board/v1/boards/shared-id', owner.headers)).rawPayload.equals(gridaBytes('teacher')),
    ).toBe(true);
  });
});

it('reads If-Match versions', () => {
  expect(ifMatchVersion(undefined)).toBeUndefined();
  expect(ifMatchVersion('3')).toBe(3);
  expect(ifMatchVersion('"12"')).toBe(12);
  expect(ifMatchVersion('W/"4"')).toBe(4);
  expect(() => ifMatchVersion('*')).toThrow(BoardMessage.badVersion);
});
