/**
 * The completed-strokes layer: redrawn (synchronously, after React commits) only when its inputs
 * change — the page's stroke list (a store change on this page), the viewport, the canvas size,
 * the colours. Paths come from the per-stroke cache, so a redraw rebuilds nothing it has seen.
 */
import type { Stroke } from '@dotink/ink';
import type { Homography } from '@dotink/ncode';
import { type RefObject, useLayoutEffect } from 'react';
import type { StrokePathCache } from '../pipeline/strokePathCache';
import type { WriterColoring } from '../pipeline/strokeStyle';
import type { Viewport } from '../pipeline/viewTransform';
import { drawCompletedLayer } from '../render/drawCompleted';
import { sizeLayerCanvas } from '../render/layerSize';
import type { Size } from '../viewport/fit';
import type { LayerDrawInfo } from './viewStats';

export interface CompletedLayerInput {
  readonly strokes: readonly Stroke[];
  readonly viewport: Viewport;
  readonly viewPx: Size;
  readonly devicePixelRatio: number;
  readonly nuToPt: Homography;
  readonly cache: StrokePathCache;
  readonly selfWriterId?: string;
  readonly otherWriterArgb?: number;
  readonly colorOf?: (s: Stroke) => number;
  readonly onDraw: (info: LayerDrawInfo) => void;
}

export function useCompletedLayer(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  input: CompletedLayerInput,
): void {
  const {
    strokes,
    viewport,
    viewPx,
    devicePixelRatio,
    nuToPt,
    cache,
    selfWriterId,
    otherWriterArgb,
    colorOf,
  } = input;
  const onDraw = input.onDraw;
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    sizeLayerCanvas(canvas, viewPx.width, viewPx.height, devicePixelRatio);
    const coloring: WriterColoring = { selfWriterId, otherWriterArgb };
    const count = drawCompletedLayer(ctx, {
      strokes,
      viewport,
      devicePixelRatio,
      nuToPt,
      cache,
      coloring,
      colorOf,
    });
    onDraw({ layer: 'completed', count, full: true });
  }, [
    canvasRef,
    strokes,
    viewport,
    viewPx.width,
    viewPx.height,
    devicePixelRatio,
    nuToPt,
    cache,
    selfWriterId,
    otherWriterArgb,
    colorOf,
    onDraw,
  ]);
}
