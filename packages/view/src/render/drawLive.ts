/**
 * The live-strokes layer renderer: draws only the newest segments of a stroke being written
 * (dot i − 1 → dot i for the new dots), straight from the dot columns, with the line width
 * following the pen's pressure. Nothing is cleared: earlier segments stay on the layer.
 * (Replay's partly shown strokes are drawn whole with {@link drawPartialStroke}.)
 */
import { BrushType, isVisibleInk, type LiveStroke, MARKER_OPACITY, type Stroke } from '@dotink/ink';
import type { Homography } from '@dotink/ncode';
import { outlineToPath2D } from '../pipeline/path2d';
import { maxPressureFor, normalizedPressure } from '../pipeline/pressure';
import { liveSegmentWidthPx, outlineScaleFor, strokeOutlinePx } from '../pipeline/strokeOutline';
import { strokeColorArgb, type WriterColoring } from '../pipeline/strokeStyle';
import type { Viewport } from '../pipeline/viewTransform';
import { cssColorCached } from './strokeColors';

export interface LiveLayerParams {
  readonly viewport: Viewport;
  readonly devicePixelRatio: number;
  readonly nuToPt: Homography;
  readonly coloring?: WriterColoring;
}

/** True when a live stroke shows ink (eraser and pen-UI strokes are invisible). */
export function drawsLive(live: Pick<LiveStroke, 'role' | 'brushType'>): boolean {
  return live.role === 'ink' && live.brushType !== BrushType.erased && live.brushType !== BrushType.eraser;
}

/**
 * Draws segments ending at dots `max(1, fromIndex)` … `count − 1` of a live stroke. Returns the
 * last drawn dot's position in view px (for auto focus), or undefined if nothing was drawn.
 */
export function drawLiveSegments(
  ctx: CanvasRenderingContext2D,
  live: LiveStroke,
  fromIndex: number,
  p: LiveLayerParams,
): { x: number; y: number } | undefined {
  if (!drawsLive(live)) return undefined;
  const d = live.dots;
  const n = d.count;
  const start = Math.max(1, fromIndex);
  if (start >= n) return undefined;
  const { viewport: vp, devicePixelRatio: dpr, nuToPt: m } = p;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.globalAlpha = live.brushType === BrushType.marker ? MARKER_OPACITY : 1;
  ctx.strokeStyle = cssColorCached(strokeColorArgb(live, p.coloring));
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const maxP = maxPressureFor(live.inputType);
  const toX = (x: number, y: number) =>
    ((m.a * x + m.b * y + m.c) / (m.g * x + m.h * y + m.i)) * vp.scale + vp.offsetXPx;
  const toY = (x: number, y: number) =>
    ((m.d * x + m.e * y + m.f) / (m.g * x + m.h * y + m.i)) * vp.scale + vp.offsetYPx;
  let px = toX(d.xNu[start - 1]!, d.yNu[start - 1]!);
  let py = toY(d.xNu[start - 1]!, d.yNu[start - 1]!);
  for (let i = start; i < n; i++) {
    const x = toX(d.xNu[i]!, d.yNu[i]!);
    const y = toY(d.xNu[i]!, d.yNu[i]!);
    const pressure = (normalizedPressure(d.force[i - 1]!, maxP) + normalizedPressure(d.force[i]!, maxP)) / 2;
    ctx.lineWidth = liveSegmentWidthPx(live, pressure, vp.scale);
    ctx.beginPath();
    ctx.moveTo(px, py);
    ctx.lineTo(x, y);
    ctx.stroke();
    px = x;
    py = y;
  }
  ctx.globalAlpha = 1;
  return Number.isFinite(px) && Number.isFinite(py) ? { x: px, y: py } : undefined;
}

/** Draws the first `dotCount` dots of a stroke as a full outline (replay's partly shown stroke). */
export function drawPartialStroke(
  ctx: CanvasRenderingContext2D,
  stroke: Stroke,
  dotCount: number,
  p: LiveLayerParams & { readonly colorOf?: (s: Stroke) => number },
): boolean {
  if (!isVisibleInk(stroke)) return false;
  const { viewport: vp, devicePixelRatio: dpr } = p;
  const scale = outlineScaleFor(vp.scale);
  const path = outlineToPath2D(strokeOutlinePx(stroke, p.nuToPt, scale, dotCount));
  if (!path) return false;
  const k = (vp.scale / scale) * dpr;
  ctx.setTransform(k, 0, 0, k, vp.offsetXPx * dpr, vp.offsetYPx * dpr);
  ctx.globalAlpha = stroke.brushType === BrushType.marker ? MARKER_OPACITY : 1;
  ctx.fillStyle = cssColorCached(p.colorOf ? p.colorOf(stroke) : strokeColorArgb(stroke, p.coloring));
  ctx.fill(path);
  ctx.globalAlpha = 1;
  return true;
}

/** A rectangle of the view, CSS px. */
export interface RectPx {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The view rectangle a live stroke's segments cover (its dots' box, widened by the widest line
 * it can have and a pixel for antialiasing), or undefined if it draws nothing.
 */
export function liveBoundsPx(live: LiveStroke, p: LiveLayerParams): RectPx | undefined {
  if (!drawsLive(live) || live.dots.count === 0) return undefined;
  const { viewport: vp, nuToPt: m } = p;
  const d = live.dots;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < d.count; i++) {
    const x = d.xNu[i]!;
    const y = d.yNu[i]!;
    const w = m.g * x + m.h * y + m.i;
    const px = ((m.a * x + m.b * y + m.c) / w) * vp.scale + vp.offsetXPx;
    const py = ((m.d * x + m.e * y + m.f) / w) * vp.scale + vp.offsetYPx;
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  }
  if (!Number.isFinite(minX + minY + maxX + maxY)) return undefined;
  const pad = liveSegmentWidthPx(live, 1, vp.scale) / 2 + 2;
  return { x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad };
}

/** True when two rectangles overlap. */
export function rectsMeet(a: RectPx, b: RectPx): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
