/**
 * The stroke builder: turns pen events (of any number of pens at once) into live and completed
 * strokes (engine.md §4 "Stroke lifecycle").
 *
 * Per pen: a stroke opens at pen down, takes its page at page info, collects move dots and closes
 * at pen up (its last dot is the pen-up dot). Decisions where the spec leaves room:
 * - `strokeStarted` is emitted when the stroke has its page and its first dot, so every live
 *   stroke a view sees can be drawn; a pen down/up with no dot emits nothing.
 * - Moves that arrive after pen down but before the stroke's page info are held and delivered,
 *   in order, when the page arrives. If the pen goes up before any page info, the held dots
 *   cannot be placed: they are dropped and counted as a **pen-up page fault** (see below).
 * - A page change mid-stroke closes the current stroke as multi-page (virtual pen up) and opens a
 *   new one, with a new key, on the new page (virtual pen down); both are `multiPage`. A page
 *   change before the first dot just moves the stroke.
 * - Page info while the pen is up is the pen's hover page. Hover moves are reported through
 *   `hover` (for the laser pointer), never as ink.
 * - A pen down while a stroke is open closes that stroke first; a disconnect closes the open
 *   stroke, so nothing written is lost.
 * - Pen-up page fault: a pen up whose stroke never received page info. It is counted per page
 *   (the pen's last known page, or the unknown page `-1.-1.-1.-1`), and the `pageFault` callback
 *   runs only while the count for that page is ≤ the maximum (engine.md §9: 1) unless unlimited.
 *
 * Strokes are given a role: `eraser` for the eraser brush or the eraser tip (recorded with brush
 * type eraser and status erased), `pui` for strokes on a control page (brush type pui, never
 * drawn), `ink` otherwise. Remote strokes (a network pen) are fed by key through `openRemote`,
 * `appendRemote` and `closeRemote`.
 */
import {
  type Logger,
  type PageAddress,
  type PageId,
  pageId,
  samePage,
  silentLogger,
  UNKNOWN_PAGE,
} from '@dotink/ncode';
import { DotBuffer } from './dots';
import {
  type BrushState,
  DEFAULT_BRUSH,
  type LiveStroke,
  LiveStrokeBuffer,
  type StrokeRole,
} from './liveStroke';
import type { PenEvent, PenId } from './penEvents';
import type { KeySource } from './strokeKeys';
import type { Dot, PenTipMode, Stroke, StrokeKey } from './types';
import { BrushType } from './types';

/** Page fault maximum (engine.md §9 "Page fault max 1"). */
export const DEFAULT_PAGE_FAULT_MAX = 1;

/** How a page's dots are treated: ink, PUI (control sheet) input, or dropped. */
export type PageKind = 'ink' | 'pui' | 'dropped';

/** A hover position (pen near the paper, not touching): for the laser pointer, not ink. */
export interface HoverPoint {
  readonly penId: PenId;
  /** The pen's hover page (page info received while the pen was up), if any. */
  readonly page: PageAddress | undefined;
  readonly xNu: number;
  readonly yNu: number;
  readonly timeMs: number;
}

/** A pen up whose stroke never received page info. */
export interface PageFault {
  readonly penId: PenId;
  /** The pen's last known page, or the unknown page. */
  readonly pageId: PageId;
  /** Faults counted for this page so far, this one included. */
  readonly count: number;
  /** Dots written but dropped because they had no page. */
  readonly droppedDots: number;
  readonly timeMs: number;
}

/** What the builder reports. Every callback is optional. */
export interface StrokeBuilderListener {
  /** A stroke has its page and first dot. */
  strokeStarted?(live: LiveStroke): void;
  /** Dots `fromIndex` … `live.dots.count - 1` are new: a view draws only those segments. */
  strokeDots?(live: LiveStroke, fromIndex: number): void;
  /** The stroke closed (pen up, page change, disconnect, next pen down). */
  strokeCompleted?(stroke: Stroke, role: StrokeRole): void;
  /**
   * A started ink stroke was cancelled (a `cancel` pen event): it never completes. (An eraser
   * stroke has erased as it went: a cancelled one completes, so its erasing is one undo step.)
   */
  strokeCancelled?(live: LiveStroke): void;
  hover?(point: HoverPoint): void;
  /** Page info while the pen is up. */
  hoverPage?(penId: PenId, page: PageAddress, timeMs: number): void;
  pageFault?(fault: PageFault): void;
}

