/**
 * A spatial index over stroke bounding boxes (in nu), one per page: a uniform grid, so an eraser
 * segment finds its candidate strokes by looking at a few cells instead of scanning the page.
 *
 * Boxes spanning more than {@link MAX_CELLS_PER_ITEM} cells (very long strokes) are kept in a
 * short side list checked on every query; empty boxes (no dots) are never found.
 */
import type { BoxNu } from './types';

/** Default grid cell side in nu (≈ 9.5 mm): a handwritten word or two. */
export const DEFAULT_CELL_NU = 4;

/** Items covering more cells than this go to the side list. */
export const MAX_CELLS_PER_ITEM = 128;

/**
 * Cell coordinates run from -(OFFSET - 1) to OFFSET - 1 (±65,532 nu, ≈ 155 m, at the default
 * cell): beyond, boxes share the border cells, found there and told apart by their boxes. The
 * cell key `(x + OFFSET) * SPAN + (y + OFFSET)` stays below 2^30, a small integer to the engine
 * (no number boxed for each cell looked up).
 */
const OFFSET = 1 << 14;
const SPAN = 1 << 15;

interface Item<T> {
  id: string;
  box: BoxNu;
  value: T;
  cells: number[] | undefined;
  large: boolean;
  mark: number;
}

/** True when two boxes overlap (touching counts). */
export function boxesOverlap(a: BoxNu, b: BoxNu): boolean {
  return a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

/** A box grown by `marginNu` on every side. */
export function inflateBox(b: BoxNu, marginNu: number): BoxNu {
  return {
    left: b.left - marginNu,
    top: b.top - marginNu,
    right: b.right + marginNu,
    bottom: b.bottom + marginNu,
  };
}

function isEmptyBox(b: BoxNu): boolean {
  return !(b.left <= b.right && b.top <= b.bottom);
}

/** A uniform-grid index of boxes, each with an id and a value. */
export class GridIndex<T> {
  private readonly cells = new Map<number, Item<T>[]>();
  private readonly items = new Map<string, Item<T>>();
  private readonly largeItems = new Set<Item<T>>();
  private stamp = 0;

  constructor(readonly cellNu: number = DEFAULT_CELL_NU) {
    if (!(cellNu > 0)) throw new RangeError('cell size must be positive');
  }

  /** Number of items indexed (empty boxes included). */
  get size(): number {
    return this.items.size;
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** Adds an item, or moves it if the id is already indexed. */
  insert(id: string, box: BoxNu, value: T): void {
    const old = this.items.get(id);
    if (old) this.unlink(old);
    const item: Item<T> = { id, box, value, cells: undefined, large: false, mark: 0 };
    this.items.set(id, item);
    this.link(item);
  }

  /** Changes an item's value, keeping its box. */
  setValue(id: string, value: T): void {
    const item = this.items.get(id);
    if (item) item.value = value;
  }

  remove(id: string): boolean {
    const item = this.items.get(id);
    if (!item) return false;
    this.unlink(item);
    this.items.delete(id);
    return true;
  }

  /** Values whose boxes overlap `box`, each once, in no particular order. */
  query(box: BoxNu, out: T[] = []): T[] {
    if (isEmptyBox(box)) return out;
    const mark = ++this.stamp;
    const c = this.cellNu;
    const x0 = this.cellCoord(box.left / c);
    const x1 = this.cellCoord(box.right / c);
    const y0 = this.cellCoord(box.top / c);
    const y1 = this.cellCoord(box.bottom / c);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > this.items.size) {
      for (const item of this.items.values()) {
        if (!isEmptyBox(item.box) && boxesOverlap(item.box, box)) out.push(item.value);
      }
      return out;
    }
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const list = this.cells.get((x + OFFSET) * SPAN + (y + OFFSET));
        if (!list) continue;
        for (let i = 0; i < list.length; i++) {
          const item = list[i]!;
          if (item.mark === mark) continue;
          item.mark = mark;
          if (boxesOverlap(item.box, box)) out.push(item.value);
        }
      }
    }
    for (const item of this.largeItems) if (boxesOverlap(item.box, box)) out.push(item.value);
    return out;
  }

  private cellCoord(v: number): number {
    const i = Math.floor(v);
    return Math.max(-OFFSET + 1, Math.min(OFFSET - 1, i));
  }

  private link(item: Item<T>): void {
    const b = item.box;
    if (isEmptyBox(b)) return;
    const c = this.cellNu;
    const x0 = this.cellCoord(b.left / c);
    const x1 = this.cellCoord(b.right / c);
    const y0 = this.cellCoord(b.top / c);
    const y1 = this.cellCoord(b.bottom / c);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_ITEM) {
      item.large = true;
      this.largeItems.add(item);
      return;
    }
    const keys: number[] = [];
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const k = (x + OFFSET) * SPAN + (y + OFFSET);
        keys.push(k);
        const list = this.cells.get(k);
        if (list) list.push(item);
        else this.cells.set(k, [item]);
      }
    }
    item.cells = keys;
  }

  private unlink(item: Item<T>): void {
    if (item.large) {
      this.largeItems.delete(item);
      item.large = false;
    }
    if (!item.cells) return;
    for (const k of item.cells) {
      const list = this.cells.get(k);
      if (!list) continue;
      const i = list.indexOf(item);
      if (i >= 0) {
        list[i] = list[list.length - 1]!;
        list.pop();
      }
      if (list.length === 0) this.cells.delete(k);
    }
    item.cells = undefined;
  }
}
