/**
 * Draws the ink of every tile of the live-lesson grid (issue 16), built to keep up with 40
 * pupils writing at 100 Hz: one canvas per tile; new dots only (each stroke remembers how many of
 * its dots are drawn); everything that arrived since the last frame drawn in one animation frame;
 * no React render per dot. A tile is redrawn whole only when it is attached, resized or shows
 * another page.
 *
 * Each time dots of a stroke are drawn on a pupil's tile for the first time — new dots of a live
 * stroke, or a whole redraw (page image loaded, resize, page change) that shows dots not drawn
 * before — it calls the latency probe of the live-lesson bench
 * (`globalThis.__dotinkLiveProbe(key, newest dot's time, now, dots drawn so far, oldest new dot's time)`).
 */
import type { DotColumns, LiveStroke, Stroke } from '@dotink/ink';
import { NU_TO_PT, pageId, type SizePt } from '@dotink/ncode';

/** A4 in pt: the page size until the page's image tells its own. */
export const A4_PT: SizePt = { widthPt: 595.28, heightPt: 841.89 };

type Probe = (
  key: string,
  dotTimeMs: number,
  drawnAtMs: number,
  dots: number,
  oldestNewDotMs: number,
) => void;

/** What a tile shows: its page's completed and live strokes. */
export interface TileInk {
  readonly page: string | undefined;
  readonly strokes: readonly Stroke[];
  readonly live: readonly LiveStroke[];
}

interface Drawable {
  readonly key: string;
  readonly dots: DotColumns;
  readonly colorArgb: number;
  readonly writerId: string;
  readonly mac: string;
}

interface Tile {
  readonly canvas: HTMLCanvasElement;
  sizePt: SizePt;
  page: string | undefined;
  full: boolean;
  readonly pending: Map<string, Drawable>;
  readonly drawn: Map<string, number>;
}

/** CSS colour of an ARGB number. */
export function cssColor(argb: number): string {
  const a = ((argb >>> 24) & 0xff) / 255;
  return `rgba(${(argb >>> 16) & 0xff},${(argb >>> 8) & 0xff},${argb & 0xff},${a === 0 ? 1 : a})`;
}

/**
 * The tiles draw at most this often (ms, ~30 a second; a frame due within 4 ms of it draws). Each
 * frame with new ink hands every changed tile canvas to the compositor, and 40 tiles changing at
 * 60 frames a second kept the teacher's compositing busier than everything else in the tab
 * (software compositing); thumbnails at 30 a second look as live.
 */
export const TILE_FRAME_MS = 1000 / 30;

export interface TileRendererDeps {
  /** The tile's page and its strokes now (for a whole redraw). */
  readonly inkOf: (studentId: string) => TileInk;
  readonly requestFrame?: (fn: () => void) => unknown;
  readonly devicePixelRatio?: () => number;
  /** A monotonic clock in ms (default: performance.now). */
  readonly nowMs?: () => number;
  /** Least time between two drawn frames (default {@link TILE_FRAME_MS}; 0: every frame). */
  readonly minFrameMs?: number;
}

/** The grid's ink renderer. */
export class TileRenderer {
  private readonly tiles = new Map<string, Tile>();
  private scheduled = false;
  /** When the last frame was drawn (ms, `nowMs`). */
  private drawnAtMs = Number.NEGATIVE_INFINITY;
  /**
   * With a probe: per pupil, the most dots of each stroke ever drawn on the pupil's tile, by the
   * stroke's identity (writer, pen, first dot's time), so the ink store's copy of a stroke drawn
   * live (another key) is not news.
   */
  private readonly shown = new Map<string, Map<string, number>>();

  constructor(private readonly deps: TileRendererDeps) {}

  /** A tile's canvas appeared; returns its detach. */
  attach(studentId: string, canvas: HTMLCanvasElement, sizePt: SizePt = A4_PT): () => void {
    const tile: Tile = { canvas, sizePt, page: undefined, full: true, pending: new Map(), drawn: new Map() };
    this.tiles.set(studentId, tile);
    this.schedule();
    return () => {
      if (this.tiles.get(studentId) === tile) this.tiles.delete(studentId);
    };
  }

  /** The page's size is known (its image loaded) or the tile was resized: redraw whole. */
  redraw(studentId: string, sizePt?: SizePt): void {
    const t = this.tiles.get(studentId);
    if (!t) return;
    if (sizePt) t.sizePt = sizePt;
    t.full = true;
    this.schedule();
  }

  /** New dots of a live stroke. */
  dots(studentId: string, live: LiveStroke): void {
    const t = this.tiles.get(studentId);
    if (!t || t.full || live.pageId !== t.page) return;
    t.pending.set(live.key, live);
    this.schedule();
  }

