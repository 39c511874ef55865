/**
 * One page's strokes in drawing order, for the ink store, kept column-wise: the records, and
 * beside them typed arrays of each slot's state, writer and owner (interned to numbers). Queries
 * and filters scan the typed arrays and copy references, never touching the stroke records, so
 * a 1,000-stroke page is listed in microseconds even when the records are out of cache.
 */
import type { Stroke, StrokeStatus } from './types';

/** A slot in the page order: the ink store's entry for one stroke (or its tombstone). */
export interface PageSlot {
  /**
   * A hint of the position in the page order, owned by {@link PageStrokes}. Insertions only move
   * slots towards the end, so the true position is at or after the hint; it is checked (one
   * comparison) and repaired on use instead of renumbering every slot after each insertion.
   */
  index: number;
  stroke: Stroke;
  removed: boolean;
}

const TOMBSTONE = 0;
const NORMAL = 1;
const ERASED = 2;

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

/** A page's slots in drawing order, with their state, writer and owner columns. */
export class PageStrokes<S extends PageSlot> {
  private slots: S[] = [];
  private state = new Uint8Array(16);
  private writer = new Int32Array(16);
  private owner = new Int32Array(16);

  constructor(private readonly interner: Interner) {}

  get length(): number {
    return this.slots.length;
  }

  /** Adds slots at the end, or at position `at` (the slots after them move down). */
  insert(added: readonly S[], at = this.slots.length): void {
    const n = this.slots.length;
    const k = added.length;
    if (k === 0) return;
    while (n + k > this.state.length) this.grow();
    if (at >= n) {
      at = n;
      this.slots.push(...added);
    } else {
      this.state.copyWithin(at + k, at, n);
      this.writer.copyWithin(at + k, at, n);
      this.owner.copyWithin(at + k, at, n);
      this.slots.splice(at, 0, ...added);
    }
    for (let j = 0; j < k; j++) {
      added[j]!.index = at + j;
      this.update(added[j]!);
    }
  }

  /** The slot's position in the page order (repairing its hint), or -1 if it is not here. */
  position(slot: S): number {
    const slots = this.slots;
    if (slots[slot.index] === slot) return slot.index;
    let i = slots.indexOf(slot, slot.index);
    if (i < 0) i = slots.indexOf(slot);
    if (i >= 0) slot.index = i;
    return i;
  }

  /** Refreshes the columns from the slot's record and removed flag. */
  update(slot: S): void {
    const i = this.position(slot);
    if (i < 0) return;
    const s = slot.stroke;
    this.state[i] = slot.removed ? TOMBSTONE : s.status === 'normal' ? NORMAL : ERASED;
    this.writer[i] = this.interner.id(s.writerId);
    this.owner[i] = this.interner.id(s.surfaceOwnerId);
  }

  /** The slot at a position. */
  at(i: number): S | undefined {
    return this.slots[i];
  }

  /** The records of the matching slots, in order (tombstones never match). */
  list(f: SlotFilter): Stroke[] {
    const out: Stroke[] = [];
    const { state, writer, owner, slots } = this;
    const want = f.status === 'normal' ? NORMAL : f.status === 'erased' ? ERASED : -1;
    const ws = f.writers;
    const os = f.owners;
    for (let i = 0; i < slots.length; i++) {
      const st = state[i]!;
      if (st === TOMBSTONE || (want >= 0 && st !== want)) continue;
      if (ws && !ws.has(writer[i]!)) continue;
      if (os && !os.has(owner[i]!)) continue;
      out.push(slots[i]!.stroke);
    }
    return out;
  }

  /** Drops tombstones, calling `dropped` for each. */
  compact(dropped: (slot: S) => void): void {
    let w = 0;
    const n = this.slots.length;
    for (let i = 0; i < n; i++) {
      const slot = this.slots[i]!;
      if (this.state[i] === TOMBSTONE) {
        dropped(slot);
        continue;
      }
      if (w !== i) {
        this.slots[w] = slot;
        this.state[w] = this.state[i]!;
        this.writer[w] = this.writer[i]!;
        this.owner[w] = this.owner[i]!;
        slot.index = w;
      }
      w++;
    }
    this.slots.length = w;
  }

  private grow(): void {
    const cap = this.state.length * 2;
    const state = new Uint8Array(cap);
    const writer = new Int32Array(cap);
    const owner = new Int32Array(cap);
    state.set(this.state);
    writer.set(this.writer);
    owner.set(this.owner);
    this.state = state;
    this.writer = writer;
    this.owner = owner;
  }
}
