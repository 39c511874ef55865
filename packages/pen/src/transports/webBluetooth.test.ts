import { memoryLogger } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { PEN_UUIDS_16BIT, PEN_UUIDS_128BIT } from '../protocol/validation';
import type { BluetoothCharacteristicLike, BluetoothDeviceLike, BluetoothLike } from './bluetoothTypes';
import {
  BluetoothErrorCode,
  BluetoothUnavailableError,
  connectBluetoothPen,
  openBluetoothTransport,
  serviceOrderFor,
} from './webBluetooth';

/** A minimal fake device exposing one service set; records writes. */
function fakeDevice(name: string, services: readonly string[]) {
  const writes: number[][] = [];
  let valueListener: ((e: { target: unknown }) => void) | undefined;
  let goneListener: (() => void) | undefined;
  let connected = false;
  const notifyChar: BluetoothCharacteristicLike & { value: DataView | null } = {
    value: null,
    startNotifications: async () => undefined,
    addEventListener: (_t, l) => {
      valueListener = l;
    },
  };
  const writeChar: BluetoothCharacteristicLike = {
    writeValueWithResponse: async (v) => {
      writes.push([...v]);
    },
    startNotifications: async () => undefined,
    addEventListener: () => undefined,
  };
  const requested: string[] = [];
  const device: BluetoothDeviceLike = {
    id: `id-${name}`,
    name,
    gatt: {
      get connected() {
        return connected;
      },
      connect: async () => {
        connected = true;
        return device.gatt!;
      },
      disconnect: () => {
        connected = false;
        goneListener?.();
      },
      getPrimaryService: async (uuid) => {
        requested.push(String(uuid));
        if (!services.includes(String(uuid))) throw new Error('NotFoundError: no such service');
        const set = [PEN_UUIDS_16BIT, PEN_UUIDS_128BIT].find((s) => s.service === uuid)!;
        return {
          getCharacteristic: async (c) => (c === set.write ? writeChar : notifyChar),
        };
      },
    },
    addEventListener: (_t, l) => {
      goneListener = l;
    },
  };
  const notify = (bytes: number[]) => {
    notifyChar.value = new DataView(Uint8Array.from(bytes).buffer);
    valueListener?.({ target: notifyChar });
  };
  return { device, writes, requested, notify, drop: () => device.gatt!.disconnect() };
}

const bluetoothWith = (pick: () => Promise<BluetoothDeviceLike>): BluetoothLike => ({ requestDevice: pick });

describe('service order', () => {
  it('tries the 16-bit set first for F50/F51/F120/F121 models, else the 128-bit set', () => {
    expect(serviceOrderFor('Neosmartpen_F121')[0]).toBe(PEN_UUIDS_16BIT);
    expect(serviceOrderFor('NWP-F51')[0]).toBe(PEN_UUIDS_16BIT);
    expect(serviceOrderFor('Smartpen dimo_d')[0]).toBe(PEN_UUIDS_128BIT);
    expect(serviceOrderFor(undefined)[0]).toBe(PEN_UUIDS_128BIT);
  });
});

describe('openBluetoothTransport', () => {
  it('falls back to the other service set when the preferred one is missing', async () => {
    const f = fakeDevice('NWP-F30', [PEN_UUIDS_16BIT.service]);
    const t = await openBluetoothTransport(f.device);
    expect(f.requested).toEqual([PEN_UUIDS_128BIT.service, PEN_UUIDS_16BIT.service]);
    expect(t.uuidSet).toBe(PEN_UUIDS_16BIT);
  });

  it('fails, and drops the link, when no pen service exists', async () => {
    const f = fakeDevice('NWP-F30', []);
    await expect(openBluetoothTransport(f.device)).rejects.toThrow('no pen service');
    expect(f.device.gatt!.connected).toBe(false);
  });

  it('writes in 20-byte slices, one at a time, and delivers notifications and the disconnect', async () => {
    const f = fakeDevice('NWP-F121', [PEN_UUIDS_16BIT.service]);
    const t = await openBluetoothTransport(f.device);
    await t.write(new Uint8Array(45).fill(7));
    expect(f.writes.map((w) => w.length)).toEqual([20, 20, 5]);
    const got: number[][] = [];
    let gone = 0;
    t.onNotify((b) => got.push([...b]));
    t.onDisconnect(() => gone++);
    f.notify([0xc0, 0x01, 0xc1]);
    f.drop();
    f.drop();
    expect(got).toEqual([[0xc0, 0x01, 0xc1]]);
    expect(gone).toBe(1);
    expect(t.connected).toBe(false);
    await expect(t.write(Uint8Array.of(1))).rejects.toThrow('pen disconnected');
  });
});

