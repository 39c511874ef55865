import { describe, expect, it } from 'vitest';
import { CLOCK_MARK, FrameTrace } from './frameTrace';

/**
 * Synthetic Chromium traces (the event names, threads and `Graphics.Pipeline` arguments of
 * Debian Chromium's JSON traces). Times in ms on the page clock; the clock mark is at page time
 * 0 and trace time 1,000 ms.
 */
const RENDERER = 1;
const GPU = 2;
const MAIN = 10;
const COMPOSITOR = 11;
const VIZ = 20;
const MARK_TS_US = 1_000_000;

type Event = Record<string, unknown>;

const meta: Event[] = [
  { name: 'thread_name', ph: 'M', pid: RENDERER, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: RENDERER, tid: COMPOSITOR, ts: 0, args: { name: 'Compositor' } },
  { name: 'thread_name', ph: 'M', pid: GPU, tid: VIZ, ts: 0, args: { name: 'VizCompositorThread' } },
  { name: CLOCK_MARK, ph: 'R', pid: RENDERER, tid: MAIN, ts: MARK_TS_US },
];

const us = (pageMs: number) => Math.round(MARK_TS_US + pageMs * 1000);

function span(name: string, pid: number, tid: number, fromMs: number, toMs: number, args?: unknown): Event {
  return { name, ph: 'X', pid, tid, ts: us(fromMs), dur: us(toMs) - us(fromMs), ...(args ? { args } : {}) };
}

/** A Graphics.Pipeline step; ids are written as the trace writes them: 64-bit integers. */
function step(pid: number, tid: number, fromMs: number, toMs: number, pipeline: string): string {
  return `{"name":"Graphics.Pipeline","ph":"X","pid":${pid},"tid":${tid},"ts":${us(fromMs)},"dur":${us(toMs) - us(fromMs)},"args":{"chrome_graphics_pipeline":${pipeline}}}`;
}

/** The renderer's compositor frame `id` submitted at `atMs`. */
const submit = (atMs: number, id: string) =>
  step(
    RENDERER,
    COMPOSITOR,
    atMs,
    atMs + 5,
    `{"step":"STEP_SUBMIT_COMPOSITOR_FRAME","surface_frame_trace_id":${id}}`,
  );

/** The display compositor drawing frames `ids` from `fromMs` to `toMs` (its display frame `display`). */
function swap(fromMs: number, toMs: number, display: string, ids: readonly string[]): string[] {
  return [
    JSON.stringify(span('Display::DrawAndSwap', GPU, VIZ, fromMs, toMs)),
    step(
      GPU,
      VIZ,
      fromMs + 0.1,
      fromMs + 0.2,
      `{"aggregated_surface_frame_trace_ids":[${ids.join(',')}],"display_trace_id":${display},"step":"STEP_SURFACE_AGGREGATION"}`,
    ),
    step(GPU, VIZ, fromMs, toMs, `{"display_trace_id":${display},"step":"STEP_DRAW_AND_SWAP"}`),
  ];
}

function trace(events: readonly (Event | string)[]): string {
  const all = [...meta, ...events].map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  return `{"traceEvents":[${all.join(',')}]}`;
}

// Two ids one apart: as JavaScript numbers they are the same (2^62 is past 2^53).
const FRAME = '-4002464356600566292';
const OTHER_FRAME = '-4002464356600566291';
const BROWSER_FRAME = '-4002464356600566245';

/** A main-thread frame from 10 ms committing at 12-13.5 ms (the compositor's part at 12.5), activated at 13 ms. */
const mainFrame = [
  span('ProxyMain::BeginMainFrame', RENDERER, MAIN, 10, 14),
  span('ProxyMain::BeginMainFrame::commit', RENDERER, MAIN, 12, 13.5),
  span('ProxyImpl::Commit', RENDERER, COMPOSITOR, 12.5, 12.8),
  span('LayerTreeHostImpl::ActivateSyncTree', RENDERER, COMPOSITOR, 13, 13.2),
];

