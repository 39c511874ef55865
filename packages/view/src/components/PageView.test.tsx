// @vitest-environment jsdom
import 'vitest-canvas-mock';
import { createInkStore } from '@dotink/ink';
import { pageId } from '@dotink/ncode';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/I18nProvider';
import { StrokePathCache } from '../pipeline/strokePathCache';
import { inkRig, line, makeStroke, PAGE_A, PAGE_B } from '../testing/fixtures';
import { manualViewScheduler } from '../timing/viewScheduler';
import { PageView, type PageViewHandle } from './PageView';
import type { PageViewProps } from './pageViewProps';
import { createPageViewPointerPen } from './pointerPen';
import type { PointerInput } from './useViewGestures';
import type { LayerDrawInfo } from './viewStats';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const SIZE = { width: 800, height: 600 } as const;

/** The canvases made through `document.createElement` from now on (the layer bitmaps among them). */
function createdCanvases(): HTMLCanvasElement[] {
  const made: HTMLCanvasElement[] = [];
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
    const el = create(tag, options);
    if (el instanceof HTMLCanvasElement) made.push(el);
    return el;
  });
  return made;
}

function recorder() {
  const calls: string[] = [];
  const input: PointerInput = {
    pointerDown: (e) => calls.push(`down ${e.clientX},${e.clientY}`),
    pointerMove: (e) => calls.push(`move ${e.clientX},${e.clientY}`),
    pointerUp: (e) => calls.push(`up ${e.clientX},${e.clientY}`),
    pointerCancel: (e) => calls.push(`cancel ${e.clientX},${e.clientY}`),
  };
  return { calls, input };
}

