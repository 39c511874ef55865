/**
 * The document layer renderer: the page sheet (white, with a thin edge) and, when rendered, the
 * page image scaled onto it at the viewport.
 */
import type { Viewport } from '../pipeline/viewTransform';
import type { Size } from '../viewport/fit';
import { clearLayer } from './layerSize';

export interface DocumentLayerParams {
  readonly viewport: Viewport;
  readonly devicePixelRatio: number;
  readonly pagePt: Size;
  /** The rendered page image, if any. */
  readonly image?: CanvasImageSource;
  readonly paperColor: string;
  readonly edgeColor: string;
}

/** Clears the layer and draws the sheet and the image. */
export function drawDocumentLayer(ctx: CanvasRenderingContext2D, p: DocumentLayerParams): void {
  clearLayer(ctx);
  const { viewport: vp, devicePixelRatio: dpr } = p;
  const x = vp.offsetXPx * dpr;
  const y = vp.offsetYPx * dpr;
  const w = p.pagePt.width * vp.scale * dpr;
  const h = p.pagePt.height * vp.scale * dpr;
  ctx.fillStyle = p.paperColor;
  ctx.fillRect(x, y, w, h);
  if (p.image) ctx.drawImage(p.image, x, y, w, h);
  ctx.strokeStyle = p.edgeColor;
  ctx.lineWidth = Math.max(1, dpr);
  ctx.strokeRect(x, y, w, h);
}
