/**
 * The GATT objects of the Web Bluetooth stand-in (webBluetoothStandIn.ts): device, server,
 * service, characteristics, their events and Chrome-shaped errors. Structural types and a
 * hand-made listener list, so they run without the DOM.
 */
import type { PenSimulator } from './penSimulator';
import type { SimScheduler } from './runtime';

/** An error shaped like the DOMException Chrome throws (`name`, legacy `code`). */
export class BluetoothStandInError extends Error {
  constructor(
    override readonly name:
      | 'NotFoundError'
      | 'SecurityError'
      | 'NetworkError'
      | 'NotSupportedError'
      | 'InvalidStateError',
    message: string,
  ) {
    super(message);
  }

  /** Legacy DOMException codes: NotFoundError 8 (the "cancel" code), SecurityError 18, … */
  get code(): number {
    return {
      NotFoundError: 8,
      SecurityError: 18,
      NetworkError: 19,
      NotSupportedError: 9,
      InvalidStateError: 11,
    }[this.name];
  }
}

/** What listeners receive. */
export interface StandInEvent {
  readonly type: string;
  readonly target: unknown;
  readonly currentTarget: unknown;
}

type Listener = (event: StandInEvent) => void;

/** A minimal event target: add/remove listeners and an `on<type>` handler property. */
class StandInTarget {
  private readonly listeners = new Map<string, Set<Listener>>();

  addEventListener(type: string, listener: Listener): void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  /** Calls the `on<type>` handler, then every listener. */
  protected fire(type: string): void {
    const event: StandInEvent = { type, target: this, currentTarget: this };
    const handler = (this as unknown as Record<string, unknown>)[`on${type}`];
    if (typeof handler === 'function') handler.call(this, event);
    for (const l of [...(this.listeners.get(type) ?? [])]) l(event);
  }
}

/** A UUID or a 16-bit alias, as `requestDevice` accepts. */
export type ServiceId = string | number;

/** The canonical lower-case 128-bit form of a UUID or 16-bit alias. */
export function canonicalUuid(id: ServiceId): string {
  if (typeof id === 'number') return `${id.toString(16).padStart(8, '0')}-0000-1000-8000-00805f9b34fb`;
  return id.toLowerCase();
}

export interface RequestDeviceFilter {
  readonly services?: readonly ServiceId[];
  readonly name?: string;
  readonly namePrefix?: string;
}

export interface RequestDeviceOptions {
  readonly filters?: readonly RequestDeviceFilter[];
  readonly optionalServices?: readonly ServiceId[];
  readonly acceptAllDevices?: boolean;
}

export interface SimulatedBluetoothOptions {
  /** Advertised name. Default: the simulator's Bluetooth local name (`Neosmartpen`). */
  readonly deviceName?: string;
  readonly deviceId?: string;
  /** When set, GATT operations take `latencyMs` on this scheduler; otherwise a microtask. */
  readonly scheduler?: SimScheduler;
  readonly latencyMs?: number;
  /** Reject a write while another is in flight, as Chrome does. Default true. */
  readonly rejectConcurrentWrites?: boolean;
  /** The user's choice in the chooser: true picks the device, false cancels. Default: pick. */
  readonly chooser?: (device: { id: string; name: string }) => boolean;
  /** What `getAvailability()` answers. Default true. */
  readonly available?: boolean;
}

const NOTIFY_PROPS = Object.freeze({
  notify: true,
  indicate: false,
  read: false,
  write: false,
  writeWithoutResponse: false,
});
const WRITE_PROPS = Object.freeze({
  notify: false,
  indicate: false,
  read: false,
  write: true,
  writeWithoutResponse: true,
});

/** Bytes of a BufferSource-like value. */
function bytesOf(value: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
}

/** A GATT characteristic of the pen service. */
export class StandInCharacteristic extends StandInTarget {
  value: DataView | null = null;
  oncharacteristicvaluechanged: Listener | null = null;
  private notifying = false;
  private busy = false;

  constructor(
    readonly service: StandInService,
    readonly uuid: string,
    private readonly role: 'write' | 'notify',
  ) {
    super();
  }

  get properties() {
    return this.role === 'notify' ? NOTIFY_PROPS : WRITE_PROPS;
  }

  async startNotifications(): Promise<StandInCharacteristic> {
    const dev = this.service.device;
    await dev.delay();
    dev.checkConnected();
    if (this.role !== 'notify')
      throw new BluetoothStandInError('NotSupportedError', 'GATT operation not permitted.');
    this.notifying = true;
    return this;
  }

  async stopNotifications(): Promise<StandInCharacteristic> {
    this.notifying = false;
    return this;
  }

  /** Delivers one notification from the pen. */
  deliver(bytes: Uint8Array): void {
    if (!this.notifying) return;
    this.value = new DataView(bytes.slice().buffer);
    this.fire('characteristicvaluechanged');
  }

  /** Forgets the subscription (link lost). */
  reset(): void {
    this.notifying = false;
    this.busy = false;
  }

