/**
 * The part of the Web Bluetooth API the driver uses, as structural types (TypeScript's DOM lib
 * has no Web Bluetooth types). `navigator.bluetooth` satisfies {@link BluetoothLike}; so does the
 * simulator's stand-in.
 */

/** A UUID string or a 16-bit alias, as `requestDevice` accepts. */
export type BluetoothServiceId = string | number;

/** One `requestDevice` filter. */
export interface BluetoothFilterLike {
  readonly services?: readonly BluetoothServiceId[];
  readonly name?: string;
  readonly namePrefix?: string;
}

/** `requestDevice` options. */
export interface BluetoothRequestOptionsLike {
  readonly filters?: readonly BluetoothFilterLike[];
  readonly optionalServices?: readonly BluetoothServiceId[];
  readonly acceptAllDevices?: boolean;
}

/** A notify/write characteristic. */
export interface BluetoothCharacteristicLike {
  readonly uuid?: string;
  readonly value?: DataView | null;
  startNotifications(): Promise<unknown>;
  stopNotifications?(): Promise<unknown>;
  writeValueWithResponse?(value: Uint8Array): Promise<void>;
  writeValue?(value: Uint8Array): Promise<void>;
  addEventListener(type: 'characteristicvaluechanged', listener: (event: { target: unknown }) => void): void;
  removeEventListener?(
    type: 'characteristicvaluechanged',
    listener: (event: { target: unknown }) => void,
  ): void;
}

/** A primary GATT service. */
export interface BluetoothServiceLike {
  getCharacteristic(uuid: BluetoothServiceId): Promise<BluetoothCharacteristicLike>;
}

/** A device's GATT server. */
export interface BluetoothGattServerLike {
  readonly connected: boolean;
  connect(): Promise<BluetoothGattServerLike>;
  disconnect(): void;
  getPrimaryService(uuid: BluetoothServiceId): Promise<BluetoothServiceLike>;
}

/** A Bluetooth device as returned by `requestDevice`. */
export interface BluetoothDeviceLike {
  readonly id: string;
  readonly name?: string | null;
  readonly gatt?: BluetoothGattServerLike | null;
  addEventListener(type: 'gattserverdisconnected', listener: () => void): void;
  removeEventListener?(type: 'gattserverdisconnected', listener: () => void): void;
}

/** `navigator.bluetooth`. */
export interface BluetoothLike {
  requestDevice(options: BluetoothRequestOptionsLike): Promise<BluetoothDeviceLike>;
  getAvailability?(): Promise<boolean>;
}
