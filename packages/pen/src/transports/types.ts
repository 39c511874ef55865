/**
 * The byte link between the host driver and one pen: a Web Bluetooth GATT pair, or an in-process
 * simulator. The session speaks the protocol over it and knows nothing else about the link.
 */
import type { Unsubscribe } from './listeners';

/** A byte link to one pen. */
export interface PenTransport {
  /** A stable id of the link, e.g. the Web Bluetooth device id. */
  readonly id: string;
  /** The advertised device name, or '' when unknown. */
  readonly name: string;
  /** False once the link is gone. */
  readonly connected: boolean;
  /**
   * Sends bytes to the pen. Writes are queued so that only one write is in flight at a time;
   * the promise settles when these bytes have been written (or the write failed).
   */
  write(bytes: Uint8Array): Promise<void>;
  /** Bytes notified by the pen, in arrival order (frames may be split at any byte). */
  onNotify(listener: (bytes: Uint8Array) => void): Unsubscribe;
  /** Called once when the link drops, whoever dropped it. */
  onDisconnect(listener: () => void): Unsubscribe;
  /** Drops the link (the pen sees a GATT disconnect). */
  disconnect(): void;
}
