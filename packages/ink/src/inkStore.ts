/**
 * The ink store: completed strokes indexed per page in drawing (insertion) order, the realtime
 * strokes being written, a spatial index per page, a version counter per page and subscriptions
 * per page.
 *
 * Removing a stroke leaves a tombstone (the record and its place in the page order) so undo can
 * put it back where it was and sync can tell what went away; `compact` drops tombstones.
 * Strokes marked erased (status 'erased') are not removed: they stay, hidden from the default
 * queries. Change notifications are collected per page and delivered once per operation (or per
 * `batch`), only to that page's subscribers: nothing ever scans every stroke.
 */
import { type Logger, type PageId, pageId, silentLogger } from '@dotink/ncode';
import type { InkEdit } from './inkEdit';
import type { LiveStroke } from './liveStroke';
import { CHUNK_MAX, Interner, type PageSlot, PageStrokes, type SlotFilter } from './pageStrokes';
import { DEFAULT_CELL_NU, GridIndex } from './spatialIndex';
import type { BoxNu, Stroke, StrokeKey, StrokeStatus } from './types';

/** Which strokes a query returns. Lists are allow-lists; `undefined` means everyone. */
export interface StrokeFilter {
  /** Visible writers (writerId). */
  readonly writers?: readonly string[];
  /** Visible surface owners (surfaceOwnerId). */
  readonly owners?: readonly string[];
  /** `'normal'` (the default) for visible strokes, `'erased'`, or `'all'`. */
  readonly status?: StrokeStatus | 'all';
}

/** What changed on one page, delivered to its subscribers after each operation. */
export interface PageChange {
  readonly pageId: PageId;
  /** The page's version after the change. */
  readonly version: number;
  readonly added: readonly StrokeKey[];
  /** Replaced records (e.g. erased), same key. */
  readonly changed: readonly StrokeKey[];
  readonly removed: readonly StrokeKey[];
  /** Realtime strokes that started or ended. */
  readonly realtime: readonly StrokeKey[];
}

export type PageListener = (change: PageChange) => void;

export interface InkStoreOptions {
  /** Spatial index cell side, nu. */
  readonly cellNu?: number;
  /** Where listener failures are reported. */
  readonly logger?: Logger;
  /** Most strokes per chunk of a page's drawing order (default {@link CHUNK_MAX}; tests use few). */
  readonly chunkSlots?: number;
}

interface Entry extends PageSlot {
  readonly page: PageState;
}

type ChangeKind = 'added' | 'changed' | 'removed';

interface PageState {
  readonly id: PageId;
  readonly list: PageStrokes<Entry>;
  readonly index: GridIndex<Entry>;
  readonly listeners: Set<PageListener>;
  readonly realtime: Map<StrokeKey, LiveStroke>;
  version: number;
  normal: readonly Stroke[] | undefined;
  pending: Map<StrokeKey, ChangeKind> | undefined;
  pendingRealtime: Set<StrokeKey> | undefined;
}

const NONE: readonly Stroke[] = Object.freeze([]);
const NORMAL_ONLY: SlotFilter = { status: 'normal', writers: undefined, owners: undefined };

/** Completed and realtime strokes, per page. */
export class InkStore {
  private readonly byKey = new Map<StrokeKey, Entry>();
  private readonly pages = new Map<PageId, PageState>();
  private readonly realtimePage = new Map<StrokeKey, PageState>();
  private readonly anyListeners = new Set<PageListener>();
  private readonly dirty = new Set<PageState>();
  private readonly interner = new Interner();
  private readonly cellNu: number;
  private readonly chunkSlots: number;
  private readonly logger: Logger;
  private depth = 0;
  private liveCount = 0;

  constructor(options: InkStoreOptions = {}) {
    this.cellNu = options.cellNu ?? DEFAULT_CELL_NU;
    this.chunkSlots = options.chunkSlots ?? CHUNK_MAX;
    this.logger = options.logger ?? silentLogger;
  }

  /** Number of strokes (not tombstones) in the store. */
  get size(): number {
    return this.liveCount;
  }

