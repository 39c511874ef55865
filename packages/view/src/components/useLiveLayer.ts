/**
 * The live-strokes layer, drawn newest segments only. The feed says which dots are new:
 * - at once, in the notification's own task, when nothing else waits for the layer (the usual
 *   case while pens write): the segment is drawn on a low-latency canvas (`desynchronized`), which
 *   the browser hands to the display compositor when the task ends instead of waiting for the
 *   page's next frame — the dot reaches the screen within a frame rather than after one;
 * - otherwise (a whole redraw or ended strokes are due) collected and drawn in the next animation
 *   frame, in order with that work.
 * When a live stroke ends (it moves to the completed layer) only its box is cleared, in the next
 * frame, and the live strokes crossing it are drawn again there; the layer is cleared and drawn
 * whole when the viewport, size or replay partials change (done at once, in step with the
 * completed layer), or when many strokes ended in one frame. Auto focus follows the newest point
 * once per frame.
 */
import type { LiveStroke, Stroke, StrokeKey } from '@dotink/ink';
import type { Homography, PageId } from '@dotink/ncode';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { LiveInkFeed } from '../live/liveInkFeed';
import type { Viewport } from '../pipeline/viewTransform';
import {
  drawLiveSegments,
  drawPartialStroke,
  type LiveLayerParams,
  liveBoundsPx,
  type RectPx,
  rectsMeet,
} from '../render/drawLive';
import { clearLayer, sizeLayerCanvas } from '../render/layerSize';
import type { ViewScheduler } from '../timing/viewScheduler';
import type { Size } from '../viewport/fit';
import type { LayerDrawInfo } from './viewStats';

export interface LiveLayerInput {
  readonly feed: LiveInkFeed | undefined;
  readonly pageId: PageId | undefined;
  readonly viewport: Viewport;
  readonly viewPx: Size;
  readonly devicePixelRatio: number;
  readonly nuToPt: Homography;
  readonly selfWriterId?: string;
  readonly otherWriterArgb?: number;
  readonly colorOf?: (s: Stroke) => number;
  /** Replay: strokes shown up to a dot count. */
  readonly partials: readonly (readonly [Stroke, number])[] | undefined;
  readonly scheduler: ViewScheduler;
  /**
   * Auto focus: called with a smart pen's newest drawn point (view px) in the first frame with
   * no pen down on the page (never while one is down, never for a pointer's strokes).
   */
  readonly onNewestPoint?: (p: { x: number; y: number }) => void;
  readonly onDraw: (info: LayerDrawInfo) => void;
  /** Draw new segments in the notification's task (default) or only in the next frame. */
  readonly immediate?: boolean;
}

/**
 * The live canvas's context: low latency (its frames go to the display compositor as drawn).
 * The first `getContext` call fixes the attributes, so every call here passes them.
 */
const LIVE_CONTEXT: CanvasRenderingContext2DSettings = { desynchronized: true };

const liveContext = (canvas: HTMLCanvasElement | null | undefined) =>
  canvas?.getContext('2d', LIVE_CONTEXT) ?? null;

interface LiveState {
  readonly strokes: Map<StrokeKey, LiveStroke>;
  readonly pending: Map<StrokeKey, number>;
  full: boolean;
  /** Boxes of strokes ended since the last frame (view px), to clear. */
  readonly ended: RectPx[];
  /** The newest point drawn at once since the last frame. */
  newest: { x: number; y: number } | undefined;
  /**
   * The point auto focus follows once no pen is down on the page, with the viewport it is in
   * (view px): the newest point of a smart pen's stroke; a pointer's never (it is on screen).
   */
  follow: { readonly point: { x: number; y: number }; readonly viewport: Viewport } | undefined;
  cancelFrame: (() => void) | undefined;
}

/** More strokes than this ended in one frame: the layer is drawn whole instead. */
const MAX_ENDED_BOXES = 64;

