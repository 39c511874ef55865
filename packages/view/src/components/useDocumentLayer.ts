/**
 * The document layer: the page sheet and its image. The image is rendered through the
 * {@link PageImageSource} at {@link documentRenderScale} (capped at 300 dpi and 5,242,880 px) into
 * an off-screen canvas, then drawn scaled at every viewport change; a new render scale re-renders
 * after a short pause (so a wheel zoom renders once it settles) and aborts the previous one.
 */
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PageImageSource } from '../document/pageImageSource';
import { documentRenderScale, ptSize, renderPixelSize } from '../document/renderScale';
import type { Viewport } from '../pipeline/viewTransform';
import { drawDocumentLayer } from '../render/drawDocument';
import { sizeLayerCanvas } from '../render/layerSize';
import type { ViewScheduler } from '../timing/viewScheduler';
import type { Size } from '../viewport/fit';
import type { LayerDrawInfo } from './viewStats';

/** Pause after the last render-scale change before re-rendering, ms. */
export const DOCUMENT_RERENDER_DELAY_MS = 150;

export interface DocumentLayerInput {
  readonly source: PageImageSource | undefined;
  readonly pagePt: Size;
  readonly viewport: Viewport;
  readonly viewPx: Size;
  readonly devicePixelRatio: number;
  readonly scheduler: ViewScheduler;
  readonly paperColor: string;
  readonly edgeColor: string;
  readonly onDraw: (info: LayerDrawInfo) => void;
  readonly onRenderError?: (error: unknown) => void;
}

interface Rendered {
  readonly key: string;
  readonly scale: number;
  readonly canvas: HTMLCanvasElement;
}

export function useDocumentLayer(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  input: DocumentLayerInput,
): void {
  const { source, pagePt, viewport, viewPx, devicePixelRatio, scheduler } = input;
  const [image, setImage] = useState<Rendered | undefined>(undefined);
  const latest = useRef(input);
  latest.current = input;
  const scale = source ? documentRenderScale(ptSize(source.sizePt), viewport.scale, devicePixelRatio) : 0;

  useEffect(() => {
    if (!source) {
      setImage(undefined);
      return;
    }
    const have = image && image.key === source.key ? image : undefined;
    if (have && have.scale === scale) return;
    const abort = new AbortController();
    const run = () => {
      const canvas = document.createElement('canvas');
      const px = renderPixelSize(ptSize(source.sizePt), scale);
      canvas.width = px.width;
      canvas.height = px.height;
      source.render(canvas, scale, abort.signal).then(
        () => {
          if (!abort.signal.aborted) setImage({ key: source.key, scale, canvas });
        },
        (err: unknown) => {
          if (!abort.signal.aborted) latest.current.onRenderError?.(err);
        },
      );
    };
    // the first image of a page renders at once; a new scale waits for the zoom to settle
    let cancel: (() => void) | undefined;
    if (have) cancel = scheduler.after(DOCUMENT_RERENDER_DELAY_MS, run);
    else run();
    return () => {
      cancel?.();
      abort.abort();
    };
  }, [source, scale, image, scheduler]);

  const shown = source && image && image.key === source.key ? image.canvas : undefined;
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    sizeLayerCanvas(canvas, viewPx.width, viewPx.height, devicePixelRatio);
    const i = latest.current;
    drawDocumentLayer(ctx, {
      viewport,
      devicePixelRatio,
      pagePt,
      image: shown,
      paperColor: i.paperColor,
      edgeColor: i.edgeColor,
    });
    i.onDraw({ layer: 'document', count: shown ? 1 : 0, full: true });
  }, [canvasRef, viewport, viewPx.width, viewPx.height, devicePixelRatio, pagePt, shown]);
}