  /** The stroke with this key, unless removed. */
  get(key: StrokeKey | string): Stroke | undefined {
    const e = this.byKey.get(key as StrokeKey);
    return e && !e.removed ? e.stroke : undefined;
  }

  has(key: StrokeKey | string): boolean {
    return this.get(key) !== undefined;
  }

  /** The last record of a removed stroke (its tombstone), if it was not compacted away. */
  tombstone(key: StrokeKey | string): Stroke | undefined {
    const e = this.byKey.get(key as StrokeKey);
    return e?.removed ? e.stroke : undefined;
  }

  /** Pages that hold or held strokes. */
  pageIds(): PageId[] {
    return [...this.pages.keys()];
  }

  /** The page's version: it grows with every change to the page (0 = never touched). */
  version(page: PageId): number {
    return this.pages.get(page)?.version ?? 0;
  }

  /**
   * A page's strokes in drawing order. Without a filter this is the cached list of visible
   * (normal) strokes, the same array until the page changes.
   */
  strokesOnPage(page: PageId, filter?: StrokeFilter): readonly Stroke[] {
    const p = this.pages.get(page);
    if (!p) return NONE;
    if (!filter || (!filter.writers && !filter.owners && (filter.status ?? 'normal') === 'normal')) {
      p.normal ??= Object.freeze(p.list.list(NORMAL_ONLY));
      return p.normal;
    }
    return p.list.list({
      status: filter.status ?? 'normal',
      writers: filter.writers && this.interner.idSet(filter.writers),
      owners: filter.owners && this.interner.idSet(filter.owners),
    });
  }

  /** Strokes of any status on the page whose bounding box overlaps `box` (spatial index). */
  strokesInBox(page: PageId, box: BoxNu): Stroke[] {
    const p = this.pages.get(page);
    if (!p) return [];
    return p.index.query(box).map((e) => e.stroke);
  }

  /** Realtime strokes being written on the page. */
  realtimeOnPage(page: PageId): LiveStroke[] {
    const p = this.pages.get(page);
    return p ? [...p.realtime.values()] : [];
  }

  /** Subscribes to one page's changes. Returns the unsubscribe function. */
  subscribePage(page: PageId, listener: PageListener): () => void {
    const p = this.page(page);
    p.listeners.add(listener);
    return () => {
      p.listeners.delete(listener);
    };
  }

  /** Subscribes to every page's changes (uploaders, sync). Returns the unsubscribe function. */
  subscribe(listener: PageListener): () => void {
    this.anyListeners.add(listener);
    return () => {
      this.anyListeners.delete(listener);
    };
  }

