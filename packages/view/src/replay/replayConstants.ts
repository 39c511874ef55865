/**
 * The replay player's constants (classroom.md §9) and the small pure rules that use them.
 *
 * Decisions:
 * - **Slider step 0.05 is in seconds.** The slider's value is the replay time in seconds
 *   (0 … duration), stepping by 0.05 s = 50 ms: 2.5 ticks at x1, finer than a tick at x4 and up.
 *   Read as a fraction (0 … 1) the step would leave 21 positions — a 20-minute replay could only
 *   be sought in one-minute jumps — and no seek in the spec asks for that; read as ms it would be
 *   finer than anything the screen can show. The slider's maximum is the duration rounded up to
 *   the next step, so its last position is the end (the player clamps).
 * - **Graph window 1,500,000 ms.** The activity graph above the slider shows 25 minutes of the
 *   replay; it starts at the replay start and, once the time passes the window's end, pages on by
 *   whole windows, so the time is always inside the window shown.
 * - **Zoom step 1.2, max 3.** Zoom in multiplies the scale by 1.2, zoom out divides; the scale stays
 *   within the view's zoom range (0.25 … 3). Zooming makes the fit mode free (the page view does).
 */
import { MAX_ZOOM, MIN_ZOOM } from '../viewport/zoom';

/** Slider step, s (classroom.md §9). */
export const REPLAY_SLIDER_STEP_S = 0.05;
/** The activity graph's window, ms (classroom.md §9). */
export const REPLAY_GRAPH_WINDOW_MS = 1_500_000;
/** Zoom factor per zoom-in step (classroom.md §9). */
export const REPLAY_ZOOM_STEP = 1.2;
/** Largest zoom (classroom.md §5, §9). */
export const REPLAY_MAX_ZOOM = MAX_ZOOM;

/** The slider's value (s) at a replay time (ms). */
export function replaySliderValue(timeMs: number): number {
  return Math.max(0, timeMs) / 1000;
}

/** The slider's maximum (s): the duration rounded up to a whole step. */
export function replaySliderMax(durationMs: number): number {
  const steps = Math.ceil(Math.max(0, durationMs) / 1000 / REPLAY_SLIDER_STEP_S - 1e-9);
  return Number((steps * REPLAY_SLIDER_STEP_S).toFixed(2));
}

/** The replay time (ms, whole) of a slider value (s). */
export function replaySliderTimeMs(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 1000) : 0;
}

/** The scale after one zoom step in (`+1`) or out (`-1`), within 0.25 … 3. */
export function replayZoomScale(scale: number, direction: 1 | -1): number {
  const next = direction > 0 ? scale * REPLAY_ZOOM_STEP : scale / REPLAY_ZOOM_STEP;
  return Math.min(REPLAY_MAX_ZOOM, Math.max(MIN_ZOOM, next));
}

/** The graph window (replay ms) that holds `timeMs`: `[k × window, (k + 1) × window)`. */
export function replayGraphWindow(timeMs: number): { readonly fromMs: number; readonly toMs: number } {
  const k = Math.max(0, Math.floor(Math.max(0, timeMs) / REPLAY_GRAPH_WINDOW_MS));
  return { fromMs: k * REPLAY_GRAPH_WINDOW_MS, toMs: (k + 1) * REPLAY_GRAPH_WINDOW_MS };
}

/**
 * Stroke starts binned over a graph window: `bins` counts, bin `i` covering
 * `[from + i × w/bins, from + (i+1) × w/bins)`. `startsMs` are replay times, ascending.
 */
export function replayGraphBins(startsMs: readonly number[], fromMs: number, bins: number): number[] {
  const out = new Array<number>(bins).fill(0);
  const width = REPLAY_GRAPH_WINDOW_MS / bins;
  for (const t of startsMs) {
    if (t < fromMs || t >= fromMs + REPLAY_GRAPH_WINDOW_MS) continue;
    out[Math.floor((t - fromMs) / width)]!++;
  }
  return out;
}
