/**
 * One page's strokes in drawing order, for the ink store, kept column-wise: the records, and
 * beside them typed arrays of each slot's state, writer and owner (interned to numbers). Queries
 * and filters scan the typed arrays and copy references, never touching the stroke records, so
 * a 1,000-stroke page is listed in microseconds even when the records are out of cache.
 *
 * The order is cut into chunks of at most {@link CHUNK_MAX} slots, so placing a stroke in the
 * middle of a 10,000-stroke page (the pieces of a partially erased stroke) moves the slots of
 * one chunk, not of the whole page: an insertion costs O(CHUNK_MAX + chunks), a listing O(n).
 */
import type { Stroke, StrokeStatus } from './types';

/**
 * Most slots in one chunk. A chunk that would outgrow it is cut into chunks about half full, and
 * compaction leaves them half full, so the next insertions fit without cutting again.
 */
export const CHUNK_MAX = 128;

/** A run of slots in the page order with their columns (opaque outside this module). */
export interface SlotChunk {
  readonly slots: PageSlot[];
}

/** A slot in the page order: the ink store's entry for one stroke (or its tombstone). */
export interface PageSlot {
  /** The chunk holding the slot, owned by {@link PageStrokes} (`undefined` until inserted). */
  chunk: SlotChunk | undefined;
  /** The slot's position within its chunk, owned by {@link PageStrokes}. */
  index: number;
  stroke: Stroke;
  removed: boolean;
}

const TOMBSTONE = 0;
const NORMAL = 1;
const ERASED = 2;

interface Chunk extends SlotChunk {
  /** The page order holding the chunk. */
  readonly list: object;
  state: Uint8Array;
  writer: Int32Array;
  owner: Int32Array;
}

/** Which slots a listing returns: status wanted and allowed writer/owner ids (`undefined` = all). */
export interface SlotFilter {
  readonly status: StrokeStatus | 'all';
  readonly writers: ReadonlySet<number> | undefined;
  readonly owners: ReadonlySet<number> | undefined;
}

/** Interns strings (writer and owner ids) to small numbers. */
export class Interner {
  private readonly ids = new Map<string, number>();

  /** The number for a string, assigned on first use. */
  id(s: string): number {
    let n = this.ids.get(s);
    if (n === undefined) {
      n = this.ids.size;
      this.ids.set(s, n);
    }
    return n;
  }

  /** The numbers of these strings; strings never interned cannot match anything. */
  idSet(list: readonly string[]): Set<number> {
    const out = new Set<number>();
    for (const s of list) {
      const n = this.ids.get(s);
      if (n !== undefined) out.add(n);
    }
    return out;
  }
}

/** Typed-array capacity for `n` slots (n ≤ chunkMax): a power of two from 16, or `chunkMax`. */
export function chunkCapacity(n: number, chunkMax: number = CHUNK_MAX): number {
  let cap = 16;
  while (cap < n) cap *= 2;
  return Math.min(cap, Math.max(n, chunkMax));
}

/**
 * Sizes of the chunks `n` slots are cut into: as even as can be, each at most `chunkMax` and, when
 * there are several, at least half of it (rounded down).
 */
