import { describe, expect, it } from 'vitest';
import { decodeDeviceFrame } from '../protocol/deviceDecode';
import type { DeviceMessage } from '../protocol/deviceMessages';
import { FrameReassembler } from '../protocol/framing';
import { encodeRequest } from '../protocol/hostCodec';
import {
  isBluetoothCancel,
  PEN_NOTIFY_CHAR_16BIT,
  PEN_SERVICE_16BIT,
  PEN_SERVICE_128BIT,
  PEN_WRITE_CHAR_16BIT,
  penRequestDeviceOptions,
} from '../protocol/validation';
import { manualScheduler } from '../session/scheduler';
import type { BluetoothLike } from '../transports/bluetoothTypes';
import { openBluetoothTransport } from '../transports/webBluetooth';
import { createPenSimulator } from './penSimulator';
import { installSimulatedBluetooth, type StandInEvent } from './webBluetoothStandIn';

function setup(
  opts: Parameters<typeof installSimulatedBluetooth>[2] = {},
  uuidSet: '16bit' | '128bit' = '16bit',
) {
  const scheduler = manualScheduler(1_700_000_000_000);
  const target: { navigator?: unknown } = {};
  const sb = installSimulatedBluetooth(target, () => createPenSimulator({ scheduler, uuidSet }), opts);
  const bluetooth = (target.navigator as { bluetooth: BluetoothLike }).bluetooth;
  return { scheduler, target, sb, bluetooth };
}

describe('installSimulatedBluetooth', () => {
  it('installs navigator.bluetooth and satisfies the driver’s structural type', async () => {
    const { bluetooth, sb, target } = setup();
    expect(bluetooth).toBe(sb.bluetooth);
    expect(await bluetooth.getAvailability?.()).toBe(true);
    sb.uninstall();
    expect((target.navigator as Record<string, unknown>).bluetooth).toBeUndefined();
  });

  it('chooses a device by service or name prefix, and cancels with code 8 otherwise', async () => {
    const { sb } = setup();
    const d = await sb.bluetooth.requestDevice(penRequestDeviceOptions());
    expect(d.name).toBe('Neosmartpen');
    await expect(sb.bluetooth.requestDevice({ filters: [{ namePrefix: 'LAMY' }] })).rejects.toSatisfy(
      isBluetoothCancel,
    );
    await expect(sb.bluetooth.requestDevice({})).rejects.toThrow(TypeError);
    const cancelling = setup({ chooser: () => false });
    await expect(cancelling.sb.bluetooth.requestDevice(penRequestDeviceOptions())).rejects.toMatchObject({
      name: 'NotFoundError',
      code: 8,
    });
  });

  it('refuses services not named in the request and services the pen lacks', async () => {
    const { sb } = setup();
    const d = await sb.bluetooth.requestDevice({ filters: [{ namePrefix: 'Neo' }] });
    const server = await d.gatt.connect();
    await expect(server.getPrimaryService(PEN_SERVICE_16BIT)).rejects.toMatchObject({
      name: 'SecurityError',
    });
    await sb.bluetooth.requestDevice({
      filters: [{ namePrefix: 'Neo' }],
      optionalServices: [0x19f1, PEN_SERVICE_128BIT],
    });
    await expect(server.getPrimaryService(PEN_SERVICE_128BIT)).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    const svc = await server.getPrimaryService(0x19f1);
    expect(svc.uuid).toBe(PEN_SERVICE_16BIT);
    await expect(svc.getCharacteristic(0x2ba5)).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('carries writes to the pen and notifications back as DataView values', async () => {
    const { sb, scheduler } = setup();
    const d = await sb.bluetooth.requestDevice(penRequestDeviceOptions());
    const server = await d.gatt.connect();
    const svc = await server.getPrimaryService(PEN_SERVICE_16BIT);
    const write = await svc.getCharacteristic(PEN_WRITE_CHAR_16BIT);
    const notify = await svc.getCharacteristic(PEN_NOTIFY_CHAR_16BIT);
    const r = new FrameReassembler();
    const got: DeviceMessage[] = [];
    const sizes: number[] = [];
    notify.addEventListener('characteristicvaluechanged', (e: StandInEvent) => {
      const v = (e.target as { value: DataView }).value;
      sizes.push(v.byteLength);
      r.push(new Uint8Array(v.buffer, v.byteOffset, v.byteLength), (f) => got.push(decodeDeviceFrame(f)));
    });
    await notify.startNotifications();
    await write.writeValueWithResponse(encodeRequest({ kind: 'statusRequest' }));
    scheduler.runDue();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ kind: 'penStatus', batteryLevelPercent: 85 });
    expect(Math.max(...sizes)).toBe(20);
  });

  it('rejects a second write while one is in flight, like Chrome', async () => {
    const { sb } = setup();
    const d = await sb.bluetooth.requestDevice(penRequestDeviceOptions());
    await d.gatt.connect();
    const write = await (await d.gatt.getPrimaryService(PEN_SERVICE_16BIT)).getCharacteristic(
      PEN_WRITE_CHAR_16BIT,
    );
    const a = write.writeValue(encodeRequest({ kind: 'statusRequest' }));
    await expect(write.writeValue(encodeRequest({ kind: 'statusRequest' }))).rejects.toThrow(
      'GATT operation already in progress.',
    );
    await a;
    await write.writeValue(encodeRequest({ kind: 'statusRequest' }));
  });

  it('fires gattserverdisconnected when the pen drops the link or the host disconnects', async () => {
    const { sb } = setup();
    const d = await sb.bluetooth.requestDevice(penRequestDeviceOptions());
    let drops = 0;
    d.addEventListener('gattserverdisconnected', () => drops++);
    await d.gatt.connect();
    sb.simulator!.dropLink();
    expect(d.gatt.connected).toBe(false);
    await d.gatt.connect();
    d.gatt.disconnect();
    expect(drops).toBe(2);
    expect(sb.simulator!.connected).toBe(false);
    await expect(d.gatt.getPrimaryService(PEN_SERVICE_16BIT)).rejects.toMatchObject({ name: 'NetworkError' });
  });

  it('works under the Web Bluetooth transport, which falls back to the other service set', async () => {
    const { sb, scheduler } = setup({}, '128bit');
    const device = await sb.bluetooth.requestDevice(penRequestDeviceOptions());
    const transport = await openBluetoothTransport(device);
    expect(transport.uuidSet.service).toBe(PEN_SERVICE_128BIT);
    const chunks: Uint8Array[] = [];
    transport.onNotify((b) => chunks.push(b));
    await transport.write(encodeRequest({ kind: 'versionRequest' }));
    scheduler.runDue();
    const msgs: DeviceMessage[] = [];
    const r = new FrameReassembler();
    for (const c of chunks) r.push(c, (f) => msgs.push(decodeDeviceFrame(f)));
    expect(msgs[0]).toMatchObject({ kind: 'versionInfo', modelName: 'NWP-F121' });
    let gone = false;
    transport.onDisconnect(() => {
      gone = true;
    });
    sb.simulator!.dropLink();
    expect(gone).toBe(true);
    expect(sb.simulator!.received.map((r) => r.kind)).toEqual(['versionRequest']);
  });
});
