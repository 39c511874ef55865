/**
 * The completed-strokes layer, through a {@link CompletedLayerRenderer}: updated (synchronously,
 * after React commits) only when its inputs change — the page's stroke list (a store change on
 * this page), the viewport, the canvas size, the colours. An append fills only the new strokes;
 * a pan or zoom moves the cached bitmap and fills the paths again once it settles. Strokes from
 * a store are taken through its per-page subscription straight to the renderer: a stroke added
 * to the page is drawn at once, without a React render of the view.
 */
import type { InkStore, Stroke } from '@dotink/ink';
import type { Homography, PageId } from '@dotink/ncode';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { StrokePathCache } from '../pipeline/strokePathCache';
import type { Viewport } from '../pipeline/viewTransform';
import { CompletedLayerRenderer, type CompletedLayerState } from '../render/completedLayerRenderer';
import { sizeLayerCanvas } from '../render/layerSize';
import type { ViewScheduler } from '../timing/viewScheduler';
import type { Size } from '../viewport/fit';
import type { LayerDrawInfo } from './viewStats';

/** A store page (with writer and owner allow-lists, `undefined` = all) the layer follows. */
export interface StorePageSource {
  readonly store: InkStore;
  readonly pageId: PageId;
  readonly writers?: readonly string[];
  readonly owners?: readonly string[];
}

export interface CompletedLayerInput {
  /** The strokes, when there is no `source`. */
  readonly strokes: readonly Stroke[];
  /** Strokes from a store page instead of `strokes`. */
  readonly source?: StorePageSource;
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
  /** A change fills the layer afresh (see {@link CompletedLayerState.fillKey}). */
  readonly fillKey?: string | number;
  readonly onDraw: (info: LayerDrawInfo) => void;
}

export function useCompletedLayer(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  input: CompletedLayerInput,
): void {
  const {
    strokes: givenStrokes,
    source,
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
    fillKey,
    onDraw,
  } = input;
  const renderer = useRef<
    | { r: CompletedLayerRenderer; ctx: CanvasRenderingContext2D; scheduler: ViewScheduler; onDraw: unknown }
    | undefined
  >(undefined);
  const last = useRef<CompletedLayerState | undefined>(undefined);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const sourceStore = source?.store;
  const sourcePage = source?.pageId;
  const sourceKey = source
    ? `${source.writers?.join('\u0000') ?? '*'}\u0001${source.owners?.join('\u0000') ?? '*'}`
    : undefined;
  const readStrokes = (): readonly Stroke[] => {
    const src = sourceRef.current;
    if (!src) return givenStrokes;
    return src.writers || src.owners
      ? src.store.strokesOnPage(src.pageId, { writers: src.writers, owners: src.owners })
      : src.store.strokesOnPage(src.pageId);
  };
  // the store page's changes go to the renderer directly
  // biome-ignore lint/correctness/useExhaustiveDependencies: the source is read through a ref, keyed by content
  useLayoutEffect(() => {
    if (!sourceStore || !sourcePage) return;
    return sourceStore.subscribePage(sourcePage, (change) => {
      if (change.added.length + change.changed.length + change.removed.length === 0) return;
      const state = last.current;
      const r = renderer.current;
      if (!state || !r) return;
      const next = { ...state, strokes: readStrokes() };
      last.current = next;
      r.r.update(next);
    });
  }, [sourceStore, sourcePage, sourceKey]);
  useEffect(
    () => () => {
      renderer.current?.r.dispose();
      renderer.current = undefined;
    },
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the strokes are read through readStrokes (a ref), keyed by the source
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
    const state: CompletedLayerState = {
      strokes: readStrokes(),
      viewport,
      viewPx,
      pagePt,
      devicePixelRatio,
      nuToPt,
      cache,
      coloring: { selfWriterId, otherWriterArgb },
      colorOf,
      fillKey,
    };
    last.current = state;
    current.r.update(state);
  }, [
    canvasRef,
    givenStrokes,
    sourceStore,
    sourcePage,
    sourceKey,
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
    fillKey,
    onDraw,
  ]);
}
