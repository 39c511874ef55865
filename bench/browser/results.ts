/**
 * What the harness pages take and answer (`window.bench.<method>(options)`), shared by the pages
 * and the bench files that drive them. Times are page times (performance.now), ms.
 */

export interface InkToPixelOptions {
  readonly pens: number;
  readonly dotHz: number;
  /** Writing time per pen. */
  readonly seconds: number;
  /** Stamps taken in the first `warmUpSeconds` are not measured. */
  readonly warmUpSeconds: number;
  readonly dotsPerStroke: number;
  readonly gapMs: number;
}

export interface InkToPixelResult {
  readonly connectedPens: number;
  /** Dots measured (segments ending at them). */
  readonly dots: number;
  /** Per draw that drew measured dots: when it ended (page ms) and how many dots it drew. */
  readonly drawnAtMs: readonly number[];
  readonly drawStampCounts: readonly number[];
  /** Per such draw: the layer it drew on. */
  readonly drawLayers: readonly ('live' | 'completed')[];
  /** Whether the live layer's canvas is a low-latency (`desynchronized`) one. */
  readonly liveLowLatency: boolean;
  /** Notification times of the dots, draw after draw (page ms). */
  readonly stamps: readonly number[];
  /** `startTime` of the clock mark (see frameTrace.ts). */
  readonly clockMarkMs: number;
  /** Frame intervals during the measured window (rAF timestamps), ms. */
  readonly frameIntervalsMs: readonly number[];
  readonly liveDraws: number;
  readonly completedDraws: number;
  readonly completedStrokes: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
  readonly measuredSeconds: number;
  /** The measured window (page ms). */
  readonly measureFromMs: number;
  readonly measureToMs: number;
}

export interface FirstPaintResult {
  readonly strokes: number;
  readonly dots: number;
  /** When the view was mounted and when its completed layer was drawn (page ms). */
  readonly mountMs: number;
  readonly completedDrawnMs: number;
  /** Strokes the first draw filled. */
  readonly strokesDrawn: number;
  /** When the last stroke was filled (the view fills a big page over several frames), page ms. */
  readonly allDrawnMs: number;
  readonly clockMarkMs: number;
}

export interface PanZoomResult {
  /** rAF time stamps (frame times) of the frames of the gesture. */
  readonly frameTimesMs: readonly number[];
  /** Viewports set, and completed-layer draws (full redraws) during the gesture. */
  readonly viewportsSet: number;
  readonly completedDraws: number;
  /** Strokes filled per draw: min and max over the gesture. */
  readonly strokesDrawnMin: number;
  readonly strokesDrawnMax: number;
}

export interface OpenFirstResult {
  readonly numPages: number;
  readonly bytes: number;
  /** Page-clock times: start, bytes fetched, engine open resolved, page 1 proxy, image drawn. */
  readonly startMs: number;
  readonly fetchedMs: number;
  readonly openedMs: number;
  readonly pageMs: number;
  readonly drawnMs: number;
  readonly clockMarkMs: number;
}

export interface PageThroughResult {
  readonly pages: number;
  /** Per page: from asking for the page to its image drawn, ms. */
  readonly pageMs: readonly number[];
}