export interface StrokeBuilderOptions {
  readonly keys: KeySource;
  readonly listener: StrokeBuilderListener;
  /** The brush each pen writes with, read at every pen down. Defaults to {@link DEFAULT_BRUSH}. */
  readonly brushFor?: (penId: PenId) => BrushState;
  /** PUI gate (see `puiStrokes.ts`). Defaults to: every page is ink. */
  readonly classifyPage?: (page: PageAddress) => PageKind;
  /** Callbacks per page for pen-up page faults; default 1. */
  readonly pageFaultMax?: number | 'unlimited';
  readonly logger?: Logger;
}

/** A remote stroke, announced by key before its dots arrive. */
export interface RemoteStrokeInit {
  readonly key: StrokeKey | string;
  readonly penId?: PenId;
  readonly page: PageAddress;
  readonly brush: BrushState;
  readonly penTipMode?: PenTipMode;
}

/** One stroke being written: its page may still be unknown (dots held). */
interface OpenStroke {
  readonly penId: PenId;
  readonly brush: BrushState;
  readonly penTipMode: PenTipMode;
  readonly deviceColorArgb: number | undefined;
  key: StrokeKey;
  page: PageAddress | undefined;
  kind: PageKind | undefined;
  held: DotBuffer | undefined;
  live: LiveStrokeBuffer | undefined;
  started: boolean;
  openedByPageChange: boolean;
}

interface PenState {
  open: OpenStroke | undefined;
  hoverPage: PageAddress | undefined;
  lastPage: PageAddress | undefined;
}

/** Builds strokes from pen events. One builder serves every pen. */
export class StrokeBuilder {
  private readonly pens = new Map<PenId, PenState>();
  private readonly remote = new Map<string, OpenStroke>();
  private readonly faults = new Map<PageId, number>();
  private readonly listener: StrokeBuilderListener;
  private readonly logger: Logger;
  private readonly faultMax: number;

  constructor(private readonly options: StrokeBuilderOptions) {
    this.listener = options.listener;
    this.logger = options.logger ?? silentLogger;
    const max = options.pageFaultMax ?? DEFAULT_PAGE_FAULT_MAX;
    this.faultMax = max === 'unlimited' ? Number.POSITIVE_INFINITY : max;
  }

  /** Feeds one pen event. */
  handle(e: PenEvent): void {
    switch (e.kind) {
      case 'down':
        this.down(e.penId, e.timeMs, e.penTipMode ?? 0, e.colorArgb);
        break;
      case 'page':
        this.pageInfo(e.penId, e.page, e.timeMs);
        break;
      case 'move':
        this.move(e.penId, e.xNu, e.yNu, e.force, e.timeMs);
        break;
      case 'hover': {
        const page = this.pens.get(e.penId)?.hoverPage;
        this.listener.hover?.({ penId: e.penId, page, xNu: e.xNu, yNu: e.yNu, timeMs: e.timeMs });
        break;
      }
      case 'up':
        this.up(e.penId, e.timeMs);
        break;
      case 'cancel':
        this.cancel(e.penId, e.timeMs);
        break;
      case 'disconnect':
        this.disconnect(e.penId, e.timeMs);
        break;
      case 'ncodeError':
        break;
    }
  }

  /** Feeds events in order. */
  handleAll(events: Iterable<PenEvent>): void {
    for (const e of events) this.handle(e);
  }

  /** The live strokes being written now (pens and remote), in no particular order. */
  liveStrokes(): LiveStroke[] {
    const out: LiveStroke[] = [];
    for (const p of this.pens.values()) if (p.open?.started) out.push(p.open.live!);
    for (const r of this.remote.values()) if (r.started) out.push(r.live!);
    return out;
  }

