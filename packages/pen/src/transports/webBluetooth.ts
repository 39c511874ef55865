/**
 * The Web Bluetooth transport (pen-protocol.md §1): choose the device, connect GATT, find the pen
 * service (the set tried first depends on the model name; if it is missing the other set is
 * used), subscribe to notifications, and write through a queue that keeps one GATT write in
 * flight, in slices that fit the link's payload size.
 *
 * `navigator.bluetooth` is passed in (never read at import), so the simulator's stand-in can
 * take its place in tests and in the browser test page.
 */
import type { Logger } from '@dotink/ncode';
import { silentLogger } from '@dotink/ncode';
import {
  ACCEPTED_NAME_PREFIXES,
  isBluetoothCancel,
  PEN_UUIDS_16BIT,
  PEN_UUIDS_128BIT,
  type PenUuidSet,
  penRequestDeviceOptions,
} from '../protocol/validation';
import type {
  BluetoothCharacteristicLike,
  BluetoothDeviceLike,
  BluetoothGattServerLike,
  BluetoothLike,
} from './bluetoothTypes';
import { listeners } from './listeners';
import type { PenTransport } from './types';
import { createWriteQueue, DEFAULT_WRITE_CHUNK_BYTES } from './writeQueue';

/** Error codes of Bluetooth connection attempts, for the UI to turn into messages. */
export const BluetoothErrorCode = {
  /**
   * There is no Bluetooth adapter (or no Web Bluetooth): the board shows "The smart pen cannot be
   * connected since the Bluetooth function is not available on this device. Please install the
   * Bluetooth dongle and try again."
   */
  noBluetooth: 'no-bluetooth',
} as const;
export type BluetoothErrorCode = (typeof BluetoothErrorCode)[keyof typeof BluetoothErrorCode];

/** Thrown when the device has no Bluetooth: `code` is {@link BluetoothErrorCode.noBluetooth}. */
export class BluetoothUnavailableError extends Error {
  readonly code: BluetoothErrorCode = BluetoothErrorCode.noBluetooth;
  constructor(message = 'Bluetooth adapter (dongle) not found') {
    super(message);
    this.name = 'BluetoothUnavailableError';
  }
}

/** Models known to use the 16-bit service set (GRIDA: NWP-F50, F51, F120, F121). */
const SIXTEEN_BIT_MODELS = /F(50|51|120|121)(?!\d)/i;

/** The service sets to try, in order, for a device or model name. */
export function serviceOrderFor(name: string | undefined | null): readonly PenUuidSet[] {
  return name && SIXTEEN_BIT_MODELS.test(name)
    ? [PEN_UUIDS_16BIT, PEN_UUIDS_128BIT]
    : [PEN_UUIDS_128BIT, PEN_UUIDS_16BIT];
}

export interface BluetoothTransportOptions {
  /** Write slice size; default 20 (ATT MTU 23). `Infinity` writes frames whole (WEB style). */
  readonly chunkBytes?: number;
  readonly logger?: Logger;
}

/** A Web Bluetooth transport, with the service set it found. */
export interface BluetoothTransport extends PenTransport {
  readonly uuidSet: PenUuidSet;
}

async function findService(
  server: BluetoothGattServerLike,
  order: readonly PenUuidSet[],
  log: Logger,
): Promise<{ set: PenUuidSet; write: BluetoothCharacteristicLike; notify: BluetoothCharacteristicLike }> {
  for (const set of order) {
    try {
      const service = await server.getPrimaryService(set.service);
      const write = await service.getCharacteristic(set.write);
      const notify = await service.getCharacteristic(set.notify);
      return { set, write, notify };
    } catch (error) {
      log.debug(`pen service ${set.name} not found`, error);
    }
  }
  throw new Error('no pen service found on the device');
}

function bytesOf(target: unknown): Uint8Array | undefined {
  const v = (target as { value?: DataView | null } | null)?.value;
  return v ? new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength)) : undefined;
}

/**
 * Opens the transport of a chosen device: GATT connect, service discovery, notifications on.
 * Throws when the device cannot be reached or has no pen service (the link is then dropped).
 */
