/**
 * Ten-thousand-stroke page harness: an ink store holding 10,000 handwriting strokes (30 dots
 * each, letter-sized, in lines over the whole A4 page) shown by one PageView (1280 × 800).
 *
 * `firstPaint()` mounts the view and reports when its completed layer was drawn (the caller
 * reads from a trace when that frame was painted). `panZoom()` then runs a scripted gesture: one
 * new viewport per animation frame, set through the view's handle as its gestures do (a pan
 * across the page at 1.5×, then a zoom from the whole page to 3× and back around the centre),
 * recording every frame's time stamp and every completed-layer draw.
 */
import { BrushType, createInkStore, createStroke, DotBuffer, type InkStore } from '@dotink/ink';
import { pageAddress, pageId } from '@dotink/ncode';
import { type LayerDrawInfo, PageView, type PageViewHandle, type Viewport, zoomAround } from '@dotink/view';
import { createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CLOCK_MARK } from '../frameTrace';
import type { FirstPaintResult, PanZoomResult } from '../results';
import { frames, sleep } from './frames';

const PAGE = pageAddress(3, 27, 1068, 7);
const VIEW = { width: 1280, height: 800 };
const T0 = 1_700_000_000_000;

/** 10,000 strokes laid out like handwriting: lines of letter-sized strokes. */
function handwrittenPage(count: number, dotsPerStroke: number): InkStore {
  const store = createInkStore();
  const perLine = 80;
  const lineNu = 125 / Math.ceil(count / perLine);
  store.batch(() => {
    for (let k = 0; k < count; k++) {
      const x0 = 2 + (k % perLine) * 1.05;
      const y0 = 1 + Math.floor(k / perLine) * lineNu;
      const phase = (k * 2.399) % (2 * Math.PI);
      const dots = new DotBuffer(dotsPerStroke);
      const start = T0 + k * 700;
      for (let i = 0; i < dotsPerStroke; i++) {
        const t = i / (dotsPerStroke - 1);
        dots.push(
          x0 + 0.7 * t + 0.25 * Math.sin(phase + 6 * t),
          y0 + 0.35 * Math.sin(phase + 4 * t) + 0.3 * t,
          Math.round(250 + 350 * Math.sin(Math.PI * t)),
          start + i * 10,
        );
      }
      store.add(
        createStroke(
          { key: `bench-${k}`, page: PAGE, brushType: BrushType.pen, thickness: 0.2 },
          dots.view(),
        ),
      );
    }
  });
  return store;
}

let root: Root | undefined;
const handle = createRef<PageViewHandle>();
let onDraw: ((info: LayerDrawInfo) => void) | undefined;

async function firstPaint(o: { strokes: number; dotsPerStroke: number }): Promise<FirstPaintResult> {
  const store = handwrittenPage(o.strokes, o.dotsPerStroke);
  await sleep(200);
  let completedDrawnMs = Number.NaN;
  let strokesDrawn = 0;
  let allDrawnMs = Number.NaN;
  let filled = 0;
  const drawn = new Promise<void>((resolve) => {
    onDraw = (info) => {
      if (info.layer !== 'completed') return;
      filled += info.count;
      if (info.count > 0 && Number.isNaN(completedDrawnMs)) {
        completedDrawnMs = performance.now();
        strokesDrawn = info.count;
      }
      if (!Number.isNaN(completedDrawnMs) && (filled >= o.strokes || (info.bitmap ?? 0) >= o.strokes)) {
        allDrawnMs = performance.now();
        resolve();
      }
    };
  });
  const mountMs = performance.now();
  root = createRoot(document.getElementById('root')!);
  root.render(
    <PageView
      ref={handle}
      page={PAGE}
      store={store}
      width={VIEW.width}
      height={VIEW.height}
      devicePixelRatio={1}
      fit="full"
      laser="off"
      onLayerDraw={(info) => onDraw?.(info)}
    />,
  );
  await drawn;
  await frames(3);
  let dots = 0;
  for (const s of store.strokesOnPage(pageId(PAGE))) dots += s.dots.count;
  return {
    strokes: o.strokes,
    dots,
    mountMs,
    completedDrawnMs,
    strokesDrawn,
    allDrawnMs,
    clockMarkMs: performance.mark(CLOCK_MARK).startTime,
  };
}

/** The gesture: `panFrames` frames of panning at 1.5×, `zoomFrames` of zooming to 3× and back. */
function gesture(start: Viewport, panFrames: number, zoomFrames: number): Viewport[] {
  const out: Viewport[] = [];
  const centre = { x: VIEW.width / 2, y: VIEW.height / 2 };
  const zoomed = zoomAround(start, 1.5, centre);
  for (let i = 0; i < panFrames; i++) {
    const a = (i / panFrames) * 2 * Math.PI;
    out.push({
      scale: zoomed.scale,
      offsetXPx: zoomed.offsetXPx + 300 * Math.sin(a),
      offsetYPx: zoomed.offsetYPx + 450 * Math.sin(a / 2) - 150 * (1 - Math.cos(a)),
    });
  }
  for (let i = 0; i < zoomFrames; i++) {
    const u = (1 - Math.cos((i / zoomFrames) * 2 * Math.PI)) / 2; // 0 → 1 → 0
    out.push(zoomAround(start, start.scale * (3 / start.scale) ** u, centre));
  }
  return out;
}

async function panZoom(o: { panFrames: number; zoomFrames: number }): Promise<PanZoomResult> {
  const view = handle.current;
  if (!view) throw new Error('call firstPaint first');
  const steps = gesture(view.viewport(), o.panFrames, o.zoomFrames);
  let completedDraws = 0;
  let strokesDrawnMin = Number.POSITIVE_INFINITY;
  let strokesDrawnMax = 0;
  onDraw = (info) => {
    if (info.layer !== 'completed') return;
    completedDraws++;
    strokesDrawnMin = Math.min(strokesDrawnMin, info.count);
    strokesDrawnMax = Math.max(strokesDrawnMax, info.count);
  };
  const frameTimesMs: number[] = [];
  await new Promise<void>((resolve) => {
    let i = 0;
    const tick = (t: number) => {
      frameTimesMs.push(t);
      if (i < steps.length) {
        view.setViewport(steps[i++]!);
        requestAnimationFrame(tick);
      } else resolve();
    };
    requestAnimationFrame(tick);
  });
  await frames(2);
  return { frameTimesMs, viewportsSet: steps.length, completedDraws, strokesDrawnMin, strokesDrawnMax };
}

(globalThis as unknown as { bench: unknown }).bench = { firstPaint, panZoom };
