/**
 * Path2D per stroke, cached in a WeakMap keyed by the immutable stroke record: a stroke's path is
 * built once (per page transform and outline scale) and dropped with the record. A replaced
 * record (erased, uploaded) is a new key, so it can never show a stale path.
 */
import type { Stroke } from '@dotink/ink';
import type { Homography } from '@dotink/ncode';
import { outlineToPath2D } from './path2d';
import { strokeOutlinePx } from './strokeOutline';

interface Entry {
  readonly nuToPt: Homography;
  readonly pxPerPt: number;
  readonly path: Path2D | undefined;
}

/** Counters for tests and the debug panel. */
export interface PathCacheStats {
  /** Paths built (outline computed). */
  readonly builds: number;
  /** Paths served from the cache. */
  readonly hits: number;
}

/** A per-stroke path cache. One per view (or shared by views at the same scale). */
export class StrokePathCache {
  private readonly entries = new WeakMap<Stroke, Entry>();
  private builds = 0;
  private hits = 0;

  /**
   * The stroke's outline path at `pxPerPt` page px per pt (origin at the page's top-left), or
   * `undefined` when it draws nothing.
   */
  path(stroke: Stroke, nuToPt: Homography, pxPerPt: number): Path2D | undefined {
    const e = this.entries.get(stroke);
    if (e && e.nuToPt === nuToPt && e.pxPerPt === pxPerPt) {
      this.hits++;
      return e.path;
    }
    this.builds++;
    const path = outlineToPath2D(strokeOutlinePx(stroke, nuToPt, pxPerPt));
    this.entries.set(stroke, { nuToPt, pxPerPt, path });
    return path;
  }

  stats(): PathCacheStats {
    return { builds: this.builds, hits: this.hits };
  }
}
