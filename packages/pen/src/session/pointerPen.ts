/**
 * The mouse / touch / stylus pen: pointer events on a page view become pen events.
 *
 * - Every sample counts: a move's coalesced events (`getCoalescedEvents()`) are all delivered,
 *   so a fast stroke keeps the samples the browser merged into one event.
 * - Pressure 0…1 becomes raw force × 800 (the mouse pen's max pressure and force divisor,
 *   engine.md §9). A mouse reports 0.5 while a button is down; a device that reports 0 while
 *   touching gets 0.5 too.
 * - Positions go through `toNu`, a function the view passes in (view pixels → nu of the page
 *   it shows). Samples it maps to `undefined` (outside the page) are dropped.
 * - Moves with no button down are hover moves (the laser pointer).
 */

import type { PenEvent } from '@dotink/ink';
import type { PageAddress } from '@dotink/ncode';
import { MOUSE_PEN_MAX_PRESSURE, type Pen } from './pen';
import { penCore } from './penCore';

/** The fields of a DOM `PointerEvent` the pointer pen reads. */
export interface PointerSample {
  readonly pointerId: number;
  readonly pointerType: string;
  readonly clientX: number;
  readonly clientY: number;
  /** 0…1. */
  readonly pressure: number;
  readonly buttons: number;
  /** ms since the page's time origin. */
  readonly timeStamp: number;
  getCoalescedEvents?(): readonly PointerSample[];
}

export interface PointerPenOptions {
  /** The pen's virtual id (default 'mouse-pen'). */
  readonly penId?: string;
  /** View pixels (client coordinates) → nu on the page shown, or undefined outside it. */
  readonly toNu: (xPx: number, yPx: number) => { readonly xNu: number; readonly yNu: number } | undefined;
  /** The page the view shows (undefined when none is assigned: nothing is drawn). */
  readonly page: () => PageAddress | undefined;
  /** Epoch ms of `timeStamp` 0 (the app passes `performance.timeOrigin`). Default 0. */
  readonly timeOriginMs?: number;
}

/** A pointer pen: feed it the view's pointer events. */
export interface PointerPen extends Pen {
  pointerDown(event: PointerSample): void;
  pointerMove(event: PointerSample): void;
  pointerUp(event: PointerSample): void;
  /**
   * The pointer's stroke is not a stroke (its touch became a pinch, or the browser took the
   * pointer for a gesture): a `cancel` pen event drops it, nothing is stored.
   */
  pointerCancel(event: PointerSample): void;
}

/** Raw force for a pointer pressure (0…1), with max pressure 800. */
export function pointerForce(pressure: number, buttons: number): number {
  const p = pressure > 0 ? Math.min(1, pressure) : buttons !== 0 ? 0.5 : 0;
  return p * MOUSE_PEN_MAX_PRESSURE;
}

/** Makes a pointer pen. It is connected from the start (a mouse is always there). */
export function createPointerPen(options: PointerPenOptions): PointerPen {
  const core = penCore(options.penId ?? 'mouse-pen');
  const origin = options.timeOriginMs ?? 0;
  let active: number | undefined; // the pointer drawing now
  let lastTimeMs = Number.NEGATIVE_INFINITY;
  let lastPage: PageAddress | undefined;

  const emit = (e: PenEvent) => core.events.emit(e);
  // Times never go backwards, even if coalesced samples repeat a timestamp.
  const timeOf = (s: PointerSample) => {
    const t = Math.max(origin + s.timeStamp, lastTimeMs);
    lastTimeMs = t;
    return t;
  };
  const samples = (e: PointerSample): readonly PointerSample[] => {
    const list = e.getCoalescedEvents?.();
    return list && list.length > 0 ? list : [e];
  };
  const move = (s: PointerSample) => {
    const p = options.toNu(s.clientX, s.clientY);
    const timeMs = timeOf(s);
    if (!p) return;
    emit({
      kind: 'move',
      penId: core.penId,
      timeMs,
      xNu: p.xNu,
      yNu: p.yNu,
      force: pointerForce(s.pressure, s.buttons),
    });
  };
  const finish = (e: PointerSample) => {
    if (active !== e.pointerId) return;
    active = undefined;
    emit({ kind: 'up', penId: core.penId, timeMs: timeOf(e) });
  };

  core.state = 'connected';
  return {
    get penId() {
      return core.penId;
    },
    inputType: 'mouse',
    get state() {
      return core.state;
    },
    maxPressure: MOUSE_PEN_MAX_PRESSURE,
    onEvent: (l) => core.events.add(l),
    onStateChange: (l) => core.states.add(l),
    async connect() {
      core.setState('connected');
      return true;
    },
    disconnect() {
      if (core.state === 'disconnected') return;
      if (active !== undefined) {
        active = undefined;
        emit({ kind: 'up', penId: core.penId, timeMs: lastTimeMs });
      }
      emit({ kind: 'disconnect', penId: core.penId, timeMs: lastTimeMs });
      core.setState('disconnected');
    },
    pointerDown(e) {
      if (core.state !== 'connected' || active !== undefined) return;
      const page = options.page();
      if (!page) return;
      active = e.pointerId;
      const timeMs = timeOf(e);
      emit({ kind: 'down', penId: core.penId, timeMs, penTipMode: 0 });
      emit({ kind: 'page', penId: core.penId, timeMs, page });
      lastPage = page;
      move(e);
    },
    pointerMove(e) {
      if (core.state !== 'connected') return;
      if (active === undefined) {
        if (e.buttons !== 0) return; // a second finger, or a press that began off the page
        const page = options.page();
        if (!page) return;
        if (page !== lastPage) {
          lastPage = page;
          emit({ kind: 'page', penId: core.penId, timeMs: timeOf(e), page });
        }
        for (const s of samples(e)) {
          const p = options.toNu(s.clientX, s.clientY);
          const timeMs = timeOf(s);
          if (p) emit({ kind: 'hover', penId: core.penId, timeMs, xNu: p.xNu, yNu: p.yNu });
        }
        return;
      }
      if (e.pointerId !== active) return;
      for (const s of samples(e)) move(s);
    },
    pointerUp: finish,
    pointerCancel(e) {
      if (active !== e.pointerId) return;
      active = undefined;
      emit({ kind: 'cancel', penId: core.penId, timeMs: timeOf(e) });
    },
  };
}

/** The part of a DOM element the binding uses. */
export interface PointerEventSource {
  addEventListener(type: string, listener: (event: PointerSample) => void): void;
  removeEventListener(type: string, listener: (event: PointerSample) => void): void;
  setPointerCapture?(pointerId: number): void;
}

/**
 * Feeds an element's pointer events to a pointer pen (capturing the pointer on down, so a stroke
 * that leaves the element still ends). The element should have `touch-action: none`. Returns
 * the unbind.
 */
export function bindPointerPen(element: PointerEventSource, pen: PointerPen): () => void {
  const down = (e: PointerSample) => {
    element.setPointerCapture?.(e.pointerId);
    pen.pointerDown(e);
  };
  const handlers: [string, (e: PointerSample) => void][] = [
    ['pointerdown', down],
    ['pointermove', (e) => pen.pointerMove(e)],
    ['pointerup', (e) => pen.pointerUp(e)],
    ['pointercancel', (e) => pen.pointerCancel(e)],
  ];
  for (const [type, h] of handlers) element.addEventListener(type, h);
  return () => {
    for (const [type, h] of handlers) element.removeEventListener(type, h);
  };
}
