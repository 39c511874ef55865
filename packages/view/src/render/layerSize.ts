/**
 * Sizing a layer canvas: its backing store in device pixels, its CSS box in view px.
 */

/** Sets the canvas's backing size for a `widthPx × heightPx` view; returns true if it changed. */
export function sizeLayerCanvas(
  canvas: HTMLCanvasElement,
  widthPx: number,
  heightPx: number,
  devicePixelRatio: number,
): boolean {
  const w = Math.max(0, Math.round(widthPx * devicePixelRatio));
  const h = Math.max(0, Math.round(heightPx * devicePixelRatio));
  if (canvas.width === w && canvas.height === h) return false;
  canvas.width = w;
  canvas.height = h;
  return true;
}

/** Clears a layer (whatever transform is set). */
export function clearLayer(ctx: CanvasRenderingContext2D): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
}