const view = () => screen.getByTestId('page-view');
const drag = (
  el: HTMLElement,
  from: [number, number],
  to: [number, number],
  extra: { ctrlKey?: boolean; altKey?: boolean; pointerType?: string; pointerId?: number } = {},
) => {
  const base = { pointerId: extra.pointerId ?? 1, pointerType: extra.pointerType ?? 'mouse', button: 0 };
  fireEvent.pointerDown(el, { ...base, ...extra, buttons: 1, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(el, {
    ...base,
    buttons: 1,
    clientX: (from[0] + to[0]) / 2,
    clientY: (from[1] + to[1]) / 2,
  });
  fireEvent.pointerMove(el, { ...base, buttons: 1, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(el, { ...base, buttons: 0, clientX: to[0], clientY: to[1] });
};

/**
 * A page view showing `PAGE_A` with a live feed and an ink store, on frames the test runs; the
 * first frame has run. Answers the rig, the frames, the layer draws and the live canvas context.
 */
function mountLiveView(props: Partial<PageViewProps>) {
  const rig = inkRig();
  const frames = manualViewScheduler();
  const draws: LayerDrawInfo[] = [];
  render(
    <PageView
      {...SIZE}
      page={PAGE_A}
      live={rig.feed}
      store={rig.store}
      scheduler={frames}
      onLayerDraw={(d) => draws.push(d)}
      {...props}
    />,
  );
  const ctx = document.querySelector<HTMLCanvasElement>('canvas[data-layer="live"]')!.getContext('2d')!;
  frames.runFrames();
  return { rig, frames, draws, ctx };
}

describe('PageView', () => {
  it('shows the placeholder when no page is assigned', () => {
    render(<PageView {...SIZE} />);
    expect(screen.getByText('Page not assigned. please assign a page')).toBeTruthy();
    expect(document.querySelectorAll('canvas')).toHaveLength(0);
  });

  it('shows the placeholder in the chosen language', () => {
    render(
      <I18nProvider language="ja">
        <PageView {...SIZE} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('page-placeholder').textContent).toBe(
      'ページが割り当てられていません。ページを割り当ててください',
    );
  });

  it('has three layered canvases for a page', () => {
    render(<PageView {...SIZE} page={PAGE_A} />);
    const layers = [...document.querySelectorAll('canvas')].map((c) => c.dataset.layer);
    expect(layers).toEqual(['document', 'completed', 'live']);
  });

  it('redraws the completed layer only for its own page, building only new paths', () => {
    const store = createInkStore();
    store.add(makeStroke(PAGE_A, line(10, 10)));
    const cache = new StrokePathCache();
    const draws: LayerDrawInfo[] = [];
    const completed = () => draws.filter((d) => d.layer === 'completed');
    const props = { ...SIZE, page: PAGE_A, store, pathCache: cache, scheduler: manualViewScheduler() };
    const { rerender } = render(<PageView {...props} onLayerDraw={(d) => draws.push(d)} />);
    expect(completed()).toHaveLength(1);
    expect(completed()[0]!.count).toBe(1);
    expect(cache.stats().builds).toBe(1);

    act(() => {
      store.add(makeStroke(PAGE_B, line(20, 20)));
    });
    expect(completed()).toHaveLength(1);

    rerender(<PageView {...props} onLayerDraw={(d) => draws.push(d)} />);
    expect(completed()).toHaveLength(1);

    act(() => {
      store.add(makeStroke(PAGE_A, line(30, 30)));
    });
    // an append fills only the new stroke, on top
    expect(completed()).toHaveLength(2);
    expect(completed()[1]).toEqual({ layer: 'completed', count: 1, full: false });
    expect(cache.stats()).toEqual({ builds: 2, hits: 1 }); // into the bitmap, then onto the layer
  });

  it('draws a stroke added to the store at once, without rendering the view again', () => {
    const store = createInkStore();
    store.add(makeStroke(PAGE_A, line(10, 10)));
    const draws: LayerDrawInfo[] = [];
    let commits = 0;
    render(
      <Profiler id="view" onRender={() => commits++}>
        <PageView {...SIZE} page={PAGE_A} store={store} onLayerDraw={(d) => draws.push(d)} />
      </Profiler>,
    );
    const before = commits;
    store.add(makeStroke(PAGE_A, line(30, 30)));
    expect(draws.at(-1)).toEqual({ layer: 'completed', count: 1, full: false });
    store.add(makeStroke(PAGE_A, line(40, 40)));
    expect(draws.filter((d) => d.layer === 'completed')).toHaveLength(3);
    expect(commits).toBe(before);
  });

  it("filters by writer and owner, and draws other writers' strokes in another colour", () => {
    const store = createInkStore();
    store.add(
      makeStroke(PAGE_A, line(10, 10), { writerId: 'ann', surfaceOwnerId: 'doc1', colorArgb: 0xffff0000 }),
    );
    store.add(
      makeStroke(PAGE_A, line(20, 20), { writerId: 'bob', surfaceOwnerId: 'doc1', colorArgb: 0xffff0000 }),
    );
    store.add(
      makeStroke(PAGE_A, line(30, 30), { writerId: 'bob', surfaceOwnerId: 'doc2', colorArgb: 0xffff0000 }),
    );
    const draws: LayerDrawInfo[] = [];
    const canvases = createdCanvases();
    const { rerender } = render(
      <PageView
        {...SIZE}
        page={PAGE_A}
        store={store}
        visibleWriters={['bob']}
        onLayerDraw={(d) => draws.push(d)}
      />,
    );
    expect(draws.filter((d) => d.layer === 'completed').at(-1)!.count).toBe(2);
    rerender(
      <PageView
        {...SIZE}
        page={PAGE_A}
        store={store}
        visibleOwners={['doc1']}
        selfWriterId="ann"
        otherWriterColorArgb={0xff0000ff}
        onLayerDraw={(d) => draws.push(d)}
      />,
    );
    expect(draws.filter((d) => d.layer === 'completed').at(-1)!.count).toBe(2);
    // strokes are filled into the layer's bitmap (the last canvas made)
    const fills = canvases
      .at(-1)!
      .getContext('2d')!
      .__getEvents()
      .filter((e) => e.type === 'fillStyle')
      .slice(-2)
      .map((e) => e.props.value);
    expect(fills).toEqual(['#ff0000', '#0000ff']);
  });

  it('zooms with the wheel around the cursor, clamped to 0.25 … 3', () => {
    const ref = createRef<PageViewHandle>();
    const fits: string[] = [];
    render(<PageView {...SIZE} ref={ref} page={PAGE_A} fit="actual" onFitChange={(m) => fits.push(m)} />);
    const before = ref.current!.viewport();
    expect(before.scale).toBe(1);
    fireEvent.wheel(view(), { deltaY: 100, clientX: 400, clientY: 300 });
    const one = ref.current!.viewport();
    expect(one.scale).toBeCloseTo(0.9985 ** 100, 12);
    // the page point under the cursor stays
    expect((400 - one.offsetXPx) / one.scale).toBeCloseTo((400 - before.offsetXPx) / before.scale, 9);
    expect(fits).toEqual(['free']);
    for (let i = 0; i < 30; i++) fireEvent.wheel(view(), { deltaY: -400, clientX: 400, clientY: 300 });
    expect(ref.current!.viewport().scale).toBe(3);
    for (let i = 0; i < 30; i++) fireEvent.wheel(view(), { deltaY: 400, clientX: 400, clientY: 300 });
    expect(ref.current!.viewport().scale).toBe(0.25);
  });

  it('pans with ctrl or alt + drag, without writing', () => {
    const ref = createRef<PageViewHandle>();
    const pen = recorder();
    render(<PageView {...SIZE} ref={ref} page={PAGE_A} fit="actual" pointerInput={pen.input} />);
    const start = ref.current!.viewport();
    drag(view(), [100, 100], [150, 80], { ctrlKey: true });
    expect(ref.current!.viewport()).toEqual({
      ...start,
      offsetXPx: start.offsetXPx + 50,
      offsetYPx: start.offsetYPx - 20,
    });
    drag(view(), [0, 0], [-10, 10], { altKey: true });
    expect(ref.current!.viewport().offsetXPx).toBeCloseTo(start.offsetXPx + 40, 9);
    expect(ref.current!.fitMode()).toBe('free');
    expect(pen.calls).toEqual([]);
  });

  it('pinches and pans with two touches', () => {
    const ref = createRef<PageViewHandle>();
    render(<PageView {...SIZE} ref={ref} page={PAGE_A} fit="actual" />);
    const el = view();
    const t = { pointerType: 'touch', buttons: 1 };
    fireEvent.pointerDown(el, { ...t, pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(el, { ...t, pointerId: 2, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(el, { ...t, pointerId: 2, clientX: 300, clientY: 100 });
    expect(ref.current!.viewport().scale).toBeCloseTo(2, 9);
    fireEvent.pointerUp(el, { ...t, pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(el, { ...t, pointerId: 2, clientX: 300, clientY: 100 });
  });

  it('sends plain presses to the pointer pen', () => {
    const pen = recorder();
    render(<PageView {...SIZE} page={PAGE_A} pointerInput={pen.input} />);
    drag(view(), [300, 300], [320, 310]);
    expect(pen.calls).toEqual(['down 300,300', 'move 310,305', 'move 320,310', 'up 320,310']);
    fireEvent.pointerMove(view(), { pointerId: 1, pointerType: 'mouse', buttons: 0, clientX: 5, clientY: 6 });
    expect(pen.calls.at(-1)).toBe('move 5,6'); // hover
  });

  it('ignores input of disabled features', () => {
    const ref = createRef<PageViewHandle>();
    const pen = recorder();
    const { rerender } = render(
      <PageView
        {...SIZE}
        ref={ref}
        page={PAGE_A}
        fit="actual"
        pointerInput={pen.input}
        disabled={{ panZoom: true }}
      />,
    );
    const start = ref.current!.viewport();
    fireEvent.wheel(view(), { deltaY: -300, clientX: 10, clientY: 10 });
    drag(view(), [100, 100], [200, 200], { ctrlKey: true });
    expect(ref.current!.viewport()).toEqual(start);

    rerender(
      <PageView
        {...SIZE}
        ref={ref}
        page={PAGE_A}
        fit="actual"
        pointerInput={pen.input}
        disabled={{ mousePen: true }}
      />,
    );
    drag(view(), [300, 300], [320, 310]);
    expect(pen.calls).toEqual([]);

    rerender(
      <PageView
        {...SIZE}
        ref={ref}
        page={PAGE_A}
        fit="actual"
        pointerInput={pen.input}
        disabled={{ pen: true, panZoom: true }}
      />,
    );
    const now = ref.current!.viewport();
    drag(view(), [300, 300], [320, 310]);
    expect(pen.calls).toEqual([]);
    expect(ref.current!.viewport()).toEqual(now);
  });

  it('writes strokes through a PointerPen, mapped to nu on the page', () => {
    const rig = inkRig();
    const ref = createRef<PageViewHandle>();
    const pen = createPageViewPointerPen(() => ref.current, { timeOriginMs: 1_700_000_000_000 });
    pen.onEvent((e) => rig.builder.handle(e));
    render(
      <PageView
        {...SIZE}
        ref={ref}
        page={PAGE_A}
        fit="actual"
        pointerInput={pen}
        live={rig.feed}
        store={rig.store}
      />,
    );
    const vp = ref.current!.viewport();
    drag(view(), [300, 200], [340, 240]);
    const strokes = rig.store.strokesOnPage(pageId(PAGE_A));
    expect(strokes).toHaveLength(1);
    const s = strokes[0]!;
    expect(s.inputType).toBe('pen'); // the rig's brush
    expect(s.dots.count).toBe(3);
    expect(s.dots.xNu[0]).toBeCloseTo((300 - vp.offsetXPx) / vp.scale / 6.72, 4);
    expect(s.dots.yNu[2]).toBeCloseTo((240 - vp.offsetYPx) / vp.scale / 6.72, 4);
    expect(ref.current!.clientToNu(-50, -50)).toBeUndefined();
  });

  it("draws a pen's newest segments at once, in the notification's task (low latency)", () => {
    const { rig, frames, draws, ctx } = mountLiveView({});
    ctx.__clearEvents();
    const lines = () => ctx.__getEvents().filter((e) => e.type === 'lineTo').length;
    const pen = rig.pen().penDown().page(PAGE_A).penMove(10, 10).penMove(11, 11).penMove(12, 12);
    // no frame has run: the two segments are drawn already, one draw per notification
    expect(lines()).toBe(2);
    expect(draws.filter((d) => d.layer === 'live').slice(-2)).toEqual([
      { layer: 'live', count: 1, full: false },
      { layer: 'live', count: 1, full: false },
    ]);
    ctx.__clearEvents();
    pen.penMove(13, 13);
    expect(lines()).toBe(1);
    // the next frame draws nothing again
    ctx.__clearEvents();
    frames.runFrames();
    expect(lines()).toBe(0);
    // pen up: the stroke moves to the completed layer; its box on the live layer is cleared
    act(() => {
      pen.penUp();
      frames.runFrames();
    });
    expect(ctx.__getEvents().some((e) => e.type === 'clearRect')).toBe(true);
    expect(draws.filter((d) => d.layer === 'completed').at(-1)!.count).toBe(1);
  });

  it('draws only the newest live segments per frame (liveInk="frame")', () => {
    const { rig, frames, draws, ctx } = mountLiveView({ liveInk: 'frame' });
    const pen = rig.pen().penDown().page(PAGE_A).penMove(10, 10).penMove(11, 11).penMove(12, 12);
    ctx.__clearEvents();
    expect(frames.runFrames()).toBe(1);
    const lines = () => ctx.__getEvents().filter((e) => e.type === 'lineTo').length;
    expect(lines()).toBe(2);
    ctx.__clearEvents();
    pen.penMove(13, 13);
    frames.runFrames();
    expect(lines()).toBe(1);
    expect(ctx.__getEvents().some((e) => e.type === 'clearRect')).toBe(false);
    expect(draws.at(-1)).toEqual({ layer: 'live', count: 1, full: false });
    // two dots in one frame: two segments, one frame
    pen.penMove(14, 14).penMove(15, 15);
    ctx.__clearEvents();
    expect(frames.runFrames()).toBe(1);
    expect(lines()).toBe(2);
    // pen up: the stroke moves to the completed layer; the live layer is cleared
    ctx.__clearEvents();
    act(() => {
      pen.penUp();
      frames.runFrames();
    });
    expect(ctx.__getEvents().some((e) => e.type === 'clearRect')).toBe(true);
    expect(lines()).toBe(0);
    expect(draws.filter((d) => d.layer === 'completed').at(-1)!.count).toBe(1);
  });

  it("on pen-up clears only the ended stroke's box, drawing again only the live strokes crossing it", () => {
    const { rig, frames, draws, ctx } = mountLiveView({ fit: 'actual' });
    const near = rig.pen('pen-1').penDown().page(PAGE_A).penMove(10, 10).penMove(11, 11);
    const crossing = rig.pen('pen-2').penDown().page(PAGE_A).penMove(11, 10).penMove(10, 11);
    const far = rig.pen('pen-3').penDown().page(PAGE_A).penMove(60, 90).penMove(61, 91);
    frames.runFrames();
    ctx.__clearEvents();
    act(() => {
      near.penUp();
      frames.runFrames();
    });
    const events = ctx.__getEvents();
    const clears = events.filter((e) => e.type === 'clearRect');
    expect(clears).toHaveLength(1);
    expect(clears[0]!.props.width).toBeLessThan(SIZE.width / 4);
    // the crossing stroke is drawn again (one segment), the far one is not touched
    expect(events.filter((e) => e.type === 'lineTo')).toHaveLength(1);
    expect(draws.filter((d) => d.layer === 'live').at(-1)).toEqual({ layer: 'live', count: 1, full: false });
    crossing.penUp();
    far.penUp();
  });

  it('shows the laser pointer with 10 followers and hides it after 1.5 s', () => {
    vi.useFakeTimers();
    const rig = inkRig();
    render(<PageView {...SIZE} page={PAGE_A} live={rig.feed} />);
    act(() => {
      rig.pen().page(PAGE_A).hover(10, 10);
    });
    const laser = screen.getByTestId('view-laser');
    expect(laser.querySelectorAll('circle')).toHaveLength(11);
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByTestId('view-laser')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('view-laser')).toBeNull();
  });

  it('shows a cursor with 1 follower, and keeps it while the pen hovers', () => {
    vi.useFakeTimers();
    const rig = inkRig();
    render(<PageView {...SIZE} page={PAGE_A} live={rig.feed} laser="cursor" />);
    const pen = rig.pen().page(PAGE_A);
    act(() => {
      pen.hover(10, 10);
    });
    expect(screen.getByTestId('view-laser').querySelectorAll('circle')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1000);
      pen.hover(11, 11);
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByTestId('view-laser')).not.toBeNull();
  });

  it('shows the 4-division grid', () => {
    render(<PageView {...SIZE} page={PAGE_A} grid />);
    expect(screen.getByTestId('view-grid').querySelectorAll('line')).toHaveLength(6);
  });

  it('spans a crop rectangle clamped to the page', () => {
    const ref = createRef<PageViewHandle>();
    const crops: { rect: { x: number; y: number; width: number; height: number }; done: boolean }[] = [];
    const pen = recorder();
    render(
      <PageView
        {...SIZE}
        ref={ref}
        page={PAGE_A}
        fit="full"
        cropMode
        pointerInput={pen.input}
        onCropChange={(rect, done) => crops.push({ rect, done })}
      />,
    );
    const vp = ref.current!.viewport();
    drag(view(), [0, 0], [vp.offsetXPx + 100 * vp.scale, vp.offsetYPx + 200 * vp.scale]);
    const last = crops.at(-1)!;
    expect(last.done).toBe(true);
    expect(last.rect.x).toBe(0);
    expect(last.rect.y).toBe(0);
    expect(last.rect.width).toBeCloseTo(100, 6);
    expect(last.rect.height).toBeCloseTo(200, 6);
    expect(pen.calls).toEqual([]);
  });

  it('asks to change page when an allowed writer writes on another page', () => {
    const rig = inkRig((penId) => (penId === 'pen-1' ? 'ann' : 'bob'));
    const asked: string[] = [];
    const { rerender } = render(
      <PageView
        {...SIZE}
        page={PAGE_A}
        live={rig.feed}
        allowedWriters={['ann']}
        onPageRequest={(p, w) => asked.push(`${pageId(p)} ${w}`)}
      />,
    );
    rig.pen('pen-2').stroke(PAGE_B, line(1, 1));
    rig.pen('pen-1').stroke(PAGE_A, line(1, 1));
    rig.pen('pen-1').stroke(PAGE_B, line(1, 1));
    expect(asked).toEqual([`${pageId(PAGE_B)} ann`]);
    rerender(
      <PageView
        {...SIZE}
        page={PAGE_A}
        live={rig.feed}
        disabled={{ autoPageChange: true }}
        onPageRequest={(p, w) => asked.push(`${pageId(p)} ${w}`)}
      />,
    );
    rig.pen('pen-1').stroke(PAGE_B, line(1, 1));
    expect(asked).toHaveLength(1);
  });

  it('follows the writing when it leaves the view (auto focus), unless disabled', () => {
    const ref = createRef<PageViewHandle>();
    const rig = inkRig();
    const frames = manualViewScheduler();
    const { rerender } = render(
      <PageView {...SIZE} ref={ref} page={PAGE_A} live={rig.feed} scheduler={frames} fit="actual" />,
    );
    const start = ref.current!.viewport();
    // bottom of the A4 page: below the view at scale 1
    rig.pen().penDown().page(PAGE_A).penMove(40, 120).penMove(41, 121);
    act(() => {
      frames.runFrames();
    });
    // the view never moves under a pen that is down: it follows when the pen lifts
    expect(ref.current!.viewport()).toEqual(start);
    rig.pen().penUp();
    act(() => {
      frames.runFrames();
    });
    expect(ref.current!.viewport().offsetYPx).toBeLessThan(start.offsetYPx);
    act(() => ref.current!.setFitMode('actual'));
    rig.pen().penDown().page(PAGE_A).penMove(40, 120).penMove(41, 121);
    rerender(
      <PageView
        {...SIZE}
        ref={ref}
        page={PAGE_A}
        live={rig.feed}
        scheduler={frames}
        fit="actual"
        disabled={{ autoFocus: true }}
      />,
    );
    act(() => ref.current!.setFitMode('actual'));
    rig.pen().penMove(42, 122).penUp();
    act(() => {
      frames.runFrames();
    });
    expect(ref.current!.viewport()).toEqual(start);
  });

  it('shows the debug panel', () => {
    const store = createInkStore();
    store.add(makeStroke(PAGE_A, line(10, 10)));
    render(<PageView {...SIZE} page={PAGE_A} store={store} debug />);
    const panel = screen.getByTestId('view-debug');
    expect(panel.textContent).toContain(pageId(PAGE_A));
    expect(panel.querySelector('[data-debug="Strokes"]')!.textContent).toBe('1');
  });

  it('renders the document image through its source, at most at 300 dpi', async () => {
    const renders: number[] = [];
    const source = {
      key: 'doc/1',
      sizePt: { widthPt: 600, heightPt: 800 },
      render: async (_c: HTMLCanvasElement, scale: number) => {
        renders.push(scale);
      },
    };
    const draws: LayerDrawInfo[] = [];
    render(
      <PageView
        {...SIZE}
        page={PAGE_A}
        document={source}
        onLayerDraw={(d) => draws.push(d)}
        devicePixelRatio={1}
      />,
    );
    await act(async () => {});
    expect(renders).toHaveLength(1);
    expect(renders[0]!).toBeLessThanOrEqual(300 / 72);
    expect(draws.filter((d) => d.layer === 'document').at(-1)!.count).toBe(1);
  });
});
