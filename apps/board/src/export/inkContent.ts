/**
 * The ink of a page as PDF content-stream text, drawn as the page view draws it: each visible
 * stroke one FILLED closed path, the pressure outline the view computes (`strokeOutlinePx` of
 * `@dotink/view`: perfect-freehand on the pen's real pressure, so the ink is wider where the pen
 * pressed harder), in its own graphics state (fill colour, and for translucent strokes a named
 * ExtGState). Written straight as ASCII text, numbers in fixed decimals (outline points 2
 * decimals of a pt, colours 3), rather than as one pdf-lib operator object per point: a
 * 750,000-dot board would otherwise spend seconds allocating and formatting operators.
 */
import { type GridaPage, isDrawnStroke, type Stroke, strokeOpacity } from '@dotink/ink';
import { strokeOutlinePx } from '@dotink/view';
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

/** Coordinates are written within ±1e9 pt (in 0.01 pt): no page reaches there. */
const MAX_CENTI_PT = 1e11;

/**
 * A growing buffer of content-stream bytes (ASCII text), reused page after page: the ink of a
 * big board is about a million outline points, and writing them as bytes rather than as strings
 * spares the garbage (and the conversion to bytes) that would cost more than drawing them.
 */
export class ContentBytes {
  private buf: Uint8Array;
  private len = 0;
  private readonly digits = new Uint8Array(16);

  constructor(capacity = 1 << 16) {
    this.buf = new Uint8Array(Math.max(64, capacity));
  }

  /** Bytes written so far. */
  get length(): number {
    return this.len;
  }

  /** Drops everything written after the first `length` bytes (memory is kept). */
  truncate(length: number): void {
    this.len = Math.max(0, Math.min(this.len, length));
  }

  /** Appends ASCII text. */
  text(s: string): void {
    this.ensure(s.length);
    const buf = this.buf;
    let n = this.len;
    for (let i = 0; i < s.length; i++) buf[n++] = s.charCodeAt(i);
    this.len = n;
  }

  /** Appends `v` as `fixedNumber(v, 2)` writes it (clamped to ±1e9; non-finite gives 0). */
  pt2(v: number): void {
    let c = Math.round(v * 100);
    this.ensure(24);
    const buf = this.buf;
    if (!Number.isFinite(c) || c === 0) {
      buf[this.len++] = 0x30;
      return;
    }
    if (c < 0) {
      buf[this.len++] = 0x2d;
      c = -c;
    }
    if (c > MAX_CENTI_PT) c = MAX_CENTI_PT;
    let whole = Math.floor(c / 100);
    const frac = c - whole * 100;
    const digits = this.digits;
    let d = 0;
    do {
      digits[d++] = 0x30 + (whole % 10);
      whole = Math.floor(whole / 10);
    } while (whole > 0);
    let n = this.len;
    while (d > 0) buf[n++] = digits[--d]!;
    if (frac !== 0) {
      buf[n++] = 0x2e;
      buf[n++] = 0x30 + Math.floor(frac / 10);
      if (frac % 10 !== 0) buf[n++] = 0x30 + (frac % 10);
    }
    this.len = n;
  }

  /** The bytes written (a view of the buffer, valid until the next write). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }

  /** The text written. */
  toString(): string {
    let text = '';
    for (let i = 0; i < this.len; i += 8192) {
      text += String.fromCharCode(...this.buf.subarray(i, Math.min(this.len, i + 8192)));
    }
    return text;
  }

  private ensure(more: number): void {
    if (this.len + more <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.len + more));
    grown.set(this.buf.subarray(0, this.len));
    this.buf = grown;
  }
}

/**
 * Writes the content filling one stroke's outline (non-zero rule), or nothing when the stroke
 * does not draw: erased or not ink, fewer than 3 dots, or an outline of fewer than 3 distinct
 * points (after rounding to 0.01 pt). Outline points are the page view's at 1 px per pt (page pt
 * from the top-left, see `strokeOutlinePx`), mapped into user space by `toUser`; repeated points
 * are written once. `graphicsState` names the page's translucent ExtGState, used when the stroke
 * is not opaque (a marker).
 */
export function writeStrokeContent(
  out: ContentBytes,
  s: Stroke,
  page: Pick<GridaPage, 'nuToPt'>,
  toUser: ToUserSpace,
  graphicsState?: string,
): void {
  if (!isDrawnStroke(s)) return;
  const outline = strokeOutlinePx(s, page.nuToPt, 1);
  if (outline.length < 3) return;
  const start = out.length;
  const argb = s.colorArgb >>> 0;
  const state = graphicsState && strokeOpacity(s) !== 1 ? `/${graphicsState} gs\n` : '';
  out.text(
    `q\n${state}${n3(((argb >>> 16) & 0xff) / 255)} ${n3(((argb >>> 8) & 0xff) / 255)} ${n3((argb & 0xff) / 255)} rg\n`,
  );
  const user: [number, number] = [0, 0];
  let points = 0;
  // the last point written, in 0.01 pt
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  for (let k = 0; k < outline.length; k++) {
    const p = outline[k]!;
    const x = p[0]!;
    const y = p[1]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    toUser(x, y, user);
    const cx = Math.round(user[0] * 100);
    const cy = Math.round(user[1] * 100);
    if (cx === lastX && cy === lastY) continue;
    lastX = cx;
    lastY = cy;
    out.pt2(user[0]);
    out.text(' ');
    out.pt2(user[1]);
    out.text(points === 0 ? ' m\n' : ' l\n');
    points++;
  }
  if (points < 3) out.truncate(start);
  else out.text('h\nf\nQ\n');
}

/** {@link writeStrokeContent} as text (empty when the stroke does not draw). */
export function strokeContent(
  s: Stroke,
  page: Pick<GridaPage, 'nuToPt'>,
  toUser: ToUserSpace,
  graphicsState?: string,
): string {
  const out = new ContentBytes(1024);
  writeStrokeContent(out, s, page, toUser, graphicsState);
  return out.toString();
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