export async function openBluetoothTransport(
  device: BluetoothDeviceLike,
  options: BluetoothTransportOptions = {},
): Promise<BluetoothTransport> {
  const log = options.logger ?? silentLogger;
  const gatt = device.gatt;
  if (!gatt) throw new Error('the device has no GATT server');
  const server = await gatt.connect();
  let found: Awaited<ReturnType<typeof findService>>;
  try {
    found = await findService(server, serviceOrderFor(device.name), log);
  } catch (error) {
    server.disconnect();
    throw error;
  }
  const { set, write, notify } = found;
  const notifications = listeners<Uint8Array>((e) => log.error('pen notification listener failed', e));
  const disconnects = listeners<void>((e) => log.error('pen disconnect listener failed', e));
  let connected = true;

  const onValue = (event: { target: unknown }) => {
    const bytes = bytesOf(event.target);
    if (bytes && connected) notifications.emit(bytes);
  };
  const onGone = () => {
    if (!connected) return;
    connected = false;
    queue.close(new Error('pen disconnected'));
    notify.removeEventListener?.('characteristicvaluechanged', onValue);
    device.removeEventListener?.('gattserverdisconnected', onGone);
    disconnects.emit();
  };
  const writeChunk = (chunk: Uint8Array): Promise<void> => {
    if (write.writeValueWithResponse) return write.writeValueWithResponse(chunk);
    if (write.writeValue) return write.writeValue(chunk);
    return Promise.reject(new Error('the write characteristic cannot be written'));
  };
  const queue = createWriteQueue({ writeChunk, chunkBytes: options.chunkBytes ?? DEFAULT_WRITE_CHUNK_BYTES });

  notify.addEventListener('characteristicvaluechanged', onValue);
  device.addEventListener('gattserverdisconnected', onGone);
  try {
    await notify.startNotifications();
  } catch (error) {
    onGone();
    server.disconnect();
    throw error;
  }

  return {
    id: device.id,
    name: device.name ?? '',
    uuidSet: set,
    get connected() {
      return connected;
    },
    write: (bytes) => queue.write(bytes),
    onNotify: (l) => notifications.add(l),
    onDisconnect: (l) => disconnects.add(() => l()),
    disconnect() {
      if (!connected) return;
      server.disconnect();
      // Browsers fire gattserverdisconnected on a local disconnect too; do not depend on it.
      onGone();
    },
  };
}

export interface ConnectBluetoothPenOptions {
  /** `navigator.bluetooth` (or a stand-in); undefined when the browser has none. */
  readonly bluetooth: BluetoothLike | undefined | null;
  readonly logger?: Logger;
  /** True when this device is already connected or connecting (e.g. `manager.isBusy`). */
  readonly isBusy?: (deviceId: string) => boolean;
  /**
   * Device ids with a connection attempt in progress, owned by the caller and shared by its
   * attempts: an id is added once the device is chosen and removed when the attempt ends.
   */
  readonly connecting?: Set<string>;
  /** Name prefixes for the chooser (default: engine.md §5's list). */
  readonly namePrefixes?: readonly string[];
  readonly transport?: BluetoothTransportOptions;
  /** Runs the pen session over the opened transport; resolves true once connected. */
  readonly start: (transport: BluetoothTransport, device: BluetoothDeviceLike) => Promise<boolean>;
}

const looksLikeNoAdapter = (error: unknown) =>
  error instanceof Error &&
  /adapter|not available|unsupported/i.test(error.message) &&
  !isBluetoothCancel(error);

/**
 * Asks the user for a pen and connects it. Returns false silently (engine.md §5) when the chooser
 * fails or is cancelled (code 8: no device), when the device is already connected or connecting,
 * or when there is no device; logs 'Device NULL' or 'bluetooth device already connected or
 * connecting'. Throws {@link BluetoothUnavailableError} when there is no Bluetooth at all.
 */
export async function connectBluetoothPen(options: ConnectBluetoothPenOptions): Promise<boolean> {
  const log = options.logger ?? silentLogger;
  const bt = options.bluetooth;
  const noAdapter = () => {
    log.error('Bluetooth adapter (dongle) not found');
    return new BluetoothUnavailableError();
  };
  if (!bt) throw noAdapter();
  if (bt.getAvailability && !(await bt.getAvailability().catch(() => true))) throw noAdapter();

  let device: BluetoothDeviceLike | undefined | null;
  try {
    device = await bt.requestDevice(penRequestDeviceOptions(options.namePrefixes ?? ACCEPTED_NAME_PREFIXES));
  } catch (error) {
    if (looksLikeNoAdapter(error)) throw noAdapter();
    if (!isBluetoothCancel(error)) log.warn('bluetooth device chooser failed', error);
    device = null;
  }
  if (!device) {
    log.info('Device NULL');
    return false;
  }
  const id = device.id;
  if (options.connecting?.has(id) || options.isBusy?.(id) || device.gatt?.connected) {
    log.info('bluetooth device already connected or connecting');
    return false;
  }
  options.connecting?.add(id);
  try {
    let transport: BluetoothTransport;
    try {
      transport = await openBluetoothTransport(device, { logger: log, ...options.transport });
    } catch (error) {
      log.warn('bluetooth pen connection failed', error);
      return false;
    }
    return await options.start(transport, device);
  } finally {
    options.connecting?.delete(id);
  }
}
