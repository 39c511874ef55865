import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { diskFileStore } from './diskFileStore';

const root = mkdtempSync(join(tmpdir(), 'dotink-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const p of stream) parts.push(p);
  return new Uint8Array(Buffer.concat(parts));
}

describe('diskFileStore', () => {
  const store = diskFileStore(root);

  it('addresses content by its sha256 and gives it back by get and stream', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 hello');
    const stored = await store.put(bytes);
    expect(stored).toEqual({ sha256: sha(bytes), sizeBytes: bytes.byteLength });
    expect(await store.has(stored.sha256)).toBe(true);
    expect(await store.get(stored.sha256)).toEqual(bytes);
    const stream = await store.stream(stored.sha256);
    expect(stream).toBeDefined();
    expect(await readAll(stream!)).toEqual(bytes);
  });

  it('stores a chunked stream the same as the joined bytes, once', async () => {
    const a = new Uint8Array([1, 2, 3]);
    const b = new Uint8Array([4, 5]);
    async function* chunks() {
      yield a;
      yield b;
    }
    const fromStream = await store.put(chunks());
    const fromBytes = await store.put(new Uint8Array([1, 2, 3, 4, 5]));
    expect(fromStream).toEqual(fromBytes);
  });

  it('stages content aside: readable, not addressable until committed, gone when discarded', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 staged once');
    const staged = await store.stage(bytes);
    expect(staged.sha256).toBe(sha(bytes));
    expect(await store.has(staged.sha256)).toBe(false);
    expect(await staged.head(4)).toEqual(bytes.subarray(0, 4));
    expect(await staged.bytes()).toEqual(bytes);
    expect(await staged.commit()).toEqual({ sha256: sha(bytes), sizeBytes: bytes.byteLength });
    await staged.discard();
    expect(await store.get(staged.sha256)).toEqual(bytes);

    const other = await store.stage(new TextEncoder().encode('never kept'));
    await other.discard();
    expect(await store.has(other.sha256)).toBe(false);
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
  });

  it('removes a partly written file when the stream fails', async () => {
    async function* failing() {
      yield new Uint8Array([1, 2, 3]);
      throw new Error('too large');
    }
    await expect(store.stage(failing())).rejects.toThrow('too large');
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
  });

  it('answers undefined or false for unknown or malformed addresses', async () => {
    expect(await store.get('0'.repeat(64))).toBeUndefined();
    expect(await store.has('../../etc/passwd')).toBe(false);
    expect(await store.stream('not-a-hash')).toBeUndefined();
  });

  it('round-trips any bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), async (bytes) => {
        const stored = await store.put(bytes);
        expect(stored.sha256).toBe(sha(bytes));
        expect(await store.get(stored.sha256)).toEqual(bytes);
      }),
      { numRuns: 40 },
    );
  });
});
