/**
 * The ink of a page as PDF content-stream text: each stroke one polyline with round caps and
 * joins, in its own graphics state (colour, width, and for translucent strokes a named ExtGState).
 * Written straight as text, numbers in fixed decimals (coordinates 2 decimals of a pt, widths and
 * colours 3), rather than as one pdf-lib operator object per dot: a 750,000-dot board would
 * otherwise spend seconds allocating and formatting operators.
 */
import { type GridaPage, type Stroke, strokeOpacity, strokeWidthPt } from '@dotink/ink';
import type { ToUserSpace } from './pagePlacement';

/** Lined background: one rule every 8 mm, light grey. */
export const LINED_SPACING_PT = (8 * 72) / 25.4;

/**
 * `v` with at most `digits` decimals (1 … 3), trailing zeros dropped, never exponent notation or
 * "-0": the PDF number syntax. Non-finite values give "0".
 */
export function fixedNumber(v: number, digits: 1 | 2 | 3): string {
  const scale = digits === 1 ? 10 : digits === 2 ? 100 : 1000;
  let n = Math.round(v * scale);
  if (!Number.isFinite(n) || n === 0) return '0';
  const sign = n < 0 ? '-' : '';
  if (n < 0) n = -n;
  const whole = Math.floor(n / scale);
  let frac = n - whole * scale;
  if (frac === 0) return `${sign}${whole}`;
  let d = digits;
  while (frac % 10 === 0) {
    frac /= 10;
    d--;
  }
  const f = String(frac);
  return `${sign}${whole}.${f.length < d ? '0'.repeat(d - f.length) + f : f}`;
}

const pt2 = (v: number) => fixedNumber(v, 2);
const n3 = (v: number) => fixedNumber(v, 3);

/**
 * The content-stream text drawing one stroke (empty when no dot maps to a finite point).
 * `graphicsState` names the page's translucent ExtGState, used when the stroke is not opaque.
 */
export function strokeContent(
  s: Stroke,
  page: Pick<GridaPage, 'nuToPt'>,
  toUser: ToUserSpace,
  graphicsState?: string,
): string {
  const h = page.nuToPt;
  const user: [number, number] = [0, 0];
  const { xNu, yNu, count } = s.dots;
  let path = '';
  let points = 0;
  let last = '';
  for (let i = 0; i < count; i++) {
    const x = xNu[i]!;
    const y = yNu[i]!;
    const w = h.g * x + h.h * y + h.i;
    const px = (h.a * x + h.b * y + h.c) / w;
    const py = (h.d * x + h.e * y + h.f) / w;
    if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
    toUser(px, py, user);
    last = `${pt2(user[0])} ${pt2(user[1])}`;
    path += points === 0 ? `${last} m\n` : `${last} l\n`;
    points++;
  }
  if (points === 0) return '';
  if (points === 1) path += `${last} l\n`;
  const argb = s.colorArgb >>> 0;
  const color = `${n3(((argb >>> 16) & 0xff) / 255)} ${n3(((argb >>> 8) & 0xff) / 255)} ${n3((argb & 0xff) / 255)} RG\n`;
  const state = graphicsState && strokeOpacity(s) !== 1 ? `/${graphicsState} gs\n` : '';
  return `q\n${state}${color}${n3(strokeWidthPt(s))} w\n1 J\n1 j\n${path}S\nQ\n`;
}

/** The content-stream text of lined paper's rules over a shown page of `size`. */
export function linedContent(size: { widthPt: number; heightPt: number }, toUser: ToUserSpace): string {
  const a: [number, number] = [0, 0];
  const b: [number, number] = [0, 0];
  let text = 'q\n0.8 0.84 0.9 RG\n0.5 w\n';
  for (let y = LINED_SPACING_PT * 2; y < size.heightPt - LINED_SPACING_PT; y += LINED_SPACING_PT) {
    toUser(0, y, a);
    toUser(size.widthPt, y, b);
    text += `${pt2(a[0])} ${pt2(a[1])} m\n${pt2(b[0])} ${pt2(b[1])} l\nS\n`;
  }
  return `${text}Q\n`;
}
