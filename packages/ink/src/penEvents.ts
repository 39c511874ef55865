/**
 * Pen events: what any pen kind (Bluetooth, native host, network, pointer) produces and the stroke
 * builder consumes. Positions are in nu, times in epoch ms, force raw (0 … maxPressure).
 */
import type { PageAddress } from '@dotink/ncode';

/** Identifies the pen an event came from (its MAC address, or a virtual id for mouse pens). */
export type PenId = string;

export interface PenDownEvent {
  readonly kind: 'down';
  readonly penId: PenId;
  readonly timeMs: number;
  /** 0 = pen tip, 1 = eraser tip. */
  readonly penTipMode?: 0 | 1;
  /** Pen colour reported by the device, ARGB, when it reports one. */
  readonly colorArgb?: number;
}

export interface PageInfoEvent {
  readonly kind: 'page';
  readonly penId: PenId;
  readonly timeMs: number;
  readonly page: PageAddress;
}

export interface PenMoveEvent {
  readonly kind: 'move';
  readonly penId: PenId;
  readonly timeMs: number;
  readonly xNu: number;
  readonly yNu: number;
  readonly force: number;
}

export interface HoverMoveEvent {
  readonly kind: 'hover';
  readonly penId: PenId;
  readonly timeMs: number;
  readonly xNu: number;
  readonly yNu: number;
}

export interface PenUpEvent {
  readonly kind: 'up';
  readonly penId: PenId;
  readonly timeMs: number;
}

/** The pen could not read the Ncode under its tip. */
export interface NcodeErrorEvent {
  readonly kind: 'ncodeError';
  readonly penId: PenId;
  readonly timeMs: number;
  readonly brightness: number;
  readonly exposureTime: number;
  readonly ncodeErrorCode: number;
  readonly labelCount: number;
  readonly classType: number;
  readonly errorCount: number;
}

/**
 * The stroke under way is not a stroke (a touch that became a pinch, a pointer the browser took
 * for a gesture): it is dropped, its live ink removed, nothing is stored.
 */
export interface PenCancelEvent {
  readonly kind: 'cancel';
  readonly penId: PenId;
  readonly timeMs: number;
}

export interface PenDisconnectEvent {
  readonly kind: 'disconnect';
  readonly penId: PenId;
  readonly timeMs: number;
}

export type PenEvent =
  | PenDownEvent
  | PageInfoEvent
  | PenMoveEvent
  | HoverMoveEvent
  | PenUpEvent
  | PenCancelEvent
  | NcodeErrorEvent
  | PenDisconnectEvent;
