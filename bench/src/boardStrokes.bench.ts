/**
 * A page with 10,000 strokes (issue 5): first paint < 300 ms; pan and zoom at ≥ 60 fps.
 *
 * Method (bench/browser/pages/manyStrokes.tsx). Headless Debian Chromium, page bundled with
 * esbuild (production React), device pixel ratio 1, view 1280 × 800. The ink store is filled
 * with 10,000 strokes of 30 dots (lines of letter-sized strokes over the whole A4 page) before
 * the view mounts.
 *
 * - First paint: from `root.render(<PageView store=…>)` to the end of the main-thread commit of
 *   the frame that shows the completed layer (read from a Chromium trace, see
 *   bench/browser/frameTrace.ts): mounting, every stroke's outline and path built, filled, painted.
 * - Pan and zoom: a scripted gesture sets one new viewport per animation frame through the
 *   view's handle (what its drag and wheel gestures call): 240 frames panning across the page at
 *   1.5×, then 240 frames zooming from the whole page to 3× and back. Frame times are the
 *   intervals between requestAnimationFrame time stamps; as those are vsync times, each interval
 *   is counted in whole vsync periods (1/60 s) for the median fps. The p95 frame time is the raw
 *   interval. Completed-layer redraws are counted beside the viewports set (each must be drawn).
 *   The trace stays on through the gesture and gives the main thread's CPU time per frame and
 *   the part spent rasterizing the canvases (Chromium's `--disable-gpu` canvas is software).
 */
import { availableParallelism, loadavg } from 'node:os';
import { FRAME_TRACE_CATEGORIES, FrameTrace } from '../browser/frameTrace';
import { callBench, openHarness } from '../browser/harness';
import type { FirstPaintResult, PanZoomResult } from '../browser/results';
import { atLeast, type Bench, below, type Figure, percentile } from './budget';

const VSYNC_MS = 1000 / 60;
const r1 = (n: number) => Math.round(n * 10) / 10;

export default {
  name: 'board: a page with 10,000 strokes (Chromium)',
  async run(): Promise<Figure[]> {
    const load = loadavg()[0]!;
    const h = await openHarness('manyStrokes.tsx');
    let first: FirstPaintResult;
    let trace: string;
    let pz: PanZoomResult;
    try {
      await h.browser.startTracing(h.page, { categories: [...FRAME_TRACE_CATEGORIES] });
      first = await callBench<FirstPaintResult>(h, 'firstPaint', { strokes: 10_000, dotsPerStroke: 30 });
      pz = await callBench<PanZoomResult>(h, 'panZoom', { panFrames: 240, zoomFrames: 240 });
      trace = (await h.browser.stopTracing()).toString('utf8');
    } finally {
      await h.close();
    }
    if (h.errors.length > 0) throw new Error(`page errors: ${h.errors.join('; ')}`);
    const frameTrace = new FrameTrace(trace, first.clockMarkMs);
    const painted = frameTrace.timing(first.completedDrawnMs);
    if (!painted) throw new Error('the first paint is not in the trace');
    const firstPaintMs = painted.paintedMs - first.mountMs;
    const firstPaintCpuMs = frameTrace.mainThreadCpuMs(first.mountMs, painted.paintedMs);
    const firstPaintFlushMs = frameTrace.canvasFlushCpuMs(first.mountMs, painted.paintedMs);
    const allPainted = frameTrace.timing(first.allDrawnMs);
    const allPaintedMs = allPainted ? allPainted.paintedMs - first.mountMs : Number.NaN;

    const t = pz.frameTimesMs;
    const intervals = t.slice(1).map((v, i) => v - t[i]!);
    // whole vsync periods per frame (an integer: 1000 / (1000 / 60) is 59.999…, never ≥ 60)
    const vsyncs = intervals.map((d) => Math.max(1, Math.round(d / VSYNC_MS)));
    const medianFps = 60 / percentile(vsyncs, 50);
    const p95 = percentile(intervals, 95);
    const gestureCpuMs = frameTrace.mainThreadCpuMs(t[0]!, t.at(-1)!);
    const gestureFlushMs = frameTrace.canvasFlushCpuMs(t[0]!, t.at(-1)!);
    console.log(
      `  ${first.strokes} strokes, ${first.dots} dots; mount → completed layer drawn ${r1(first.completedDrawnMs - first.mountMs)} ms (${first.strokesDrawn} strokes filled), → painted ${r1(firstPaintMs)} ms (main-thread CPU ${Math.round(firstPaintCpuMs)} ms, of which canvas raster ${Math.round(firstPaintFlushMs)} ms); all ${first.strokes} strokes drawn ${r1(first.allDrawnMs - first.mountMs)} ms, painted ${r1(allPaintedMs)} ms`,
    );
    console.log(
      `  pan/zoom: ${intervals.length} frames, median frame time ${r1(percentile(intervals, 50))} ms, p95 frame time ${r1(p95)} ms, max ${r1(Math.max(...intervals))} ms, ${intervals.filter((d) => d > VSYNC_MS * 1.5).length} frames late; ${pz.completedDraws} redraws for ${pz.viewportsSet} viewports (${pz.strokesDrawnMin}–${pz.strokesDrawnMax} strokes each); main-thread CPU ${r1(gestureCpuMs / intervals.length)} ms per frame, of which canvas raster ${r1(gestureFlushMs / intervals.length)} ms; load average ${r1(load)} → ${r1(loadavg()[0]!)} on ${availableParallelism()} cores`,
    );
    return [
      below('first paint, 10,000 strokes (mount → painted)', firstPaintMs, 'ms', 300),
      atLeast('pan and zoom, 10,000 strokes: median fps', medianFps, 'fps', 60),
    ];
  },
} satisfies Bench;