describe('FrameTrace.timing: when a draw reached the screen', () => {
  it('is the display compositor swap that drew the submitted frame, also when it starts before the renderer compositor finishes its draw', () => {
    const t = new FrameTrace(
      trace([
        ...mainFrame,
        span('ProxyImpl::ScheduledActionDraw', RENDERER, COMPOSITOR, 14, 26),
        submit(14.2, FRAME),
        // the display compositor draws the frame at once, while the renderer compositor is still
        // in its draw (its bookkeeping after the submit)
        ...swap(16.2, 20, '-4002464356600566290', [FRAME, BROWSER_FRAME]),
        // the next display frame, two frames later
        ...swap(50, 54, '-4002464356600566288', ['-4002464356600566300', BROWSER_FRAME]),
      ]),
      0,
    );
    const timing = t.timing(11);
    expect(timing?.frameStartMs).toBeCloseTo(10, 3);
    expect(timing?.paintedMs).toBeCloseTo(13.5, 3);
    expect(timing?.displayedMs).toBeCloseTo(20, 3);
  });

  it('is not a swap that started after the submit but drew another frame (ids compared exactly, not as floating-point numbers)', () => {
    const t = new FrameTrace(
      trace([
        ...mainFrame,
        span('ProxyImpl::ScheduledActionDraw', RENDERER, COMPOSITOR, 14, 18),
        submit(14.2, FRAME),
        // a swap of the page's previous frame before this one arrived
        ...swap(14.5, 15.5, '-4002464356600566290', [OTHER_FRAME, BROWSER_FRAME]),
        ...swap(16, 21, '-4002464356600566289', [FRAME, BROWSER_FRAME]),
      ]),
      0,
    );
    expect(t.timing(11)?.displayedMs).toBeCloseTo(21, 3);
  });

  it('counts from the renderer compositor draw after the commit was activated, not one that drew the tree before it', () => {
    const t = new FrameTrace(
      trace([
        span('ProxyMain::BeginMainFrame', RENDERER, MAIN, 10, 14),
        span('ProxyMain::BeginMainFrame::commit', RENDERER, MAIN, 12, 13.5),
        span('ProxyImpl::Commit', RENDERER, COMPOSITOR, 12.5, 12.8),
        // a draw of the old tree: this commit's activation waits for raster until 30 ms
        span('ProxyImpl::ScheduledActionDraw', RENDERER, COMPOSITOR, 14, 15),
        submit(14.2, OTHER_FRAME),
        ...swap(15.2, 17, '-4002464356600566290', [OTHER_FRAME, BROWSER_FRAME]),
        span('LayerTreeHostImpl::ActivateSyncTree', RENDERER, COMPOSITOR, 30, 30.5),
        span('ProxyImpl::ScheduledActionDraw', RENDERER, COMPOSITOR, 31, 33),
        submit(31.2, FRAME),
        ...swap(32, 36, '-4002464356600566289', [FRAME, BROWSER_FRAME]),
      ]),
      0,
    );
    expect(t.timing(11)?.displayedMs).toBeCloseTo(36, 3);
  });

  it('a frame the display compositor never drew (a newer one replaced it) is shown by the swap of the next frame drawn', () => {
    const t = new FrameTrace(
      trace([
        ...mainFrame,
        span('ProxyImpl::ScheduledActionDraw', RENDERER, COMPOSITOR, 14, 15),
        submit(14.2, FRAME),
        span('ProxyImpl::ScheduledActionDraw', RENDERER, COMPOSITOR, 16, 17),
        submit(16.2, '-4002464356600566300'),
        ...swap(17.5, 22, '-4002464356600566289', ['-4002464356600566300', BROWSER_FRAME]),
      ]),
      0,
    );
    expect(t.timing(11)?.displayedMs).toBeCloseTo(22, 3);
  });

  it('without the pipeline steps in the trace: the first swap after the renderer compositor draw', () => {
    const t = new FrameTrace(
      trace([
        ...mainFrame,
        span('ProxyImpl::ScheduledActionDraw', RENDERER, COMPOSITOR, 14, 16),
        span('Display::DrawAndSwap', GPU, VIZ, 15, 17),
        span('Display::DrawAndSwap', GPU, VIZ, 31, 35),
      ]),
      0,
    );
    expect(t.timing(11)?.displayedMs).toBeCloseTo(35, 3);
  });

  it('is undefined for a draw after the last commit of the trace', () => {
    const t = new FrameTrace(trace([...mainFrame]), 0);
    expect(t.timing(40)).toBeUndefined();
  });
});