  /** A completed stroke. */
  stroke(studentId: string, s: Stroke): void {
    const t = this.tiles.get(studentId);
    if (!t || t.full || pageId(s.page) !== t.page) return;
    t.pending.set(s.key, s);
    this.schedule();
  }

  /** The tile shows another page. */
  page(studentId: string): void {
    this.redraw(studentId);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const request = this.deps.requestFrame ?? requestAnimationFrame;
    const now = this.deps.nowMs ?? (() => performance.now());
    const minMs = this.deps.minFrameMs ?? TILE_FRAME_MS;
    const onFrame = () => {
      const t = now();
      // too soon after the last one: the next animation frame
      if (t - this.drawnAtMs < minMs - 4) {
        request(onFrame);
        return;
      }
      this.scheduled = false;
      this.drawnAtMs = t;
      this.frame();
    };
    request(onFrame);
  }

  /** Draws what arrived since the last frame. */
  frame(): void {
    const probe = (globalThis as { __dotinkLiveProbe?: Probe }).__dotinkLiveProbe;
    const nowMs = probe ? performance.timeOrigin + performance.now() : 0;
    for (const [studentId, t] of this.tiles) {
      const ctx = t.canvas.getContext('2d');
      if (!ctx) continue;
      if (t.full) {
        this.fill(studentId, t, ctx, probe, nowMs);
        continue;
      }
      if (t.pending.size === 0) continue;
      const scale = t.canvas.width / t.sizePt.widthPt;
      for (const d of t.pending.values()) {
        const from = t.drawn.get(d.key) ?? 0;
        const count = d.dots.count;
        if (count <= from) continue;
        drawDots(ctx, d, Math.max(0, from - 1), count, scale);
        t.drawn.set(d.key, count);
        if (probe) this.report(probe, studentId, d, nowMs);
      }
      t.pending.clear();
    }
  }

  /** Tells the probe of the stroke's dots drawn on the pupil's tile for the first time. */
  private report(probe: Probe, studentId: string, d: Drawable, nowMs: number): void {
    let m = this.shown.get(studentId);
    if (!m) {
      m = new Map();
      this.shown.set(studentId, m);
    }
    const count = d.dots.count;
    if (count === 0) return;
    const identity = `${d.writerId}/${d.mac}/${Math.round(d.dots.timeMs[0]!)}`;
    const before = m.get(identity) ?? 0;
    if (count <= before) return;
    m.set(identity, count);
    probe(d.key, d.dots.timeMs[count - 1]!, nowMs, count, d.dots.timeMs[before]!);
  }

  private fill(
    studentId: string,
    t: Tile,
    ctx: CanvasRenderingContext2D,
    probe: Probe | undefined,
    nowMs: number,
  ): void {
    const cssWidth = t.canvas.clientWidth;
    if (cssWidth === 0) return; // hidden: wait until shown
    const dpr = this.deps.devicePixelRatio?.() ?? globalThis.devicePixelRatio ?? 1;
    const width = Math.round(cssWidth * dpr);
    const height = Math.round((width * t.sizePt.heightPt) / t.sizePt.widthPt);
    if (t.canvas.width !== width || t.canvas.height !== height) {
      t.canvas.width = width;
      t.canvas.height = height;
    } else ctx.clearRect(0, 0, width, height);
    const ink = this.deps.inkOf(studentId);
    t.page = ink.page;
    t.full = false;
    t.pending.clear();
    t.drawn.clear();
    const scale = width / t.sizePt.widthPt;
    for (const d of [...ink.strokes, ...ink.live]) {
      drawDots(ctx, d, 0, d.dots.count, scale);
      t.drawn.set(d.key, d.dots.count);
      if (probe) this.report(probe, studentId, d, nowMs);
    }
  }
}

/** Draws dots `from` … `to − 1` of a stroke as one polyline. */
function drawDots(ctx: CanvasRenderingContext2D, d: Drawable, from: number, to: number, scale: number): void {
  const k = NU_TO_PT * scale;
  const { xNu, yNu } = d.dots;
  ctx.strokeStyle = cssColor(d.colorArgb);
  ctx.lineWidth = Math.max(1, scale * 1.2);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(xNu[from]! * k, yNu[from]! * k);
  if (to - from === 1) ctx.lineTo(xNu[from]! * k + 0.01, yNu[from]! * k);
  for (let i = from + 1; i < to; i++) ctx.lineTo(xNu[i]! * k, yNu[i]! * k);
  ctx.stroke();
}
