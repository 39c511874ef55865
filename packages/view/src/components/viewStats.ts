/**
 * Counters a page view keeps for its debug panel and for tests: layer redraws, strokes drawn,
 * live segments. A tiny emitter, so only the panel re-renders when they change.
 */

export type ViewLayer = 'document' | 'completed' | 'live';

/** What one layer draw did. */
export interface LayerDrawInfo {
  readonly layer: ViewLayer;
  /** Strokes filled (completed), strokes touched (live), 1 (document). */
  readonly count: number;
  /** Whether the layer was cleared and drawn whole (live layer: false for newest segments only). */
  readonly full: boolean;
  /**
   * Completed layer: shown from its cached bitmap (moved for a pan or zoom, or a fill in
   * progress); the number is how many strokes the bitmap had been looked through.
   */
  readonly bitmap?: number;
}

export interface ViewStatsSnapshot {
  readonly documentDraws: number;
  readonly completedDraws: number;
  readonly liveFrames: number;
  readonly strokesDrawn: number;
}

/** Mutable counters with listeners. */
export class ViewStats {
  private snap: ViewStatsSnapshot = { documentDraws: 0, completedDraws: 0, liveFrames: 0, strokesDrawn: 0 };
  private readonly listeners = new Set<() => void>();

  record(info: LayerDrawInfo): void {
    const s = this.snap;
    this.snap = {
      documentDraws: s.documentDraws + (info.layer === 'document' ? 1 : 0),
      completedDraws: s.completedDraws + (info.layer === 'completed' ? 1 : 0),
      liveFrames: s.liveFrames + (info.layer === 'live' ? 1 : 0),
      strokesDrawn: info.layer === 'completed' && info.count > 0 ? info.count : s.strokesDrawn,
    };
    for (const l of [...this.listeners]) l();
  }

  snapshot = (): ViewStatsSnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}
