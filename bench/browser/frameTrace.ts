/**
 * When did a canvas draw reach the screen? Read from a Chromium trace (categories
 * {@link FRAME_TRACE_CATEGORIES}) of the harness page:
 *
 * - **painted**: the end of the renderer main thread's first frame commit
 *   (`ProxyMain::BeginMainFrame::commit`) that starts after the draw. The commit hands the
 *   frame's painted layers, the canvas included, to the compositor: the page's part is done.
 * - **displayed**: when the pixels were in the output surface: the end of the display
 *   compositor's draw-and-swap (`Graphics.Pipeline` step `STEP_DRAW_AND_SWAP`) of the compositor
 *   frame that shows the commit. That frame is the one the renderer compositor submitted
 *   (`STEP_SUBMIT_COMPOSITOR_FRAME`) in its first draw (`ProxyImpl::ScheduledActionDraw`) after
 *   the commit reached it (`ProxyImpl::Commit`) and was activated
 *   (`LayerTreeHostImpl::ActivateSyncTree`); the display compositor's surface aggregation names
 *   the frames each swap drew (their 64-bit trace ids, compared as text). The swap often starts
 *   before the renderer compositor's draw ends (its bookkeeping after the submit), so "the first
 *   swap after that draw" would be the next one, a frame or two late. A frame the display
 *   compositor never drew (a newer one replaced it) is shown by the swap of the next one drawn.
 *   Traces without the pipeline steps: the first `Display::DrawAndSwap` after that draw.
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
  readonly args?: {
    readonly name?: string;
    readonly data?: unknown;
    readonly chrome_graphics_pipeline?: {
      readonly step?: string;
      /** 64-bit ids, as strings (see {@link quoteTraceIds}). */
      readonly surface_frame_trace_id?: string;
      readonly display_trace_id?: string;
      readonly aggregated_surface_frame_trace_ids?: readonly string[];
    };
  };
}

/**
 * The trace's frame ids are 64-bit integers (e.g. -4002464356600566292): as JavaScript numbers,
 * ids a few apart are equal. Quoted before parsing, they stay exact.
 */
function quoteTraceIds(json: string): string {
  return json
    .replace(/("(?:surface_frame_trace_id|display_trace_id)":\s*)(-?\d+)/g, '$1"$2"')
    .replace(
      /("aggregated_surface_frame_trace_ids":\s*\[)([^\]]*)\]/g,
      (_m, head: string, ids: string) => `${head}${ids.replace(/-?\d+/g, '"$&"')}]`,
    );
}

/** A compositor frame the renderer submitted. */
interface Submit {
  readonly startMs: number;
  readonly id: string;
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
  private readonly implCommits: Span[];
  private readonly activations: Span[];
  /** The renderer compositor's submitted frames, by time. */
  private readonly submits: Submit[];
  /** A submitted frame's id → the display frame that first drew it. */
  private readonly drawnIn = new Map<string, string>();
  /** A display frame → when its draw-and-swap ended (page ms). */
  private readonly swapEndMs = new Map<string, number>();

  /**
   * `clockMarkStartMs`: the `startTime` of the page's {@link CLOCK_MARK} mark. Only the events of
   * the renderer whose main thread made the mark are used (plus the display compositor's).
   */
  constructor(traceJson: string, clockMarkStartMs: number) {
    const parsed = JSON.parse(quoteTraceIds(traceJson)) as { traceEvents: TraceEvent[] } | TraceEvent[];
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
    this.implCommits = spans('ProxyImpl::Commit', 'Compositor', mark.pid);
    this.activations = spans('LayerTreeHostImpl::ActivateSyncTree', 'Compositor', mark.pid);
    this.submits = [];
    const aggregations: { startMs: number; display: string; ids: readonly string[] }[] = [];
    for (const e of events) {
      const step =
        e.name === 'Graphics.Pipeline' && e.ph === 'X' ? e.args?.chrome_graphics_pipeline : undefined;
      if (!step) continue;
      const startMs = e.ts / 1000 - offsetMs;
      const thread = threads.get(`${e.pid}:${e.tid}`);
      if (
        step.step === 'STEP_SUBMIT_COMPOSITOR_FRAME' &&
        e.pid === mark.pid &&
        thread === 'Compositor' &&
        step.surface_frame_trace_id !== undefined
      )
        this.submits.push({ startMs, id: step.surface_frame_trace_id });
      else if (step.step === 'STEP_SURFACE_AGGREGATION' && step.display_trace_id !== undefined)
        aggregations.push({
          startMs,
          display: step.display_trace_id,
          ids: step.aggregated_surface_frame_trace_ids ?? [],
        });
      else if (step.step === 'STEP_DRAW_AND_SWAP' && step.display_trace_id !== undefined)
        this.swapEndMs.set(step.display_trace_id, (e.ts + (e.dur ?? 0)) / 1000 - offsetMs);
    }
    this.submits.sort((a, b) => a.startMs - b.startMs);
    aggregations.sort((a, b) => a.startMs - b.startMs);
    for (const a of aggregations)
      for (const id of a.ids) if (!this.drawnIn.has(id)) this.drawnIn.set(id, a.display);
    if (this.commits.length === 0) throw new Error('the trace has no frame commits');
  }

  /**
   * The renderer compositor's first draw that shows a commit: after the commit reached the
   * compositor and was activated (where the trace shows both), else after the commit.
   */
  private drawOf(commit: Span): Span | undefined {
    const implCommit = firstFrom(this.implCommits, commit.startMs);
    const activation = implCommit ? firstFrom(this.activations, implCommit.startMs) : undefined;
    return firstFrom(this.compositorDraws, activation ? activation.endMs : commit.endMs);
  }

  /** When the frame the renderer compositor submitted in `draw` was swapped to the screen (NaN: not in the trace). */
  private displayedMs(draw: Span): number {
    let i = lowerBound(this.submits, draw.startMs);
    const submit = this.submits[i];
    if (!submit || submit.startMs > draw.endMs) {
      // no pipeline steps for this draw: the first swap after it
      const swap = firstFrom(this.swaps, draw.endMs);
      return swap ? swap.endMs : Number.NaN;
    }
    // the frame, or the first later one the display compositor drew
    for (; i < this.submits.length; i++) {
      const display = this.drawnIn.get(this.submits[i]!.id);
      const endMs = display === undefined ? undefined : this.swapEndMs.get(display);
      if (endMs !== undefined) return endMs;
    }
    return Number.NaN;
  }

  /** The way to the screen of a draw made at `drawnMs` (page clock); undefined past the trace. */
  timing(drawnMs: number): DrawTiming | undefined {
    const commit = firstFrom(this.commits, drawnMs);
    if (!commit) return undefined;
    const frame = lastBefore(this.frames, commit.startMs);
    const draw = this.drawOf(commit);
    return {
      frameStartMs: frame ? frame.startMs : commit.startMs,
      paintedMs: commit.endMs,
      displayedMs: draw ? this.displayedMs(draw) : Number.NaN,
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

/** The index of the first item starting at or after `ms` (items sorted by start). */
function lowerBound(items: readonly { readonly startMs: number }[], ms: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.startMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first span starting at or after `ms` (spans sorted by start). */
function firstFrom(spans: readonly Span[], ms: number): Span | undefined {
  return spans[lowerBound(spans, ms)];
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
