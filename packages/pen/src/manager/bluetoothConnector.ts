/**
 * Connecting Bluetooth pens into a pen manager: the chooser, the transport, a {@link PenSession}
 * attached to the manager (so it is added when connected and removed when it disconnects).
 */
import type { Logger } from '@dotink/ncode';
import { PenSession, type PenSessionOptions } from '../session/penSession';
import type { BluetoothLike } from '../transports/bluetoothTypes';
import { type BluetoothTransportOptions, connectBluetoothPen } from '../transports/webBluetooth';
import type { PenManager } from './penManager';

export interface BluetoothPenConnectorOptions {
  readonly manager: PenManager;
  /** `navigator.bluetooth` (or the simulator's stand-in). */
  readonly bluetooth: BluetoothLike | undefined | null;
  /** Scheduler, password prompt, hover, note filter, timeouts of every session. */
  readonly session: Omit<PenSessionOptions, 'transport' | 'logger'>;
  readonly transport?: BluetoothTransportOptions;
  readonly logger?: Logger;
  /** Told about each new session before it connects (e.g. to show its notices). */
  readonly onSession?: (session: PenSession) => void;
  readonly namePrefixes?: readonly string[];
}

/** Connects pens chosen by the user. */
export interface BluetoothPenConnector {
  /**
   * Asks for a pen and connects it. Resolves true once connected; false silently when the chooser
   * was cancelled or failed, the pen is already connected or connecting, or the connection failed.
   * Rejects with a `BluetoothUnavailableError` when the device has no Bluetooth.
   */
  connect(): Promise<boolean>;
}

/** A connector for one manager. */
export function bluetoothPenConnector(options: BluetoothPenConnectorOptions): BluetoothPenConnector {
  const connecting = new Set<string>();
  return {
    connect: () =>
      connectBluetoothPen({
        bluetooth: options.bluetooth,
        ...(options.logger ? { logger: options.logger } : {}),
        ...(options.transport ? { transport: options.transport } : {}),
        ...(options.namePrefixes ? { namePrefixes: options.namePrefixes } : {}),
        connecting,
        isBusy: (id) => options.manager.isBusy(id),
        start: (transport) => {
          const session = new PenSession({
            ...options.session,
            transport,
            ...(options.logger ? { logger: options.logger } : {}),
          });
          // A session is single-use: stop following it once it is disconnected.
          const unfollow = options.manager.attach(session);
          session.onStateChange((c) => {
            if (c.state === 'disconnected') unfollow();
          });
          options.onSession?.(session);
          return session.connect();
        },
      }),
  };
}
