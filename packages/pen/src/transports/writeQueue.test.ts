import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkBytesForMtu, createWriteQueue, sliceForWrite } from './writeQueue';

describe('sliceForWrite', () => {
  it('slices keep every byte, in order, none larger than the chunk size', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 64 }), (bytes, size) => {
        const slices = sliceForWrite(bytes, size);
        expect(slices.every((s) => s.length <= size)).toBe(true);
        expect(Uint8Array.from(slices.flatMap((s) => [...s]))).toEqual(bytes);
      }),
    );
  });

  it('writes a frame whole when the chunk size is infinite', () => {
    expect(sliceForWrite(new Uint8Array(500), Number.POSITIVE_INFINITY)).toHaveLength(1);
  });

  it('derives the slice size from the ATT MTU', () => {
    expect(chunkBytesForMtu(23)).toBe(20);
    expect(chunkBytesForMtu(517)).toBe(514);
  });
});

describe('createWriteQueue', () => {
  it('keeps one write in flight and writes slices in order', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const written: number[][] = [];
    const q = createWriteQueue({
      chunkBytes: 3,
      writeChunk: async (chunk) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await Promise.resolve();
        await Promise.resolve();
        written.push([...chunk]);
        inFlight--;
      },
    });
    await Promise.all([
      q.write(Uint8Array.of(1, 2, 3, 4)),
      q.write(Uint8Array.of(5, 6)),
      q.write(Uint8Array.of(7)),
    ]);
    expect(maxInFlight).toBe(1);
    expect(written).toEqual([[1, 2, 3], [4], [5, 6], [7]]);
    expect(q.pending).toBe(0);
  });

  it('a failed write rejects only itself; the next one still goes out', async () => {
    const written: number[] = [];
    const q = createWriteQueue({
      writeChunk: async (chunk) => {
        if (chunk[0] === 0xee) throw new Error('GATT error');
        written.push(chunk[0]!);
      },
    });
    const bad = q.write(Uint8Array.of(0xee));
    const good = q.write(Uint8Array.of(1));
    await expect(bad).rejects.toThrow('GATT error');
    await good;
    expect(written).toEqual([1]);
  });

  it('refuses writes after close', async () => {
    const q = createWriteQueue({ writeChunk: async () => undefined });
    q.close(new Error('link lost'));
    await expect(q.write(Uint8Array.of(1))).rejects.toThrow('link lost');
  });
});
