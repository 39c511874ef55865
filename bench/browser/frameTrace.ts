/**
 * When did a canvas draw reach the screen? Read from a Chromium trace (categories
 * {@link FRAME_TRACE_CATEGORIES}) of the harness page:
 *
 * - **painted**: the end of the renderer main thread's first frame commit
 *   (`ProxyMain::BeginMainFrame::commit`) that starts after the draw. The commit hands the
 *   frame's painted layers, the canvas included, to the compositor: the page's part is done.
 * - **displayed**: the end of the display compositor's first `Display::DrawAndSwap` after the
 *   renderer compositor drew a frame (`ProxyImpl::ScheduledActionDraw`) following that commit,
 *   i.e. when the pixels were in the output surface. Chromium pipelines this step by about one
 *   frame; it is the same for any web page.
 * - **frame start**: the start of the main-thread frame (`ProxyMain::BeginMainFrame`) that
 *   commits the draw; the time before it is the wait for the next frame.
 *
 * Page times (performance.now) are put on the trace clock with a user-timing mark the page
 * makes ({@link CLOCK_MARK}): its trace time stamp minus its `startTime`.
 */

/**
 * Trace categories needed: user timing (the clock mark), cc and viz frame stages, tasks (for CPU
 * time) and blink (for the canvases' frame flushes).
 */
export const FRAME_TRACE_CATEGORIES: readonly string[] = [
  'blink.user_timing',
  'cc',
  'viz',
  'toplevel',
  'blink',
];

/** The user-timing mark a page makes to relate performance.now() to the trace clock. */
export const CLOCK_MARK = 'dotink-bench-clock';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time of the event, µs. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string; readonly data?: unknown };
}

interface Span {
  readonly startMs: number;
  readonly endMs: number;
  /** CPU time the thread spent in the event, ms (NaN when the trace has none). */
  readonly cpuMs: number;
}

/** A draw's way to the screen, in page ms. */
export interface DrawTiming {
  readonly frameStartMs: number;
  readonly paintedMs: number;
  readonly displayedMs: number;
}

/** Frame stages of one trace, on the page's clock. */
export class FrameTrace {
  private readonly frames: Span[];
  private readonly commits: Span[];
  private readonly compositorDraws: Span[];
  private readonly swaps: Span[];
  private readonly mainTasks: Span[];
  private readonly canvasFlushes: Span[];
  private readonly canvasDispatches: Span[];

  /**
   * `clockMarkStartMs`: the `startTime` of the page's {@link CLOCK_MARK} mark. Only the events of
   * the renderer whose main thread made the mark are used (plus the display compositor's).
   */
  constructor(traceJson: string, clockMarkStartMs: number) {
    const parsed = JSON.parse(traceJson) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    const threads = new Map<string, string>();
    for (const e of events) {
      if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    }
    const mark = events.find((e) => e.name === CLOCK_MARK && e.ph !== 'M');
    if (!mark) throw new Error(`the trace has no '${CLOCK_MARK}' mark`);
    const offsetMs = mark.ts / 1000 - clockMarkStartMs;
    const spans = (name: string, thread: string, pid?: number): Span[] =>
      events
        .filter(
          (e) =>
            e.name === name &&
            e.ph === 'X' &&
            (pid === undefined || e.pid === pid) &&
            threads.get(`${e.pid}:${e.tid}`) === thread,
        )
        .map((e) => ({
          startMs: e.ts / 1000 - offsetMs,
          endMs: (e.ts + (e.dur ?? 0)) / 1000 - offsetMs,
          cpuMs: e.tdur === undefined ? Number.NaN : e.tdur / 1000,
        }))
        .sort((a, b) => a.startMs - b.startMs);
    this.frames = spans('ProxyMain::BeginMainFrame', 'CrRendererMain', mark.pid);
    this.commits = spans('ProxyMain::BeginMainFrame::commit', 'CrRendererMain', mark.pid);
    this.compositorDraws = spans('ProxyImpl::ScheduledActionDraw', 'Compositor', mark.pid);
    this.swaps = spans('Display::DrawAndSwap', 'VizCompositorThread');
    this.mainTasks = spans('ThreadControllerImpl::RunTask', 'CrRendererMain', mark.pid);
    this.canvasFlushes = spans('CanvasRenderingContext2D::FinalizeFrame', 'CrRendererMain', mark.pid);
    this.canvasDispatches = spans('CanvasResourceDispatcher::DispatchFrame', 'CrRendererMain', mark.pid);
    if (this.commits.length === 0) throw new Error('the trace has no frame commits');
  }