  writeValue(value: ArrayBuffer | ArrayBufferView): Promise<void> {
    return this.write(value);
  }

  writeValueWithResponse(value: ArrayBuffer | ArrayBufferView): Promise<void> {
    return this.write(value);
  }

  writeValueWithoutResponse(value: ArrayBuffer | ArrayBufferView): Promise<void> {
    return this.write(value);
  }

  private async write(value: ArrayBuffer | ArrayBufferView): Promise<void> {
    const dev = this.service.device;
    dev.checkConnected();
    if (this.role !== 'write')
      throw new BluetoothStandInError('NotSupportedError', 'GATT operation not permitted.');
    if (this.busy && dev.rejectConcurrentWrites) {
      throw new BluetoothStandInError('NetworkError', 'GATT operation already in progress.');
    }
    const bytes = bytesOf(value);
    this.busy = true;
    try {
      await dev.delay();
      dev.checkConnected();
      dev.sim.receive(bytes);
    } finally {
      this.busy = false;
    }
  }
}

/** The pen's primary service. */
export class StandInService {
  readonly isPrimary = true;
  readonly write: StandInCharacteristic;
  readonly notify: StandInCharacteristic;

  constructor(
    readonly device: StandInDevice,
    readonly uuid: string,
    writeUuid: string,
    notifyUuid: string,
  ) {
    this.write = new StandInCharacteristic(this, writeUuid, 'write');
    this.notify = new StandInCharacteristic(this, notifyUuid, 'notify');
  }

  async getCharacteristic(id: ServiceId): Promise<StandInCharacteristic> {
    await this.device.delay();
    this.device.checkConnected();
    const uuid = canonicalUuid(id);
    if (uuid === this.write.uuid) return this.write;
    if (uuid === this.notify.uuid) return this.notify;
    throw new BluetoothStandInError(
      'NotFoundError',
      `No Characteristics matching UUID ${uuid} found in Service with UUID ${this.uuid}.`,
    );
  }
}

/** `device.gatt`. */
export class StandInGattServer {
  constructor(readonly device: StandInDevice) {}

  get connected(): boolean {
    return this.device.linkUp;
  }

  async connect(): Promise<StandInGattServer> {
    await this.device.delay();
    this.device.bringUp();
    return this;
  }

  disconnect(): void {
    this.device.bringDown(true);
  }

  async getPrimaryService(id: ServiceId): Promise<StandInService> {
    await this.device.delay();
    this.device.checkConnected();
    const uuid = canonicalUuid(id);
    if (!this.device.allowedServices.has(uuid)) {
      throw new BluetoothStandInError(
        'SecurityError',
        "Origin is not allowed to access the service. Tip: Add the service UUID to 'optionalServices' in requestDevice() options.",
      );
    }
    if (uuid !== this.device.service.uuid) {
      throw new BluetoothStandInError('NotFoundError', `No Services matching UUID ${uuid} found in Device.`);
    }
    return this.device.service;
  }
}

/** A simulated pen as a Bluetooth device. */
export class StandInDevice extends StandInTarget {
  readonly gatt: StandInGattServer;
  readonly service: StandInService;
  readonly allowedServices = new Set<string>();
  ongattserverdisconnected: Listener | null = null;
  linkUp = false;
  private offNotify: (() => void) | undefined;
  private offDrop: (() => void) | undefined;

  constructor(
    readonly id: string,
    readonly name: string,
    readonly sim: PenSimulator,
    private readonly options: SimulatedBluetoothOptions,
  ) {
    super();
    this.gatt = new StandInGattServer(this);
    const set = sim.uuidSet;
    this.service = new StandInService(this, set.service, set.write, set.notify);
  }

  get rejectConcurrentWrites(): boolean {
    return this.options.rejectConcurrentWrites ?? true;
  }

  /** Waits the configured latency (a microtask without a scheduler). */
  delay(): Promise<void> {
    const s = this.options.scheduler;
    const ms = this.options.latencyMs ?? 0;
    if (!s || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => s.setTimer(ms, resolve));
  }

  checkConnected(): void {
    if (!this.linkUp) {
      throw new BluetoothStandInError(
        'NetworkError',
        'GATT Server is disconnected. Cannot perform GATT operations.',
      );
    }
  }

  bringUp(): void {
    if (this.linkUp) return;
    this.linkUp = true;
    this.offNotify = this.sim.onNotify((bytes) => this.service.notify.deliver(bytes));
    this.offDrop = this.sim.onLinkDrop(() => this.bringDown(false));
    this.sim.connect();
  }

  /** The link goes down; `local`: the host asked. Fires `gattserverdisconnected` either way. */
  bringDown(local: boolean): void {
    if (!this.linkUp) return;
    this.linkUp = false;
    this.offNotify?.();
    this.offDrop?.();
    this.service.write.reset();
    this.service.notify.reset();
    if (local) this.sim.disconnect();
    this.fire('gattserverdisconnected');
  }
}
