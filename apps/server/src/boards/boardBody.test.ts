import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { boardFileChunks } from './boardBody';

async function* chunks(...parts: number[][]) {
  for (const p of parts) yield new Uint8Array(p);
}
const zipHead = [0x50, 0x4b, 3, 4];

async function drain(source: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const c of source) n += c.byteLength;
  return n;
}

describe('boardFileChunks (the streamed board body)', () => {
  it('passes a zip on chunk by chunk, its head split over chunks', async () => {
    expect(await drain(boardFileChunks(chunks([0x50, 0x4b], [3, 4, 9], [1, 2]), 100, 'not a board'))).toBe(7);
  });

  it('stops with 413 as soon as the stream passes the limit, before reading the rest', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled += 1;
        yield new Uint8Array(zipHead.concat(Array(60).fill(0)));
      }
    }
    const error = await drain(boardFileChunks(endless(), 200, 'not a board')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(413);
    expect(pulled).toBe(4);
  });

  it('refuses with 400 a body that does not start as a zip, or is shorter than its head', async () => {
    for (const body of [chunks([1, 2, 3, 4, 5]), chunks([0x50, 0x4b]), chunks()]) {
      const error = await drain(boardFileChunks(body, 100, 'not a board')).catch((e: unknown) => e);
      expect((error as ApiError).statusCode).toBe(400);
      expect((error as ApiError).message).toBe('not a board');
    }
  });
});
