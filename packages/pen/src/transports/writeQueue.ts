/**
 * Serialised, chunked writes. Chrome refuses a second GATT operation while one is in progress
 * ("GATT operation already in progress"), so every write waits for the one before it, and a
 * frame larger than the link's payload size goes out as consecutive slices (the pen reassembles
 * by framing, so any split is safe; pen-protocol.md §1.2).
 */

/** Default slice size: ATT_MTU 23 − 3 bytes of ATT header. */
export const DEFAULT_WRITE_CHUNK_BYTES = 20;

/** The slice size for a negotiated ATT MTU (the ATT header takes 3 bytes). */
export function chunkBytesForMtu(mtu: number): number {
  return Math.max(1, Math.floor(mtu) - 3);
}

/** Splits `bytes` into slices of at most `chunkBytes` (whole when `chunkBytes` is not finite). */
export function sliceForWrite(bytes: Uint8Array, chunkBytes: number): Uint8Array[] {
  if (!Number.isFinite(chunkBytes) || bytes.length <= chunkBytes) return [bytes];
  const size = Math.max(1, Math.floor(chunkBytes));
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** A queue that performs one low-level write at a time. */
export interface WriteQueue {
  /** Queues `bytes` (sliced); resolves when the last slice is written. */
  write(bytes: Uint8Array): Promise<void>;
  /** Writes queued or in flight. */
  readonly pending: number;
  /** Fails every queued write with `reason` and refuses new ones. */
  close(reason: Error): void;
}

export interface WriteQueueOptions {
  /** Performs one low-level write (e.g. `writeValueWithResponse`). */
  readonly writeChunk: (chunk: Uint8Array) => Promise<void>;
  /** Slice size in bytes; `Infinity` writes each frame whole. Default 20. */
  readonly chunkBytes?: number;
}

/** A write queue over one low-level write function. */
export function createWriteQueue(options: WriteQueueOptions): WriteQueue {
  const chunkBytes = options.chunkBytes ?? DEFAULT_WRITE_CHUNK_BYTES;
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  let closed: Error | undefined;

  return {
    get pending() {
      return pending;
    },
    write(bytes) {
      if (closed) return Promise.reject(closed);
      // Copy: the caller may reuse its buffer before the queued write runs.
      const slices = sliceForWrite(bytes.slice(), chunkBytes);
      pending++;
      const run = tail.then(async () => {
        try {
          for (const s of slices) {
            if (closed) throw closed;
            await options.writeChunk(s);
          }
        } finally {
          pending--;
        }
      });
      // The chain continues whether or not this write failed.
      tail = run.catch(() => undefined);
      return run;
    },
    close(reason) {
      closed ??= reason;
    },
  };
}