  /** The way to the screen of a draw made at `drawnMs` (page clock); undefined past the trace. */
  timing(drawnMs: number): DrawTiming | undefined {
    const commit = firstFrom(this.commits, drawnMs);
    if (!commit) return undefined;
    const frame = lastBefore(this.frames, commit.startMs);
    const draw = firstFrom(this.compositorDraws, commit.endMs);
    const swap = draw ? firstFrom(this.swaps, draw.endMs) : undefined;
    return {
      frameStartMs: frame ? frame.startMs : commit.startMs,
      paintedMs: commit.endMs,
      displayedMs: swap ? swap.endMs : Number.NaN,
    };
  }

  /**
   * The way to the screen of a draw on a low-latency (`desynchronized`) canvas at `drawnMs`: such
   * a canvas does not wait for the page's frame; its content is handed to the display compositor
   * as a frame of its own (`CanvasResourceDispatcher::DispatchFrame`, after the drawing task).
   * Painted is the end of the first such dispatch from the draw on; displayed the display
   * compositor's next draw-and-swap. No main-thread frame is involved (frameStartMs NaN).
   */
  lowLatencyTiming(drawnMs: number): DrawTiming | undefined {
    const dispatch = firstFrom(this.canvasDispatches, drawnMs);
    if (!dispatch) return undefined;
    const swap = firstFrom(this.swaps, dispatch.endMs);
    return {
      frameStartMs: Number.NaN,
      paintedMs: dispatch.endMs,
      displayedMs: swap ? swap.endMs : Number.NaN,
    };
  }

  /** How many low-latency canvas frames the trace holds. */
  get lowLatencyFrames(): number {
    return this.canvasDispatches.length;
  }

  /**
   * The renderer main thread's CPU time (ms) that started between two page times, in tasks and in
   * canvas frame flushes (which the trace shows outside any task): what the page cost, whatever
   * else the machine was doing (wall times grow on a busy machine).
   */
  mainThreadCpuMs(fromMs: number, toMs: number): number {
    return cpuIn(this.mainTasks, fromMs, toMs) + this.canvasFlushCpuMs(fromMs, toMs);
  }

  /**
   * CPU time (ms) of the 2D canvases' frame flushes (`CanvasRenderingContext2D::FinalizeFrame`,
   * where the draw calls recorded since the last frame are rasterized) between two page times.
   */
  canvasFlushCpuMs(fromMs: number, toMs: number): number {
    return cpuIn(this.canvasFlushes, fromMs, toMs);
  }
}

function cpuIn(spans: readonly Span[], fromMs: number, toMs: number): number {
  let sum = 0;
  for (const t of spans)
    if (t.startMs >= fromMs && t.startMs <= toMs && Number.isFinite(t.cpuMs)) sum += t.cpuMs;
  return sum;
}

/** The first span starting at or after `ms` (spans sorted by start). */
function firstFrom(spans: readonly Span[], ms: number): Span | undefined {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.startMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return spans[lo];
}

/** The last span starting at or before `ms`. */
function lastBefore(spans: readonly Span[], ms: number): Span | undefined {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.startMs <= ms) lo = mid + 1;
    else hi = mid;
  }
  return spans[lo - 1];
}
