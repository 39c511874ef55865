/**
 * A Web Bluetooth stand-in backed by a pen simulator: the subset of `navigator.bluetooth` the
 * driver uses (requestDevice with filters and optionalServices, gatt.connect, getPrimaryService,
 * getCharacteristic, startNotifications, `characteristicvaluechanged` events carrying DataView
 * values, writeValue / writeValueWithResponse / writeValueWithoutResponse, and
 * `gattserverdisconnected`), with Chrome's refusals: a service not named in the request is a
 * SecurityError, a missing one a NotFoundError, a cancelled chooser a NotFoundError (code 8), and
 * a second write while one is in flight "GATT operation already in progress".
 *
 * Written with structural types and its own listener lists (no DOM types, no EventTarget), so it
 * runs in Chromium and in Vitest on Node 20 alike.
 */
import { PEN_UUID_SETS } from '../protocol/validation';
import type { PenSimulator } from './penSimulator';
import {
  BluetoothStandInError,
  canonicalUuid,
  type RequestDeviceFilter,
  type RequestDeviceOptions,
  type SimulatedBluetoothOptions,
  StandInDevice,
} from './standInGatt';

export * from './standInGatt';

/** The installed stand-in and handles for tests. */
export interface SimulatedBluetooth {
  /** The object installed as `navigator.bluetooth`. */
  readonly bluetooth: BluetoothStandIn;
  /** The simulator behind the device, once `requestDevice` created it. */
  readonly simulator: PenSimulator | undefined;
  /** Restores `navigator.bluetooth` as it was. */
  uninstall(): void;
}

/** The stand-in for `navigator.bluetooth`. */
export interface BluetoothStandIn {
  requestDevice(options: RequestDeviceOptions): Promise<StandInDevice>;
  getAvailability(): Promise<boolean>;
}

function matches(f: RequestDeviceFilter, name: string, services: readonly string[]): boolean {
  if (f.name !== undefined && f.name !== name) return false;
  if (f.namePrefix !== undefined && !name.startsWith(f.namePrefix)) return false;
  return (f.services ?? []).every((s) => services.includes(canonicalUuid(s)));
}

/**
 * Installs a Web Bluetooth stand-in as `target.navigator.bluetooth` (creating `navigator` when
 * the target has none, as on Node 20). The simulator is made on the first `requestDevice` and
 * kept, so its password and offline memory last across connections.
 */
export function installSimulatedBluetooth(
  target: { navigator?: unknown },
  simulatorFactory: () => PenSimulator,
  options: SimulatedBluetoothOptions = {},
): SimulatedBluetooth {
  let device: StandInDevice | undefined;
  const bluetooth: BluetoothStandIn = {
    async requestDevice(req) {
      if (!req.acceptAllDevices && !(req.filters && req.filters.length > 0)) {
        throw new TypeError(
          "Either 'filters' should be present or 'acceptAllDevices' should be true, but not both.",
        );
      }
      if (!device) {
        const sim = simulatorFactory();
        const name = options.deviceName ?? sim.inspect().settings.btLocalName;
        device = new StandInDevice(options.deviceId ?? `sim-${sim.identity.mac}`, name, sim, options);
      }
      const d = device;
      const advertised = [d.service.uuid];
      const ok = req.acceptAllDevices || (req.filters ?? []).some((f) => matches(f, d.name, advertised));
      if (!ok || options.chooser?.({ id: d.id, name: d.name }) === false) {
        throw new BluetoothStandInError('NotFoundError', 'User cancelled the requestDevice() chooser.');
      }
      for (const f of req.filters ?? [])
        for (const s of f.services ?? []) d.allowedServices.add(canonicalUuid(s));
      for (const s of req.optionalServices ?? []) d.allowedServices.add(canonicalUuid(s));
      return d;
    },
    async getAvailability() {
      return options.available ?? true;
    },
  };

  if (target.navigator === undefined || target.navigator === null) target.navigator = {};
  const nav = target.navigator as Record<string, unknown>;
  const had = Object.getOwnPropertyDescriptor(nav, 'bluetooth');
  Object.defineProperty(nav, 'bluetooth', {
    value: bluetooth,
    configurable: true,
    writable: true,
    enumerable: true,
  });

  return {
    bluetooth,
    get simulator() {
      return device?.sim;
    },
    uninstall() {
      if (had) Object.defineProperty(nav, 'bluetooth', had);
      else delete nav.bluetooth;
    },
  };
}

/** Both pen services, for `optionalServices` in tests that build their own request. */
export const PEN_SERVICES: readonly string[] = PEN_UUID_SETS.map((s) => s.service);
