/**
 * What every pen kind offers the pen manager and the UI: an id, a connection state, a stream of
 * {@link PenEvent}s. Bluetooth pens, native-host pens, remote (network) pens and pointer pens
 * all implement {@link Pen}; a method a kind cannot support throws
 * {@link notImplemented} (e.g. `Error('connect() not implemented')`, engine.md §8).
 */
import type { InputType, PenEvent, PenId } from '@dotink/ink';
import type { Unsubscribe } from '../transports/listeners';

/** Connection states (engine.md §4 "Pen connection"). */
export type PenConnectionState = 'disconnected' | 'connecting' | 'connected';

/** Maximum raw force of a real pen (engine.md §9). */
export const REAL_PEN_MAX_PRESSURE = 852;

/** Maximum raw force of the mouse pen, which is also the force divisor (engine.md §9). */
export const MOUSE_PEN_MAX_PRESSURE = 800;

/** A change of connection state, with the error a connected-with-warning carries. */
export interface PenStateChange {
  readonly state: PenConnectionState;
  /** The pen's id at the time of the change (the MAC once known). */
  readonly penId: PenId;
  /** Set with 'connected' when the pen works but needs attention (1 = firmware too old). */
  readonly errorCode?: number;
  /** A message for the user, e.g. the firmware warning. */
  readonly message?: string;
}

/** One pen of any kind. */
export interface Pen {
  /** The pen's id: its MAC address (or a virtual id for pointer pens). */
  readonly penId: PenId;
  /** Where its strokes come from: real pen, network pen, mouse pen or sdk pen. */
  readonly inputType: InputType;
  readonly state: PenConnectionState;
  /** Raw full-scale force (852 real pen, 800 mouse pen). */
  readonly maxPressure: number;
  /** The Web Bluetooth device id, for Bluetooth pens. */
  readonly webBluetoothId?: string;
  /** Pen events, in order. */
  onEvent(listener: (event: PenEvent) => void): Unsubscribe;
  /** Connection-state changes, in order. */
  onStateChange(listener: (change: PenStateChange) => void): Unsubscribe;
  /** Starts connecting; resolves true once connected, false if that failed. */
  connect(): Promise<boolean>;
  /** Drops the connection (a no-op when disconnected). */
  disconnect(): void;
}

/** The error an unsupported pen-interface method throws: `Error('<method>() not implemented')`. */
export function notImplemented(method: string): Error {
  return new Error(`${method}() not implemented`);
}
