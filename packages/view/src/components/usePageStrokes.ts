/**
 * A page's completed strokes from the ink store, through its per-page subscription: the view
 * hears only its own page, and only stroke changes (not realtime begin/end) produce a new list.
 */
import type { InkStore, Stroke } from '@dotink/ink';
import type { PageId } from '@dotink/ncode';
import { useEffect, useMemo, useState } from 'react';

const NONE: readonly Stroke[] = Object.freeze([]);

export interface PageStrokes {
  readonly strokes: readonly Stroke[];
  /** The store's page version when the list was taken. */
  readonly version: number;
}

/** The page's visible strokes, filtered by writer and owner allow-lists (`undefined` = all). */
export function usePageStrokes(
  store: InkStore | undefined,
  page: PageId | undefined,
  writers: readonly string[] | undefined,
  owners: readonly string[] | undefined,
): PageStrokes {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!store || !page) return;
    return store.subscribePage(page, (change) => {
      if (change.added.length + change.changed.length + change.removed.length > 0) setTick((t) => t + 1);
    });
  }, [store, page]);
  const writersKey = writers ? writers.join('\u0000') : undefined;
  const ownersKey = owners ? owners.join('\u0000') : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lists are keyed by content; tick marks store changes
  return useMemo(() => {
    if (!store || !page) return { strokes: NONE, version: 0 };
    const strokes =
      writers || owners ? store.strokesOnPage(page, { writers, owners }) : store.strokesOnPage(page);
    return { strokes, version: store.version(page) };
  }, [store, page, writersKey, ownersKey, tick]);
}
