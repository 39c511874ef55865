/**
 * The bytes under the bounded PDF reader: a memory account against its ceiling, the file read
 * through a counted callback and a small block cache, windows parsed with growing size, and the
 * cross-reference entry types its sections answer.
 */
import { damaged, Incomplete, Lexer, PdfReadError, type PdfValue } from './pdfSyntax';

/** Random access to the file: at most `length` bytes from `offset` (fewer only at its end). */
export type ReadRange = (offset: number, length: number) => Promise<Uint8Array>;

const BLOCK = 16 * 1024;
const CACHED_BLOCKS = 64;
/** Largest single object (a dictionary, an array) parsed from the file. */
export const MAX_OBJECT_BYTES = 1024 * 1024;
const MAX_READS = 50_000;

/** Where an object is: free, at a file offset, or the `index`-th of an object stream. */
export type Entry =
  | { kind: 'free' }
  | { kind: 'at'; offset: number }
  | { kind: 'in'; stream: number; index: number };

export interface Section {
  entry(num: number): Promise<Entry | undefined>;
}

/** Bytes held against the ceiling. */
export class Memory {
  held = 0;
  peak = 0;
  /** Frees something cached (answers false when nothing is left to free). */
  reclaim: () => boolean = () => false;
  constructor(readonly ceiling: number) {}
  take(n: number, what: string): void {
    while (this.held + n > this.ceiling && this.reclaim());
    if (this.held + n > this.ceiling)
      throw new PdfReadError('tooCostly', `${what} needs more than the reader's ${this.ceiling} bytes`);
    this.held += n;
    this.peak = Math.max(this.peak, this.held);
  }
  give(n: number): void {
    this.held -= n;
  }
}

/** The file's bytes through a counted callback and a small block cache. */
export class Bytes {
  private readonly blocks = new Map<number, Uint8Array>();
  reads = 0;
  bytesRead = 0;
  largestRead = 0;
  constructor(
    readonly size: number,
    private readonly source: ReadRange,
    readonly memory: Memory,
  ) {
    // Cached blocks give way to anything that needs the room (a window, a decoded stream).
    memory.reclaim = () => this.evictOne();
  }

  private async fetch(offset: number, length: number): Promise<Uint8Array> {
    if (++this.reads > MAX_READS) throw new PdfReadError('tooCostly', 'too many reads for one check');
    const got = await this.source(offset, length);
    this.bytesRead += got.length;
    this.largestRead = Math.max(this.largestRead, length);
    return got.length > length ? got.subarray(0, length) : got;
  }

  /** Drops the least recently used block; false when none is cached. */
  private evictOne(): boolean {
    const oldest = this.blocks.entries().next().value as [number, Uint8Array] | undefined;
    if (!oldest) return false;
    this.blocks.delete(oldest[0]);
    this.memory.give(oldest[1].length);
    return true;
  }

  private async block(index: number): Promise<Uint8Array> {
    const cached = this.blocks.get(index);
    if (cached) {
      this.blocks.delete(index);
      this.blocks.set(index, cached);
      return cached;
    }
    if (this.blocks.size >= CACHED_BLOCKS) this.evictOne();
    this.memory.take(BLOCK, 'a block');
    const start = index * BLOCK;
    const bytes = await this.fetch(start, Math.min(BLOCK, this.size - start)).catch((error: unknown) => {
      this.memory.give(BLOCK);
      throw error;
    });
    this.memory.give(BLOCK - bytes.length);
    this.blocks.set(index, bytes);
    return bytes;
  }

  /**
   * Runs `use` over `length` bytes from `offset` (clamped to the file), held only meanwhile.
   * Small windows come from cached blocks, large ones straight from the source.
   */
  async with<T>(offset: number, length: number, use: (bytes: Uint8Array) => T): Promise<T> {
    const from = Math.max(0, Math.min(offset, this.size));
    const n = Math.max(0, Math.min(length, this.size - from));
    this.memory.take(n, 'a window');
    try {
      let bytes: Uint8Array;
      if (n > 4 * BLOCK) bytes = await this.fetch(from, n);
      else {
        bytes = new Uint8Array(n);
        for (let at = from; at < from + n; ) {
          const index = Math.floor(at / BLOCK);
          const block = await this.block(index);
          const inBlock = at - index * BLOCK;
          const take = Math.min(block.length - inBlock, from + n - at);
          if (take <= 0) break;
          bytes.set(block.subarray(inBlock, inBlock + take), at - from);
          at += take;
        }
      }
      return use(bytes);
    } finally {
      this.memory.give(n);
    }
  }

  /** Parses from `offset` with a growing window until the value fits. */
  async parse<T>(offset: number, parse: (lexer: Lexer) => T): Promise<T> {
    if (offset < 0 || offset >= this.size) throw damaged(`offset ${offset} is outside the file`);
    for (let size = 4096; ; size *= 4) {
      const n = Math.min(size, MAX_OBJECT_BYTES);
      try {
        return await this.with(offset, n, (bytes) =>
          parse(new Lexer(bytes, offset, offset + bytes.length >= this.size)),
        );
      } catch (error) {
        if (!(error instanceof Incomplete)) throw error;
        if (n >= MAX_OBJECT_BYTES) throw new PdfReadError('tooCostly', 'an object over 1 MiB');
      }
    }
  }
}

export const isInt = (v: PdfValue | undefined): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0;
