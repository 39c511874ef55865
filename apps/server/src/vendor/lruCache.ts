/**
 * A small least-recently-used cache bounded by entries and by bytes, with an optional expiry per
 * entry (read against the injected clock): what the vendor routes keep of generated demo books,
 * so that requests for ever new book ids cannot grow the server's memory.
 */
import type { Clock } from '@dotink/ncode';

export interface LruOptions<V> {
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** The size of a value in bytes (0 when unknown yet, e.g. a pending promise). */
  readonly sizeOf: (value: V) => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAtMs: number;
}

export class LruCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private bytes = 0;

  constructor(
    private readonly options: LruOptions<V>,
    private readonly clock: Clock,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** The value of `key` (now the most recently used), or undefined when absent or expired. */
  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAtMs <= this.clock.nowMs()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Stores `value` for `ttlMs` (forever by default), dropping the least recently used beyond the bounds. */
  set(key: K, value: V, ttlMs = Number.POSITIVE_INFINITY): void {
    this.delete(key);
    const bytes = this.options.sizeOf(value);
    this.entries.set(key, { value, bytes, expiresAtMs: this.clock.nowMs() + ttlMs });
    this.bytes += bytes;
    this.evict();
  }

  /** Updates the size of `key`'s value (after a pending value resolved). */
  resize(key: K): void {
    const e = this.entries.get(key);
    if (!e) return;
    const bytes = this.options.sizeOf(e.value);
    this.bytes += bytes - e.bytes;
    e.bytes = bytes;
    this.evict();
  }

  delete(key: K): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.bytes;
    this.entries.delete(key);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(key);
    }
  }
}