  /** Runs `fn`; subscribers hear about all its changes once, at the end. */
  batch<R>(fn: () => R): R {
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
      if (this.depth === 0) this.flush();
    }
  }

  /** A realtime stroke started (shown live, not yet stored). */
  beginRealtime(live: LiveStroke): void {
    const p = this.page(live.pageId);
    p.realtime.set(live.key, live);
    this.realtimePage.set(live.key, p);
    this.noteRealtime(p, live.key);
  }

  /** A realtime stroke ended without being stored (e.g. abandoned). */
  endRealtime(key: StrokeKey | string): void {
    const p = this.realtimePage.get(key as StrokeKey);
    if (!p) return;
    this.realtimePage.delete(key as StrokeKey);
    p.realtime.delete(key as StrokeKey);
    this.noteRealtime(p, key as StrokeKey);
  }

  /**
   * Adds a completed stroke (ending its realtime stroke, if any). A removed stroke's key brings
   * it back in its old place. `afterKey` places a new stroke right after that stroke (or its
   * tombstone) in the page order; otherwise it goes to the end. Returns false, changing
   * nothing, if a stroke with this key is already in the store.
   */
  add(stroke: Stroke, afterKey?: StrokeKey | string): boolean {
    if (this.realtimePage.has(stroke.key)) {
      return this.batch(() => {
        this.endRealtime(stroke.key);
        return this.add(stroke, afterKey);
      });
    }
    const old = this.byKey.get(stroke.key);
    if (old && !old.removed) return false;
    const anchor = afterKey === undefined ? undefined : this.byKey.get(afterKey as StrokeKey);
    const id = samePage(anchor, stroke) ? anchor.page.id : pageId(stroke.page);
    if (old && old.page.id === id) {
      old.removed = false;
      old.stroke = stroke;
      old.page.list.update(old);
      this.liveCount++;
      this.indexed(old);
      this.note(old.page, stroke.key, 'added');
      return true;
    }
    // A tombstone of this key on another page stays there until compacted.
    const p = this.page(id);
    const e: Entry = { chunk: undefined, index: 0, stroke, removed: false, page: p };
    p.list.insertAfter(anchor && p.list.holds(anchor) ? anchor : undefined, [e]);
    this.byKey.set(stroke.key, e);
    this.liveCount++;
    this.indexed(e);
    this.note(p, stroke.key, 'added');
    return true;
  }

  /** Removes a stroke, leaving a tombstone. Returns false if it is not in the store. */
  remove(key: StrokeKey | string): boolean {
    const e = this.byKey.get(key as StrokeKey);
    if (!e || e.removed) return false;
    e.removed = true;
    e.page.list.update(e);
    this.liveCount--;
    e.page.index.remove(e.stroke.key);
    this.note(e.page, e.stroke.key, 'removed');
    return true;
  }

  /**
   * Replaces a stroke's record by one with the same key (e.g. erased, uploaded). Returns false
   * if no such stroke is in the store. A stroke cannot move to another page.
   */
  replaceStroke(stroke: Stroke): boolean {
    const e = this.byKey.get(stroke.key);
    if (!e || e.removed) return false;
    if (stroke.page !== e.stroke.page && pageId(stroke.page) !== e.page.id)
      throw new Error('replaceStroke cannot move a stroke to another page');
    const old = e.stroke;
    e.stroke = stroke;
    e.page.list.update(e);
    if (old.bbox !== stroke.bbox) this.indexed(e);
    else e.page.index.setValue(stroke.key, e);
    this.note(e.page, stroke.key, 'changed');
    return true;
  }

  /** True when `edit` applies to the store as it is now (see {@link applyEdit}). */
  canApply(edit: InkEdit): boolean {
    for (const s of edit.removed) if (this.get(s.key) !== s) return false;
    for (const r of edit.replaced) {
      if (this.get(r.before.key) !== r.before || r.after.key !== r.before.key) return false;
      if (r.after.page !== r.before.page && pageId(r.after.page) !== pageId(r.before.page)) return false;
    }
    for (const s of edit.added) if (this.has(s.key)) return false;
    return true;
  }

  /**
   * Applies an edit atomically (one notification per page). Removed and replaced strokes must
   * be the very records in the store, and added keys must not be in it; otherwise this throws
   * and changes nothing.
   */
  applyEdit(edit: InkEdit): void {
    if (!this.canApply(edit)) throw new Error('ink edit does not apply to the current strokes');
    this.batch(() => {
      for (const s of edit.removed) this.remove(s.key);
      for (const r of edit.replaced) this.replaceStroke(r.after);
      const added = edit.added;
      const after = edit.placeAfter;
      for (let i = 0; i < added.length; ) {
        // A chain of new strokes, each placed after the previous one, goes in with one insertion.
        const first = added[i]!;
        let j = i + 1;
        if (after && !this.byKey.has(first.key) && !this.realtimePage.has(first.key)) {
          const id = pageId(first.page);
          while (
            j < added.length &&
            after.get(added[j]!.key) === added[j - 1]!.key &&
            !this.byKey.has(added[j]!.key) &&
            !this.realtimePage.has(added[j]!.key) &&
            (added[j]!.page === first.page || pageId(added[j]!.page) === id)
          ) {
            j++;
          }
        }
        if (j - i > 1) this.addChain(added.slice(i, j), after?.get(first.key));
        else this.add(first, after?.get(first.key));
        i = j;
      }
    });
  }

  /** Adds new strokes of one page in a row, the first after `afterKey`, with one insertion. */
  private addChain(strokes: readonly Stroke[], afterKey: StrokeKey | undefined): void {
    const anchor = afterKey === undefined ? undefined : this.byKey.get(afterKey);
    const p = samePage(anchor, strokes[0]!) ? anchor.page : this.page(pageId(strokes[0]!.page));
    const entries = strokes.map(
      (stroke): Entry => ({ chunk: undefined, index: 0, stroke, removed: false, page: p }),
    );
    p.list.insertAfter(anchor && p.list.holds(anchor) ? anchor : undefined, entries);
    for (const e of entries) {
      this.byKey.set(e.stroke.key, e);
      this.liveCount++;
      this.indexed(e);
      this.note(p, e.stroke.key, 'added');
    }
  }

  /** Forgets all tombstones (after they were synced). Pages keep their versions. */
  compact(): void {
    for (const p of this.pages.values()) {
      p.list.compact((e) => {
        if (this.byKey.get(e.stroke.key) === e) this.byKey.delete(e.stroke.key);
      });
    }
  }

  private page(id: PageId): PageState {
    let p = this.pages.get(id);
    if (!p) {
      p = {
        id,
        list: new PageStrokes<Entry>(this.interner, this.chunkSlots),
        index: new GridIndex<Entry>(this.cellNu),
        listeners: new Set(),
        realtime: new Map(),
        version: 0,
        normal: undefined,
        pending: undefined,
        pendingRealtime: undefined,
      };
      this.pages.set(id, p);
    }
    return p;
  }

  private indexed(e: Entry): void {
    e.page.index.insert(e.stroke.key, e.stroke.bbox, e);
  }

  private note(p: PageState, key: StrokeKey, kind: ChangeKind): void {
    p.version++;
    p.normal = undefined;
    if (!this.heard(p)) return;
    p.pending ??= new Map();
    const prev = p.pending.get(key);
    let next: ChangeKind | undefined = kind;
    if (prev === 'added') next = kind === 'removed' ? undefined : 'added';
    else if (prev === 'removed' && kind === 'added') next = 'changed';
    if (next) p.pending.set(key, next);
    else p.pending.delete(key);
    this.dirty.add(p);
    if (this.depth === 0) this.flush();
  }

  private noteRealtime(p: PageState, key: StrokeKey): void {
    p.version++;
    if (!this.heard(p)) return;
    p.pendingRealtime ??= new Set();
    p.pendingRealtime.add(key);
    this.dirty.add(p);
    if (this.depth === 0) this.flush();
  }

  /** True when someone listens to the page's changes (otherwise they are not collected). */
  private heard(p: PageState): boolean {
    return p.listeners.size > 0 || this.anyListeners.size > 0;
  }

  private flush(): void {
    if (this.dirty.size === 0) return;
    const pages = [...this.dirty];
    this.dirty.clear();
    for (const p of pages) {
      const pending = p.pending;
      const pendingRealtime = p.pendingRealtime;
      p.pending = undefined;
      p.pendingRealtime = undefined;
      const added: StrokeKey[] = [];
      const changed: StrokeKey[] = [];
      const removed: StrokeKey[] = [];
      for (const [key, kind] of pending ?? []) {
        (kind === 'added' ? added : kind === 'changed' ? changed : removed).push(key);
      }
      const realtime = [...(pendingRealtime ?? [])];
      if (added.length + changed.length + removed.length + realtime.length === 0) continue;
      const change: PageChange = { pageId: p.id, version: p.version, added, changed, removed, realtime };
      for (const l of [...p.listeners, ...this.anyListeners]) {
        try {
          l(change);
        } catch (err) {
          this.logger.error('ink store listener failed', err);
        }
      }
    }
  }
}

/**
 * True when the stroke has the very page address record of the entry's stroke (the pieces of a
 * split stroke do), so its page is the entry's without spelling out the page id.
 */
function samePage(e: Entry | undefined, stroke: Stroke): e is Entry {
  return e !== undefined && e.stroke.page === stroke.page;
}

/** An empty ink store. */
export function createInkStore(options?: InkStoreOptions): InkStore {
  return new InkStore(options);
}
