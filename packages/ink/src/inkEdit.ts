/**
 * Ink edits: one change to the ink store (strokes added, removed, replaced) as a plain record.
 * The erasers plan edits, the store applies them atomically, and the history keeps them with
 * their inverses for undo and redo.
 */
import type { Stroke, StrokeKey } from './types';

/** A stroke record changed in place (same key, same page), e.g. erased. */
export interface StrokeReplacement {
  readonly before: Stroke;
  readonly after: Stroke;
}

/** One atomic change to the ink store. */
export interface InkEdit {
  /** Strokes that appear (new ones, or removed ones coming back). */
  readonly added: readonly Stroke[];
  /** Strokes that disappear (tombstoned), as they were. */
  readonly removed: readonly Stroke[];
  readonly replaced: readonly StrokeReplacement[];
  /**
   * Where new strokes go in their page's drawing order: added key → the key it follows (e.g.
   * the pieces of a split stroke follow the stroke they came from). Others go to the end.
   * A Map, not a record: a record interns every new key as a property name, ~2 µs a piece.
   */
  readonly placeAfter?: ReadonlyMap<string, StrokeKey>;
}

/** The edit that changes nothing. */
export const EMPTY_EDIT: InkEdit = Object.freeze({ added: [], removed: [], replaced: [] });

/** True when the edit changes nothing. */
export function isEmptyEdit(e: InkEdit): boolean {
  return e.added.length === 0 && e.removed.length === 0 && e.replaced.length === 0;
}

/** The edit that undoes `e` (applied right after it). */
export function invertEdit(e: InkEdit): InkEdit {
  return {
    added: e.removed,
    removed: e.added,
    replaced: e.replaced.map((r) => ({ before: r.after, after: r.before })),
  };
}

/**
 * One edit with the effect of `edits` applied in order: a stroke added then removed vanishes,
 * a stroke replaced twice is replaced once. The placement of added strokes is kept.
 */
export function composeEdits(edits: readonly InkEdit[]): InkEdit {
  if (edits.length === 1) return edits[0]!;
  // key → [state before the edits (undefined = not live), state after]
  const states = new Map<string, { before: Stroke | undefined; after: Stroke | undefined }>();
  const placeAfter = new Map<string, StrokeKey>();
  const touch = (key: string, before: Stroke | undefined) => {
    let s = states.get(key);
    if (!s) {
      s = { before, after: before };
      states.set(key, s);
    }
    return s;
  };
  for (const e of edits) {
    for (const s of e.removed) touch(s.key, s).after = undefined;
    for (const r of e.replaced) touch(r.before.key, r.before).after = r.after;
    for (const s of e.added) {
      touch(s.key, undefined).after = s;
      const anchor = e.placeAfter?.get(s.key);
      if (anchor !== undefined) placeAfter.set(s.key, anchor);
    }
  }
  const added: Stroke[] = [];
  const removed: Stroke[] = [];
  const replaced: StrokeReplacement[] = [];
  for (const { before, after } of states.values()) {
    if (before && after) {
      if (before !== after) replaced.push({ before, after });
    } else if (before) removed.push(before);
    else if (after) added.push(after);
  }
  const kept = new Map<string, StrokeKey>();
  for (const s of added) {
    // An anchor that did not survive the edits still holds its place as a tombstone.
    const anchor = placeAfter.get(s.key);
    if (anchor !== undefined) kept.set(s.key, anchor);
  }
  return kept.size > 0 ? { added, removed, replaced, placeAfter: kept } : { added, removed, replaced };
}
