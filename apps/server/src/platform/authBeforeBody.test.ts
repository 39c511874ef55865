/**
 * Issue 11, item 1: a protected route checks the token before it reads the body. A client
 * announcing 200 MB without a (valid) token gets its 401 after sending one megabyte: the server
 * neither waits for nor keeps the rest.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { teacherWithToken } from '../../test/oauth';

/** Sends the head and one chunk of a body announced as `announcedBytes`; answers the status that arrives. */
function statusBeforeBodyEnds(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  announcedBytes: number,
): Promise<number | 'no answer'> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method,
      path,
      headers: { ...headers, 'content-length': String(announcedBytes) },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('no answer');
    }, 3000);
    req.on('response', (res) => {
      clearTimeout(timer);
      res.resume();
      req.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') resolve('no answer');
      else reject(error);
    });
    req.write(Buffer.alloc(1024 * 1024, 0x50));
  });
}

describeEachDatabase('the token is checked before the body is read', (kind) => {
  const server = useTestServer(kind);
  let port = 0;
  beforeAll(async () => {
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    port = (server().app.server.address() as AddressInfo).port;
  });

  // Each body within the route's limit, so only the token can refuse it early.
  it.each([
    ['PUT', '/board/v1/boards/big?title=Big', 'application/octet-stream', 200 * 1024 * 1024],
    ['POST', '/inkstore/v1/data', 'application/json', 60 * 1024 * 1024],
    [
      'POST',
      '/edu/v1/curriculum/1/textbook/1/attachment',
      'multipart/form-data; boundary=x',
      150 * 1024 * 1024,
    ],
  ])('%s %s: 401 without a token before the body is sent', async (method, path, type, big) => {
    expect(await statusBeforeBodyEnds(port, method, path, { 'content-type': type }, big)).toBe(401);
    const badToken = { 'content-type': type, authorization: 'Bearer not-a-token' };
    expect(await statusBeforeBodyEnds(port, method, path, badToken, big)).toBe(401);
  });

  it('still takes a board body over HTTP with a valid token (streamed to the file store)', async () => {
    const { headers } = await teacherWithToken(server().app);
    const body = Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(300_000, 7)]);
    const res = await fetch(`http://127.0.0.1:${port}/board/v1/boards/streamed?title=Streamed`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream', 'if-match': '"0"' },
      body,
    });
    const answer = (await res.json()) as { message: string; data: { size: number } };
    expect(res.status, answer.message).toBe(200);
    expect((answer as { data: { size: number } }).data.size).toBe(body.length);
  });
});