  /** The pen's hover page, if page info arrived while it was up. */
  hoverPageOf(penId: PenId): PageAddress | undefined {
    return this.pens.get(penId)?.hoverPage;
  }

  /** Pen-up page faults counted for a page. */
  pageFaultCount(page: PageId): number {
    return this.faults.get(page) ?? 0;
  }

  /** Forgets the page fault counts (e.g. when the user dismissed the warning). */
  resetPageFaults(): void {
    this.faults.clear();
  }

  /** Announces a remote stroke. Its dots follow through {@link appendRemote}. */
  openRemote(init: RemoteStrokeInit): void {
    const prev = this.remote.get(init.key);
    if (prev) {
      const d = prev.live?.dots;
      this.close(prev, d && d.count > 0 ? d.timeMs[d.count - 1]! : 0, false);
    }
    const o = this.newOpen(init.penId ?? `remote:${init.key}`, init.brush, init.penTipMode ?? 0, undefined);
    o.key = init.key as StrokeKey;
    this.setPage(o, init.page, false);
    this.remote.set(init.key, o);
  }

  /** Dots of a remote stroke. An unknown key logs 'stroke was not initiated'. */
  appendRemote(key: StrokeKey | string, dots: readonly Dot[]): void {
    const o = this.remote.get(key);
    if (!o) {
      this.logger.warn('stroke was not initiated', key);
      return;
    }
    for (const d of dots) this.addDot(o, d.xNu, d.yNu, d.force, d.timeMs);
  }

  /** Closes a remote stroke. An unknown key logs 'stroke was not initiated'. */
  closeRemote(key: StrokeKey | string, timeMs: number): void {
    const o = this.remote.get(key);
    if (!o) {
      this.logger.warn('stroke was not initiated', key);
      return;
    }
    this.remote.delete(key);
    this.close(o, timeMs, false);
  }

  private pen(penId: PenId): PenState {
    let p = this.pens.get(penId);
    if (!p) {
      p = { open: undefined, hoverPage: undefined, lastPage: undefined };
      this.pens.set(penId, p);
    }
    return p;
  }

  private newOpen(
    penId: PenId,
    brush: BrushState,
    penTipMode: PenTipMode,
    deviceColorArgb: number | undefined,
  ): OpenStroke {
    return {
      penId,
      brush,
      penTipMode,
      deviceColorArgb,
      key: this.options.keys.nextKey(),
      page: undefined,
      kind: undefined,
      held: undefined,
      live: undefined,
      started: false,
      openedByPageChange: false,
    };
  }

  private down(penId: PenId, timeMs: number, tip: PenTipMode, colorArgb: number | undefined): void {
    const p = this.pen(penId);
    if (p.open) {
      this.logger.debug('pen down while a stroke was open: closing it (missing pen up)', penId);
      this.close(p.open, timeMs, false);
    }
    const brush = this.options.brushFor?.(penId) ?? DEFAULT_BRUSH;
    p.open = this.newOpen(penId, brush, tip, colorArgb);
    p.hoverPage = undefined;
  }

  private pageInfo(penId: PenId, page: PageAddress, timeMs: number): void {
    const p = this.pen(penId);
    p.lastPage = page;
    const o = p.open;
    if (!o) {
      p.hoverPage = page;
      this.listener.hoverPage?.(penId, page, timeMs);
      return;
    }
    if (o.page && samePage(o.page, page)) return;
    const hasDots = (o.live?.count ?? 0) > 0;
    if (o.page && hasDots) {
      // Virtual pen up on the old page, virtual pen down on the new one.
      this.close(o, timeMs, true);
      const next = this.newOpen(penId, o.brush, o.penTipMode, o.deviceColorArgb);
      next.openedByPageChange = true;
      p.open = next;
      this.setPage(next, page, true);
      return;
    }
    this.setPage(o, page, o.openedByPageChange);
  }