export function chunkSizes(n: number, chunkMax: number = CHUNK_MAX): number[] {
  const count = Math.max(1, Math.floor(n / Math.max(1, Math.floor(chunkMax / 2))), Math.ceil(n / chunkMax));
  const base = Math.floor(n / count);
  const extra = n - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

function newChunk(list: object, slots: PageSlot[], capacity: number): Chunk {
  const cap = Math.max(capacity, slots.length);
  return {
    list,
    slots,
    state: new Uint8Array(cap),
    writer: new Int32Array(cap),
    owner: new Int32Array(cap),
  };
}

/** A page's slots in drawing order, with their state, writer and owner columns. */
export class PageStrokes<S extends PageSlot> {
  private chunks: Chunk[] = [];
  private count = 0;

  /** `chunkMax`: most slots per chunk (small values only in tests, to cut chunks often). */
  constructor(
    private readonly interner: Interner,
    private readonly chunkMax: number = CHUNK_MAX,
  ) {
    if (!(Number.isInteger(chunkMax) && chunkMax >= 1))
      throw new RangeError('chunkMax must be a positive integer');
  }

  /** Number of slots (tombstones included). */
  get length(): number {
    return this.count;
  }

  /** Adds slots right after `after` (a slot of this page), or at the end when it is `undefined`. */
  insertAfter(after: S | undefined, added: readonly S[]): void {
    if (added.length === 0) return;
    const owner = after?.chunk as Chunk | undefined;
    if (after && (!owner || owner.slots[after.index] !== after)) {
      throw new Error('insertAfter: the anchor slot is not in this page order');
    }
    let chunk = owner ?? this.chunks[this.chunks.length - 1];
    if (!chunk) {
      chunk = newChunk(this, [], chunkCapacity(added.length, this.chunkMax));
      this.chunks.push(chunk);
    }
    this.insertInto(chunk, after ? after.index + 1 : chunk.slots.length, added);
  }

  /** True when the slot is in this page order (tombstones included). */
  holds(slot: S): boolean {
    const chunk = slot.chunk as Chunk | undefined;
    return chunk !== undefined && chunk.list === this && chunk.slots[slot.index] === slot;
  }

  /** The slot's position in the page order, or -1 if it is not here. */
  position(slot: S): number {
    const chunk = slot.chunk as Chunk | undefined;
    if (!chunk || chunk.slots[slot.index] !== slot) return -1;
    let before = 0;
    for (const c of this.chunks) {
      if (c === chunk) return before + slot.index;
      before += c.slots.length;
    }
    return -1;
  }

  /** Refreshes the columns from the slot's record and removed flag. */
  update(slot: S): void {
    const chunk = slot.chunk as Chunk | undefined;
    if (!chunk || chunk.slots[slot.index] !== slot) return;
    this.fill(chunk, slot.index, slot);
  }

  /** The slot at a position. */
  at(i: number): S | undefined {
    if (i < 0) return undefined;
    for (const c of this.chunks) {
      if (i < c.slots.length) return c.slots[i] as S;
      i -= c.slots.length;
    }
    return undefined;
  }

  /** The records of the matching slots, in order (tombstones never match). */
  list(f: SlotFilter): Stroke[] {
    const out: Stroke[] = [];
    const want = f.status === 'normal' ? NORMAL : f.status === 'erased' ? ERASED : -1;
    const ws = f.writers;
    const os = f.owners;
    for (const { state, writer, owner, slots } of this.chunks) {
      for (let i = 0; i < slots.length; i++) {
        const st = state[i]!;
        if (st === TOMBSTONE || (want >= 0 && st !== want)) continue;
        if (ws && !ws.has(writer[i]!)) continue;
        if (os && !os.has(owner[i]!)) continue;
        out.push(slots[i]!.stroke);
      }
    }
    return out;
  }

  /** Drops tombstones, calling `dropped` for each. */
  compact(dropped: (slot: S) => void): void {
    const kept: PageSlot[] = [];
    for (const c of this.chunks) {
      for (let i = 0; i < c.slots.length; i++) {
        const slot = c.slots[i]!;
        if (c.state[i] === TOMBSTONE) {
          slot.chunk = undefined;
          dropped(slot as S);
        } else kept.push(slot);
      }
    }
    this.chunks = [];
    this.count = 0;
    if (kept.length > 0) {
      this.chunks.push(newChunk(this, [], chunkCapacity(kept.length, this.chunkMax)));
      this.insertInto(this.chunks[0]!, 0, kept);
    }
  }

  /** Puts `added` at position `at` of `chunk`, cutting the chunk if it grows past chunkMax. */
  private insertInto(chunk: Chunk, at: number, added: readonly PageSlot[]): void {
    const n = chunk.slots.length;
    const k = added.length;
    this.count += k;
    if (n + k <= this.chunkMax) {
      if (n + k > chunk.state.length) this.grow(chunk, n + k);
      if (at === n) chunk.slots.push(...added);
      else {
        chunk.state.copyWithin(at + k, at, n);
        chunk.writer.copyWithin(at + k, at, n);
        chunk.owner.copyWithin(at + k, at, n);
        chunk.slots.splice(at, 0, ...added);
      }
      for (let j = 0; j < k; j++) {
        const slot = added[j]!;
        slot.chunk = chunk;
        slot.index = at + j;
        this.fill(chunk, at + j, slot);
      }
      for (let i = at + k; i < n + k; i++) chunk.slots[i]!.index = i;
      return;
    }
    const all = chunk.slots.slice(0, at).concat(added, chunk.slots.slice(at));
    const cut: Chunk[] = [];
    let from = 0;
    for (const size of chunkSizes(all.length, this.chunkMax)) {
      const c = newChunk(this, all.slice(from, from + size), this.chunkMax);
      for (let i = 0; i < size; i++) {
        const slot = c.slots[i]!;
        slot.chunk = c;
        slot.index = i;
        this.fill(c, i, slot);
      }
      cut.push(c);
      from += size;
    }
    this.chunks.splice(this.chunks.indexOf(chunk), 1, ...cut);
  }

  private fill(chunk: Chunk, i: number, slot: PageSlot): void {
    const s = slot.stroke;
    chunk.state[i] = slot.removed ? TOMBSTONE : s.status === 'normal' ? NORMAL : ERASED;
    chunk.writer[i] = this.interner.id(s.writerId);
    chunk.owner[i] = this.interner.id(s.surfaceOwnerId);
  }

  private grow(chunk: Chunk, n: number): void {
    const cap = chunkCapacity(n, this.chunkMax);
    const state = new Uint8Array(cap);
    const writer = new Int32Array(cap);
    const owner = new Int32Array(cap);
    state.set(chunk.state);
    writer.set(chunk.writer);
    owner.set(chunk.owner);
    chunk.state = state;
    chunk.writer = writer;
    chunk.owner = owner;
  }
}
