import { describe, expect, it } from 'vitest';
import { announcedTooLarge, limitedChunks, MAX_UPLOAD_BODY_BYTES, uploadBudget } from './uploadLimits';

async function* chunksOf(sizes: number[]) {
  for (const n of sizes) yield new Uint8Array(n);
}

async function drain(chunks: AsyncIterable<Uint8Array>): Promise<number> {
  let size = 0;
  for await (const c of chunks) size += c.byteLength;
  return size;
}

/** The status and message of what `p` throws. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: { statusCode: number; message: string }) => ({ status: e.statusCode, message: e.message }),
  );

describe('upload limits while streaming', () => {
  it('passes a file within its limit through unchanged', async () => {
    expect(await drain(limitedChunks(chunksOf([4, 4, 2]), uploadBudget(10, 20)))).toBe(10);
  });

  it('refuses a file past its own limit with 413 at the chunk that passes it', async () => {
    let pulled = 0;
    async function* counted() {
      for await (const c of chunksOf([6, 6, 6, 6])) {
        pulled += 1;
        yield c;
      }
    }
    expect(await refusal(drain(limitedChunks(counted(), uploadBudget(10, 100))))).toEqual({
      status: 413,
      message: 'A file may be at most 200 MiB.',
    });
    expect(pulled).toBe(2);
  });

  it('refuses the file that takes the request past the total, each file within its own limit', async () => {
    const budget = uploadBudget(10, 15);
    expect(await drain(limitedChunks(chunksOf([8]), budget))).toBe(8);
    expect(await refusal(drain(limitedChunks(chunksOf([4, 4]), budget)))).toEqual({
      status: 413,
      message: 'The upload may be at most 400 MiB in all.',
    });
  });

  it('refuses an announced body over the total before it is read', () => {
    expect(announcedTooLarge(String(MAX_UPLOAD_BODY_BYTES + 1))).toBe(true);
    expect(announcedTooLarge(String(MAX_UPLOAD_BODY_BYTES))).toBe(false);
    expect(announcedTooLarge(undefined)).toBe(false);
    expect(announcedTooLarge('12abc')).toBe(false);
  });
});