  /** Gives the stroke its page (first time or before any dot) and releases held dots. */
  private setPage(o: OpenStroke, page: PageAddress, openedByPageChange: boolean): void {
    o.page = page;
    o.kind = this.options.classifyPage?.(page) ?? 'ink';
    o.openedByPageChange = openedByPageChange;
    if (o.kind === 'dropped') {
      o.live = undefined;
      o.held = undefined;
      return;
    }
    const role: StrokeRole =
      o.kind === 'pui'
        ? 'pui'
        : o.brush.brushType === BrushType.eraser || o.penTipMode === 1
          ? 'eraser'
          : 'ink';
    o.live = new LiveStrokeBuffer(
      o.key,
      o.penId,
      page,
      role,
      o.penTipMode,
      openedByPageChange,
      o.brush,
      o.deviceColorArgb,
    );
    const held = o.held;
    o.held = undefined;
    if (held && held.count > 0) {
      const d = held.view();
      for (let i = 0; i < d.count; i++) o.live.push(d.xNu[i]!, d.yNu[i]!, d.force[i]!, d.timeMs[i]!);
      o.started = true;
      this.listener.strokeStarted?.(o.live);
      this.listener.strokeDots?.(o.live, 0);
    }
  }

  private move(penId: PenId, xNu: number, yNu: number, force: number, timeMs: number): void {
    const o = this.pens.get(penId)?.open;
    if (!o) {
      this.logger.debug('move without pen down ignored (missing pen down)', penId);
      return;
    }
    this.addDot(o, xNu, yNu, force, timeMs);
  }

  private addDot(o: OpenStroke, xNu: number, yNu: number, force: number, timeMs: number): void {
    if (o.page === undefined) {
      o.held ??= new DotBuffer(16);
      o.held.push(xNu, yNu, force, timeMs);
      return;
    }
    const live = o.live;
    if (!live) return; // a dropped page
    live.push(xNu, yNu, force, timeMs);
    if (!o.started) {
      o.started = true;
      this.listener.strokeStarted?.(live);
    }
    this.listener.strokeDots?.(live, live.count - 1);
  }

  private up(penId: PenId, timeMs: number): void {
    const p = this.pens.get(penId);
    const o = p?.open;
    if (!p || !o) {
      this.logger.debug('pen up without pen down ignored', penId);
      return;
    }
    p.open = undefined;
    if (o.page === undefined) {
      this.pageFault(penId, p.lastPage, o.held?.count ?? 0, timeMs);
      return;
    }
    this.close(o, timeMs, false);
  }

  private cancel(penId: PenId, timeMs: number): void {
    const p = this.pens.get(penId);
    const o = p?.open;
    if (!p || !o) return;
    p.open = undefined;
    if (!o.live || !o.started) return;
    if (o.live.role === 'eraser') this.close(o, timeMs, false);
    else this.listener.strokeCancelled?.(o.live);
  }

  private disconnect(penId: PenId, timeMs: number): void {
    const p = this.pens.get(penId);
    if (!p) return;
    if (p.open) {
      if (p.open.page === undefined) {
        this.logger.debug('disconnected mid-stroke before page info: dots dropped', penId);
      } else {
        this.close(p.open, timeMs, false);
      }
    }
    this.pens.delete(penId);
  }

  private close(o: OpenStroke, timeMs: number, byPageChange: boolean): void {
    const live = o.live;
    if (!live || live.count === 0) return;
    this.listener.strokeCompleted?.(live.complete(timeMs, byPageChange), live.role);
  }

  private pageFault(penId: PenId, lastPage: PageAddress | undefined, droppedDots: number, timeMs: number) {
    const id = pageId(lastPage ?? UNKNOWN_PAGE);
    const count = (this.faults.get(id) ?? 0) + 1;
    this.faults.set(id, count);
    if (count <= this.faultMax) this.listener.pageFault?.({ penId, pageId: id, count, droppedDots, timeMs });
  }
}

/** A stroke builder for these options. */
export function createStrokeBuilder(options: StrokeBuilderOptions): StrokeBuilder {
  return new StrokeBuilder(options);
}
