/**
 * The replay's writing as a query: the IndexedDB cache (opened once per tab) and the newer
 * strokes from the server ({@link loadReplayInk}). The cache lives in IndexedDB, so the query
 * keeps nothing in memory once the screen is left (`gcTime` 0): the next replay reads the
 * cache and asks the server for what is newer.
 */

import type { Stroke } from '@dotink/ink';
import { pageId } from '@dotink/ncode';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../lib/services';
import { type InkCache, openInkCache } from './inkCache';
import { inkScope, loadReplayInk, type ReplayInk } from './replayInk';
import { replayKeys } from './replayKeys';
import type { ReplayQuery } from './replayQuery';

/** The tab's cache, or why there is none. */
export type CacheOpening =
  | { readonly cache: InkCache }
  | { readonly cache: undefined; readonly error: unknown };

let opening: Promise<CacheOpening> | undefined;

/** Opens the tab's ink cache once. */
export function tabInkCache(): Promise<CacheOpening> {
  opening ??= openInkCache().then(
    (cache) => ({ cache }),
    (error: unknown) => ({ cache: undefined, error }),
  );
  return opening;
}

export interface ReplayInkResult extends ReplayInk {
  /** The cache could not be opened: everything came from the server. */
  readonly cacheUnavailable: boolean;
}

/**
 * Loads the writing of a replay query. `partial` holds the strokes known while loading (the
 * cache's, then each answer page's), so the screen shows them before the last answer.
 */
export function useReplayInk(query: ReplayQuery) {
  const { api } = useServices();
  const [partial, setPartial] = useState<readonly Stroke[] | undefined>(undefined);
  const result = useQuery({
    queryKey: replayKeys.ink(inkScope(query), query.pages.map(pageId).join(',')),
    queryFn: async ({ signal }): Promise<ReplayInkResult> => {
      const { cache } = await tabInkCache();
      const ink = await loadReplayInk(query, {
        searchInk: api.searchInk,
        ...(cache ? { cache } : {}),
        signal,
        onStrokes: (strokes) => {
          performance.mark('dotink:replay-data', { detail: { strokes: strokes.length } });
          setPartial(strokes);
        },
      });
      return { ...ink, cacheUnavailable: cache === undefined };
    },
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return { ...result, partial };
}
