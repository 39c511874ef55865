/**
 * The completed-strokes layer, through a {@link CompletedLayerRenderer}: updated (synchronously,
 * after React commits) only when its inputs change — the page's stroke list (a store change on
 * this page), the viewport, the canvas size, the colours. An append fills only the new strokes;
 * a pan or zoom moves the cached bitmap and fills the paths again once it settles.
 */
import type { Stroke } from '@dotink/ink';
import type { Homography } from '@dotink/ncode';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { StrokePathCache } from '../pipeline/strokePathCache';
import type { Viewport } from '../pipeline/viewTransform';
import { CompletedLayerRenderer } from '../render/completedLayerRenderer';
import { sizeLayerCanvas } from '../render/layerSize';
import type { ViewScheduler } from '../timing/viewScheduler';
import type { Size } from '../viewport/fit';
import type { LayerDrawInfo } from './viewStats';

export interface CompletedLayerInput {
  readonly strokes: readonly Stroke[];
  readonly viewport: Viewport;
  readonly viewPx: Size;
  /** The page size, pt. */
  readonly pagePt: Size;
  readonly devicePixelRatio: number;
  readonly nuToPt: Homography;
  readonly cache: StrokePathCache;
  readonly scheduler: ViewScheduler;
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
    pagePt,
    devicePixelRatio,
    nuToPt,
    cache,
    scheduler,
    selfWriterId,
    otherWriterArgb,
    colorOf,
    onDraw,
  } = input;
  const renderer = useRef<
    | { r: CompletedLayerRenderer; ctx: CanvasRenderingContext2D; scheduler: ViewScheduler; onDraw: unknown }
    | undefined
  >(undefined);
  useEffect(
    () => () => {
      renderer.current?.r.dispose();
      renderer.current = undefined;
    },
    [],
  );
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const resized = sizeLayerCanvas(canvas, viewPx.width, viewPx.height, devicePixelRatio);
    let current = renderer.current;
    if (
      !current ||
      current.ctx !== ctx ||
      current.scheduler !== scheduler ||
      current.onDraw !== onDraw ||
      resized
    ) {
      current?.r.dispose();
      current = { r: new CompletedLayerRenderer(ctx, scheduler, onDraw), ctx, scheduler, onDraw };
      renderer.current = current;
    }
    current.r.update({
      strokes,
      viewport,
      viewPx,
      pagePt,
      devicePixelRatio,
      nuToPt,
      cache,
      coloring: { selfWriterId, otherWriterArgb },
      colorOf,
    });
  }, [
    canvasRef,
    strokes,
    viewport,
    viewPx,
    pagePt,
    devicePixelRatio,
    nuToPt,
    cache,
    scheduler,
    selfWriterId,
    otherWriterArgb,
    colorOf,
    onDraw,
  ]);
}
