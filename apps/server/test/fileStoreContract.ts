/**
 * The behaviour every {@link FileStore} promises its callers (the material upload, the board
 * sync, the downloads), run against each store: `describeFileStore('disk', …)` and
 * `describeFileStore('s3', …)`. A store's harness also says what staged content is left over
 * (temporary files or objects), so the suite can check that failures leave nothing behind.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileStore } from '../src/files/fileStore';

/** A store under test and a look at its staging area. */
export interface FileStoreHarness {
  readonly store: FileStore;
  /** Names of staged (uncommitted) contents still stored: empty when nothing was left behind. */
  leftovers(): Promise<string[]>;
  /**
   * Makes the storage under the store fail (disk: its directory replaced by a file; S3: the
   * server stopped) until `end()` brings it back at the same place. The store object is kept.
   */
  outage(): Promise<{ end(): Promise<void> }>;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (s: string) => new TextEncoder().encode(s);

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const p of stream) parts.push(p);
  return new Uint8Array(Buffer.concat(parts));
}

/** `total` bytes of a deterministic pattern, in `chunk`-byte pieces, hashed as they go. */
function patterned(total: number, chunk: number) {
  const hash = createHash('sha256');
  async function* chunks() {
    for (let at = 0; at < total; at += chunk) {
      const piece = new Uint8Array(Math.min(chunk, total - at));
      for (let i = 0; i < piece.length; i += 1) piece[i] = (at + i) * 31 + ((at + i) >> 11);
      hash.update(piece);
      yield piece;
    }
  }
  return { chunks, digest: () => hash.digest('hex') };
}