export function useLiveLayer(canvasRef: RefObject<HTMLCanvasElement | null>, input: LiveLayerInput): void {
  const state = useRef<LiveState>({
    strokes: new Map(),
    pending: new Map(),
    full: false,
    ended: [],
    newest: undefined,
    follow: undefined,
    cancelFrame: undefined,
  });
  const latest = useRef(input);
  latest.current = input;

  const params = (i: LiveLayerInput): LiveLayerParams & { colorOf?: (s: Stroke) => number } => ({
    viewport: i.viewport,
    devicePixelRatio: i.devicePixelRatio,
    nuToPt: i.nuToPt,
    coloring: { selfWriterId: i.selfWriterId, otherWriterArgb: i.otherWriterArgb },
    colorOf: i.colorOf,
  });

  /** Remembers a smart pen's newest point for auto focus (a pointer's is on screen already). */
  const noteFollow = (live: LiveStroke, point: { x: number; y: number }, viewport: Viewport) => {
    if (live.inputType !== 'mouse') state.current.follow = { point, viewport };
  };

  /**
   * Auto focus, once no pen is down on the page: the view never moves under a pen that is down
   * (a pointer pressed near the edge would land elsewhere on the page, or off it).
   */
  const reportFollow = (i: LiveLayerInput) => {
    const s = state.current;
    if (s.strokes.size > 0 || !s.follow) return;
    const { point, viewport } = s.follow;
    s.follow = undefined;
    if (viewport === i.viewport) i.onNewestPoint?.(point);
  };

  /** Clears and draws every live stroke and replay partial; returns the count and newest point. */
  const drawWhole = (ctx: CanvasRenderingContext2D, i: LiveLayerInput) => {
    const s = state.current;
    clearLayer(ctx);
    const p = params(i);
    let count = 0;
    for (const [stroke, n] of i.partials ?? []) if (drawPartialStroke(ctx, stroke, n, p)) count++;
    for (const live of s.strokes.values()) {
      const last = drawLiveSegments(ctx, live, 0, p);
      if (last) {
        noteFollow(live, last, i.viewport);
        count++;
      }
    }
    s.pending.clear();
    s.ended.length = 0;
    s.full = false;
    return { count };
  };

  const frame = () => {
    const s = state.current;
    s.cancelFrame = undefined;
    const i = latest.current;
    const ctx = liveContext(canvasRef.current);
    if (!ctx) return;
    const drawnAtOnce = s.newest;
    s.newest = undefined;
    if (s.full) {
      const whole = drawWhole(ctx, i);
      i.onDraw({ layer: 'live', count: whole.count, full: true });
      reportFollow(i);
      return;
    }
    const p = params(i);
    let n = 0;
    const hadEnded = s.ended.length > 0;
    if (hadEnded) {
      // ended strokes: clear their boxes, draw again there the live strokes crossing them
      const { devicePixelRatio: dpr } = i;
      ctx.save();
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.beginPath();
      for (const r of s.ended) {
        ctx.clearRect(r.x, r.y, r.width, r.height);
        ctx.rect(r.x, r.y, r.width, r.height);
      }
      ctx.clip();
      for (const live of s.strokes.values()) {
        const box = liveBoundsPx(live, p);
        if (box && s.ended.some((r) => rectsMeet(r, box))) {
          drawLiveSegments(ctx, live, 0, p);
          n++;
        }
      }
      ctx.restore();
      s.ended.length = 0;
    }
    for (const [key, from] of s.pending) {
      const live = s.strokes.get(key);
      if (!live) continue;
      const last = drawLiveSegments(ctx, live, from, p);
      if (last) {
        noteFollow(live, last, i.viewport);
        n++;
      }
    }
    s.pending.clear();
    if (n > 0 || hadEnded || !drawnAtOnce) i.onDraw({ layer: 'live', count: n, full: false });
    reportFollow(i);
  };

  /** Draws a stroke's new dots now; false when the layer waits for a frame's work first. */
  const drawAtOnce = (live: LiveStroke, fromIndex: number): boolean => {
    const s = state.current;
    const i = latest.current;
    if (i.immediate === false || s.full || s.pending.size > 0) return false;
    const ctx = liveContext(canvasRef.current);
    if (!ctx) return false;
    const last = drawLiveSegments(ctx, live, fromIndex, params(i));
    i.onDraw({ layer: 'live', count: last ? 1 : 0, full: false });
    if (last) {
      s.newest = last;
      noteFollow(live, last, i.viewport);
    }
    return true;
  };

  const schedule = () => {
    const s = state.current;
    if (!s.cancelFrame) s.cancelFrame = latest.current.scheduler.frame(frame);
  };

  // feed subscription for this page
  const { feed, pageId } = input;
  // biome-ignore lint/correctness/useExhaustiveDependencies: frame and schedule read the latest input through refs
  useEffect(() => {
    const s = state.current;
    s.strokes.clear();
    s.pending.clear();
    s.full = true;
    if (!feed || !pageId) {
      schedule();
      return;
    }
    for (const live of feed.liveOnPage(pageId)) s.strokes.set(live.key, live);
    const off = feed.subscribePage(pageId, {
      dots(live, fromIndex) {
        s.strokes.set(live.key, live);
        if (drawAtOnce(live, fromIndex)) return;
        const prev = s.pending.get(live.key);
        s.pending.set(live.key, prev === undefined ? fromIndex : Math.min(prev, fromIndex));
        schedule();
      },
      ended(key) {
        const live = s.strokes.get(key);
        if (!live) return;
        s.strokes.delete(key);
        s.pending.delete(key);
        const box = liveBoundsPx(live, params(latest.current));
        if (box) s.ended.push(box);
        if (s.ended.length > MAX_ENDED_BOXES) s.full = true;
        schedule();
      },
    });
    schedule();
    return () => {
      off();
      s.cancelFrame?.();
      s.cancelFrame = undefined;
    };
  }, [feed, pageId]);

  // whole redraw at once when the geometry or the replay partials change
  const { viewport, viewPx, devicePixelRatio, nuToPt, partials, selfWriterId, otherWriterArgb, colorOf } =
    input;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every listed input changes what the layer shows
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = liveContext(canvas);
    if (!canvas || !ctx) return;
    sizeLayerCanvas(canvas, viewPx.width, viewPx.height, devicePixelRatio);
    const whole = drawWhole(ctx, latest.current);
    latest.current.onDraw({ layer: 'live', count: whole.count, full: true });
  }, [
    canvasRef,
    viewport,
    viewPx.width,
    viewPx.height,
    devicePixelRatio,
    nuToPt,
    partials,
    selfWriterId,
    otherWriterArgb,
    colorOf,
  ]);
}
