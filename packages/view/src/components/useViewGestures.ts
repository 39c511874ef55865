/**
 * Input on the page view: ctrl/alt + drag pans, the wheel zooms around the cursor, two touches
 * pinch and pan, a plain press writes with the pointer pen (or pans when there is no pen), and
 * in crop mode a drag spans the crop rectangle. Disabled features ignore their input.
 *
 * Touch (issue 29 item 8): a finger writes at once; when a second finger lands the first
 * finger's stroke is cancelled (the pointer pen drops it: a pinch leaves no ink) and the two
 * pinch and pan. A stylus (`pen` pointer) wins over touch: a touch while the stylus writes is a
 * palm and is ignored, and a stylus landing while a finger writes cancels the finger's stroke.
 *
 * Listeners are attached natively (the wheel must not be passive to stop the page scrolling) and
 * read the latest options through a ref, so they are attached once.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { cropFromDrag, type RectPt } from '../overlay/crop';
import { type PointXY, pxToPt, type Viewport } from '../pipeline/viewTransform';
import type { Size } from '../viewport/fit';
import { panBy, pinchViewport, wheelZoom } from '../viewport/zoom';

/** Where pointer input for the pen goes: a `PointerPen` of `@dotink/pen` fits. */
export interface PointerInput {
  pointerDown(event: PointerEvent): void;
  pointerMove(event: PointerEvent): void;
  pointerUp(event: PointerEvent): void;
  pointerCancel(event: PointerEvent): void;
}

export interface GestureOptions {
  readonly viewport: Viewport;
  readonly pagePt: Size;
  readonly setViewport: (vp: Viewport) => void;
  readonly panZoom: boolean;
  /** Undefined when the pen, the mouse pen or the page is missing or disabled. */
  readonly pen: PointerInput | undefined;
  readonly cropMode: boolean;
  readonly onCrop: (rect: RectPt, done: boolean) => void;
}

/** Pixels of wheel delta per line and per page, when the browser reports lines or pages. */
const WHEEL_LINE_PX = 16;
const WHEEL_PAGE_PX = 400;

type Drag =
  | { readonly kind: 'pan'; readonly pointerId: number; readonly start: Viewport; readonly at: PointXY }
  | {
      readonly kind: 'pinch';
      readonly ids: readonly [number, number];
      readonly start: Viewport;
      readonly from: readonly [PointXY, PointXY];
    }
  | { readonly kind: 'pen'; readonly pointerId: number; readonly touch: boolean }
  | { readonly kind: 'crop'; readonly pointerId: number; readonly startPt: PointXY }
  | { readonly kind: 'idle' };