/** Runs the FileStore contract on the store `setup` gives (called once, in the suite). */
export function describeFileStore(name: string, setup: () => FileStoreHarness): void {
  describe(`FileStore contract: ${name}`, () => {
    const h = () => setup();

    it('addresses content by its sha256 and gives it back by get and stream', async () => {
      const { store } = h();
      const bytes = text('%PDF-1.7 hello');
      const stored = await store.put(bytes);
      expect(stored).toEqual({ sha256: sha(bytes), sizeBytes: bytes.byteLength });
      expect(await store.has(stored.sha256)).toBe(true);
      expect(await store.get(stored.sha256)).toEqual(bytes);
      const stream = await store.stream(stored.sha256);
      expect(stream).toBeDefined();
      expect(await readAll(stream!)).toEqual(bytes);
    });

    it('stores a chunked stream the same as the joined bytes, once', async () => {
      const { store } = h();
      async function* chunks() {
        yield new Uint8Array([1, 2, 3]);
        yield new Uint8Array([4, 5]);
      }
      const fromStream = await store.put(chunks());
      const fromBytes = await store.put(new Uint8Array([1, 2, 3, 4, 5]));
      expect(fromStream).toEqual(fromBytes);
    });

    it('stores empty content under the empty sha256', async () => {
      const { store } = h();
      const stored = await store.put(new Uint8Array(0));
      expect(stored).toEqual({ sha256: sha(new Uint8Array(0)), sizeBytes: 0 });
      expect(await store.get(stored.sha256)).toEqual(new Uint8Array(0));
    });

    it('stages content aside: readable, not addressable until committed, gone when discarded', async () => {
      const harness = h();
      const { store } = harness;
      const bytes = text(`%PDF-1.7 staged once ${name}`);
      const staged = await store.stage(bytes);
      expect(staged.sha256).toBe(sha(bytes));
      expect(await store.has(staged.sha256)).toBe(false);
      expect(await staged.head(4)).toEqual(bytes.subarray(0, 4));
      expect(await staged.head(10_000)).toEqual(bytes);
      expect(await staged.bytes()).toEqual(bytes);
      expect(await staged.commit()).toEqual({ sha256: sha(bytes), sizeBytes: bytes.byteLength });
      expect(await staged.commit()).toEqual({ sha256: sha(bytes), sizeBytes: bytes.byteLength });
      await staged.discard();
      expect(await store.get(staged.sha256)).toEqual(bytes);

      const other = await store.stage(text(`never kept ${name}`));
      await other.discard();
      await other.discard();
      expect(await store.has(other.sha256)).toBe(false);
      expect(await harness.leftovers()).toEqual([]);
    });

    it('reads any byte range of a staged file, clamped to its end (property)', async () => {
      const { store } = h();
      const bytes = new Uint8Array(40_000).map((_, i) => (i * 7 + 3) % 251);
      const staged = await store.stage(bytes);
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: -5, max: 41_000 }),
          fc.integer({ min: -5, max: 20_000 }),
          async (at, n) => {
            const from = Math.min(Math.max(0, at), bytes.length);
            const want = bytes.subarray(from, from + Math.max(0, n));
            expect(await staged.range(at, n)).toEqual(want);
          },
        ),
        { numRuns: 20 },
      );
      await staged.discard();
    });

    it('commits the same content staged twice at once to one readable address', async () => {
      const harness = h();
      const bytes = text(`same twice ${name}`);
      const [a, b] = await Promise.all([harness.store.stage(bytes), harness.store.stage(bytes)]);
      const [ca, cb] = await Promise.all([a.commit(), b.commit()]);
      expect(ca).toEqual(cb);
      expect(await harness.store.get(ca.sha256)).toEqual(bytes);
      expect(await harness.leftovers()).toEqual([]);
    });

    it('interrupted upload: rethrows the stream’s own error and leaves nothing, not even a part', async () => {
      const harness = h();
      const refusal = new Error('too large');
      const partial = new Uint8Array([1, 2, 3]);
      async function* failing() {
        yield partial;
        throw refusal;
      }
      await expect(harness.store.stage(failing())).rejects.toBe(refusal);
      expect(await harness.store.has(sha(partial))).toBe(false);
      expect(await harness.leftovers()).toEqual([]);
    });

    it('interrupted large upload (past the first multipart part): nothing under any key', async () => {
      const harness = h();
      const refusal = new Error('connection reset');
      const source = patterned(7 * 1024 * 1024, 256 * 1024);
      async function* failing() {
        yield* source.chunks();
        throw refusal;
      }
      await expect(harness.store.put(failing())).rejects.toBe(refusal);
      expect(await harness.store.has(source.digest())).toBe(false);
      expect(await harness.leftovers()).toEqual([]);
    });

    it('streams a 12 MiB file in and out unchanged', async () => {
      const { store } = h();
      const source = patterned(12 * 1024 * 1024, 64 * 1024);
      const stored = await store.put(source.chunks());
      expect(stored).toEqual({ sha256: source.digest(), sizeBytes: 12 * 1024 * 1024 });
      const out = createHash('sha256');
      let size = 0;
      for await (const part of (await store.stream(stored.sha256))!) {
        out.update(part as Uint8Array);
        size += (part as Uint8Array).byteLength;
      }
      expect({ sha256: out.digest('hex'), size }).toEqual({ sha256: stored.sha256, size: stored.sizeBytes });
    });

    it('answers a missing file as absent (undefined/false), a malformed address without looking', async () => {
      const { store } = h();
      const missing = sha(text(`never stored ${name}`));
      expect(await store.get(missing)).toBeUndefined();
      expect(await store.stream(missing)).toBeUndefined();
      expect(await store.has(missing)).toBe(false);
      expect(await store.has('../../etc/passwd')).toBe(false);
      expect(await store.get('../tmp/x')).toBeUndefined();
      expect(await store.stream('not-a-hash')).toBeUndefined();
      expect(await store.stream('A'.repeat(64))).toBeUndefined();
    });

    it('a failing store: every call rejects with the store’s error, never “absent”; works again when it returns', async () => {
      const harness = h();
      const { store } = harness;
      const kept = await store.put(text(`kept before the outage ${name}`));
      const missing = sha(text(`never stored, asked during the outage ${name}`));
      await store.check();
      const outage = await harness.outage();
      try {
        await expect(store.check()).rejects.toThrow();
        for (const address of [kept.sha256, missing]) {
          await expect(store.get(address)).rejects.toThrow();
          await expect(store.has(address)).rejects.toThrow();
          await expect(store.stream(address)).rejects.toThrow();
        }
        await expect(store.put(text(`put during the outage ${name}`))).rejects.toThrow();
        await expect(store.stage(text(`staged during the outage ${name}`))).rejects.toThrow();
      } finally {
        await outage.end();
      }
      await store.check();
      const after = text(`put after the outage ${name}`);
      const stored = await store.put(after);
      expect(await store.get(stored.sha256)).toEqual(after);
      expect(await store.has(sha(text(`put during the outage ${name}`)))).toBe(false);
      expect(await harness.leftovers()).toEqual([]);
    });

    it('round-trips any bytes (property)', async () => {
      const { store } = h();
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), async (bytes) => {
          const stored = await store.put(bytes);
          expect(stored.sha256).toBe(sha(bytes));
          expect(await store.get(stored.sha256)).toEqual(bytes);
        }),
        { numRuns: 25 },
      );
    });
  });
}