describe('connectBluetoothPen', () => {
  const start = async () => true;

  it('throws the no-Bluetooth error code without an adapter', async () => {
    const logger = memoryLogger();
    const err = await connectBluetoothPen({ bluetooth: undefined, logger, start }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BluetoothUnavailableError);
    expect((err as BluetoothUnavailableError).code).toBe(BluetoothErrorCode.noBluetooth);
    const off: BluetoothLike = {
      requestDevice: async () => Promise.reject(new Error('x')),
      getAvailability: async () => false,
    };
    await expect(connectBluetoothPen({ bluetooth: off, start })).rejects.toBeInstanceOf(
      BluetoothUnavailableError,
    );
  });

  it('returns false and logs Device NULL when the chooser is cancelled (code 8)', async () => {
    const logger = memoryLogger();
    const cancel = Object.assign(new Error('User cancelled the requestDevice() chooser.'), { code: 8 });
    const ok = await connectBluetoothPen({
      bluetooth: bluetoothWith(() => Promise.reject(cancel)),
      logger,
      start,
    });
    expect(ok).toBe(false);
    expect(logger.lines.map((l) => l.message)).toContain('Device NULL');
  });

  it('returns false when the chooser fails otherwise', async () => {
    const logger = memoryLogger();
    const ok = await connectBluetoothPen({
      bluetooth: bluetoothWith(() => Promise.reject(new Error('SecurityError'))),
      logger,
      start,
    });
    expect(ok).toBe(false);
  });

  it('returns false for a device already connected or connecting', async () => {
    const logger = memoryLogger();
    const f = fakeDevice('NWP-F121', [PEN_UUIDS_16BIT.service]);
    const ok = await connectBluetoothPen({
      bluetooth: bluetoothWith(async () => f.device),
      logger,
      isBusy: (id) => id === f.device.id,
      start,
    });
    expect(ok).toBe(false);
    expect(logger.lines.map((l) => l.message)).toContain('bluetooth device already connected or connecting');
  });

  it('refuses a second attempt for a device while the first is still connecting', async () => {
    const logger = memoryLogger();
    const f = fakeDevice('NWP-F121', [PEN_UUIDS_16BIT.service]);
    const connecting = new Set<string>();
    let release: (ok: boolean) => void = () => undefined;
    const first = connectBluetoothPen({
      bluetooth: bluetoothWith(async () => f.device),
      connecting,
      start: () => new Promise<boolean>((r) => (release = r)),
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(connecting.has(f.device.id)).toBe(true);
    const again = await connectBluetoothPen({
      bluetooth: bluetoothWith(async () => f.device),
      connecting,
      logger,
      start,
    });
    expect(again).toBe(false);
    expect(logger.lines.map((l) => l.message)).toContain('bluetooth device already connected or connecting');
    release(true);
    expect(await first).toBe(true);
    expect(connecting.size).toBe(0);
  });

  it('opens the transport and hands it to the session', async () => {
    const f = fakeDevice('NWP-F121', [PEN_UUIDS_16BIT.service]);
    let seen = '';
    const ok = await connectBluetoothPen({
      bluetooth: bluetoothWith(async () => f.device),
      start: async (t) => {
        seen = t.id;
        return true;
      },
    });
    expect(ok).toBe(true);
    expect(seen).toBe(f.device.id);
  });
});