export function useViewGestures(rootRef: RefObject<HTMLElement | null>, options: GestureOptions): void {
  const opts = useRef(options);
  opts.current = options;

  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const points = new Map<number, PointXY>();
    const lastEvent = new Map<number, PointerEvent>();
    let drag: Drag = { kind: 'idle' };

    const local = (e: { clientX: number; clientY: number }): PointXY => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const capture = (e: PointerEvent) => {
      try {
        el.setPointerCapture?.(e.pointerId);
      } catch {
        // a synthetic or finished pointer cannot be captured
      }
    };
    const pair = (ids: readonly [number, number]): [PointXY, PointXY] | undefined => {
      const a = points.get(ids[0]);
      const b = points.get(ids[1]);
      return a && b ? [a, b] : undefined;
    };

    /** Cancels the touch stroke under way (it was the start of a pinch, or a palm). */
    const cancelTouchStroke = (o: GestureOptions) => {
      if (drag.kind !== 'pen' || !drag.touch) return;
      const penEvent = lastEvent.get(drag.pointerId);
      if (penEvent) o.pen?.pointerCancel(penEvent);
      drag = { kind: 'idle' };
    };

    const down = (e: PointerEvent) => {
      const o = opts.current;
      const p = local(e);
      const touch = e.pointerType === 'touch';
      // a palm while the stylus writes: not a pinch, not ink
      if (touch && drag.kind === 'pen' && !drag.touch) {
        e.preventDefault();
        return;
      }
      // the stylus while a finger (or palm) writes: the finger's stroke was not meant
      if (e.pointerType === 'pen' && drag.kind === 'pen' && drag.touch) cancelTouchStroke(o);
      points.set(e.pointerId, p);
      lastEvent.set(e.pointerId, e);
      if (touch && o.panZoom) {
        const touches = [...points.keys()].filter((id) => lastEvent.get(id)?.pointerType === 'touch');
        if (touches.length === 2) {
          cancelTouchStroke(o);
          if (drag.kind === 'idle' || drag.kind === 'pan') {
            const ids = touches as [number, number];
            drag = { kind: 'pinch', ids, start: o.viewport, from: pair(ids)! };
            capture(e);
            return;
          }
        }
      }
      if (drag.kind !== 'idle') return;
      if (o.cropMode) {
        drag = { kind: 'crop', pointerId: e.pointerId, startPt: pxToPt(p, o.viewport) };
      } else if (e.ctrlKey || e.altKey) {
        if (!o.panZoom) return;
        drag = { kind: 'pan', pointerId: e.pointerId, start: o.viewport, at: p };
      } else if (o.pen && (e.pointerType !== 'mouse' || e.button === 0)) {
        drag = { kind: 'pen', pointerId: e.pointerId, touch };
        o.pen.pointerDown(e);
      } else if (o.panZoom) {
        drag = { kind: 'pan', pointerId: e.pointerId, start: o.viewport, at: p };
      } else {
        return;
      }
      e.preventDefault();
      capture(e);
    };

    const move = (e: PointerEvent) => {
      const o = opts.current;
      const p = local(e);
      if (points.has(e.pointerId)) {
        points.set(e.pointerId, p);
        lastEvent.set(e.pointerId, e);
      }
      switch (drag.kind) {
        case 'pan':
          if (e.pointerId === drag.pointerId)
            o.setViewport(panBy(drag.start, p.x - drag.at.x, p.y - drag.at.y));
          return;
        case 'pinch': {
          const now = pair(drag.ids);
          if (now && drag.ids.includes(e.pointerId)) o.setViewport(pinchViewport(drag.start, drag.from, now));
          return;
        }
        case 'pen':
          if (e.pointerId === drag.pointerId) o.pen?.pointerMove(e);
          return;
        case 'crop':
          if (e.pointerId === drag.pointerId)
            o.onCrop(cropFromDrag(drag.startPt, pxToPt(p, o.viewport), o.pagePt), false);
          return;
        case 'idle':
          // hover (no button): the pointer pen reports it for the laser pointer
          if (e.buttons === 0) o.pen?.pointerMove(e);
          return;
      }
    };

    const up = (e: PointerEvent, cancelled: boolean) => {
      const o = opts.current;
      const p = points.has(e.pointerId) ? local(e) : undefined;
      points.delete(e.pointerId);
      lastEvent.delete(e.pointerId);
      switch (drag.kind) {
        case 'pen':
          if (e.pointerId === drag.pointerId) {
            if (cancelled) o.pen?.pointerCancel(e);
            else o.pen?.pointerUp(e);
            drag = { kind: 'idle' };
          }
          break;
        case 'crop':
          if (e.pointerId === drag.pointerId) {
            if (p) o.onCrop(cropFromDrag(drag.startPt, pxToPt(p, o.viewport), o.pagePt), true);
            drag = { kind: 'idle' };
          }
          break;
        case 'pan':
          if (e.pointerId === drag.pointerId) drag = { kind: 'idle' };
          break;
        case 'pinch':
          if (drag.ids.includes(e.pointerId)) drag = { kind: 'idle' };
          break;
        case 'idle':
          break;
      }
    };

    const wheel = (e: WheelEvent) => {
      const o = opts.current;
      if (!o.panZoom) return;
      e.preventDefault();
      const unit = e.deltaMode === 1 ? WHEEL_LINE_PX : e.deltaMode === 2 ? WHEEL_PAGE_PX : 1;
      o.setViewport(wheelZoom(o.viewport, e.deltaY * unit, local(e)));
    };

    const onUp = (e: PointerEvent) => up(e, false);
    const onCancel = (e: PointerEvent) => up(e, true);
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onCancel);
    el.addEventListener('wheel', wheel, { passive: false });
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onCancel);
      el.removeEventListener('wheel', wheel);
    };
  }, [rootRef]);
}
