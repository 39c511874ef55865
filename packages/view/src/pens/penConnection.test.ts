import { DEFAULT_BRUSH, type PenId, type Stroke, seededKeySource } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { type BluetoothLike, systemScheduler } from '@dotink/pen';
import { createPenSimulator, installSimulatedBluetooth, lineStroke } from '@dotink/pen/simulator';
import { describe, expect, it } from 'vitest';
import { PenConnection } from './penConnection';
import { createPenStatus } from './penStatus';

const PAGE = pageAddress(3, 27, 1068, 1);

/** A runtime over the simulator's Web Bluetooth stand-in (a pen locked with 1234). */
function rig(options: { available?: boolean } = {}) {
  const scheduler = systemScheduler();
  const target: { navigator?: unknown } = {};
  const installed = installSimulatedBluetooth(
    target,
    () => createPenSimulator({ scheduler, password: '1234' }),
    { available: options.available ?? true },
  );
  const status = createPenStatus();
  const strokes: Stroke[] = [];
  const pens = new PenConnection({
    bluetooth: () => (target.navigator as { bluetooth: BluetoothLike }).bluetooth,
    host: status.host,
    keys: seededKeySource(7),
    brushFor: (penId: PenId) => ({
      ...DEFAULT_BRUSH,
      mac: penId,
      writerId: 'teacher',
      surfaceOwnerId: 'pupil',
    }),
    ink: { strokeCompleted: (s) => strokes.push(s) },
  });
  return { installed, status, strokes, pens };
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(what()).toBe(true);
};

describe('the shared pen runtime', () => {
  it('asks the password again after a wrong one, connects, and builds strokes into the callback', async () => {
    const r = rig();
    const connected = r.pens.connect();
    expect(r.status.get().connecting).toBe(true);
    await until(() => r.status.get().password !== undefined);
    r.status.get().password!.resolve('1111');
    await until(() => r.status.get().password?.prompt.wrong === true);
    expect(r.status.get().password!.prompt.retryCount).toBe(1);
    r.status.get().password!.resolve('1234');
    expect(await connected).toBe(true);
    expect(r.status.get().connecting).toBe(false);
    expect(r.status.get().pens).toHaveLength(1);

    const sim = r.installed.simulator!;
    const idle = new Promise<void>((resolve) => sim.script.onIdle(resolve));
    sim.script.play([lineStroke(PAGE, { xNu: 10, yNu: 20 }, { xNu: 30, yNu: 25 }, 12)]);
    await idle;
    await until(() => r.strokes.length === 1);
    expect(r.strokes[0]).toMatchObject({ writerId: 'teacher', surfaceOwnerId: 'pupil', page: PAGE });

    // the user's own disconnect says nothing
    r.pens.close();
    await until(() => r.status.get().pens.length === 0);
    expect(r.status.get().message).toBeUndefined();
  });

  it('says when the device has no Bluetooth', async () => {
    const r = rig({ available: false });
    expect(await r.pens.connect()).toBe(false);
    expect(r.status.get().message).toEqual({ key: 'pen.bluetoothUnavailable', level: 'alert' });
  });

  it('says when a connected pen goes away (switched off, out of range)', async () => {
    const r = rig();
    const connected = r.pens.connect();
    await until(() => r.status.get().password !== undefined);
    r.status.get().password!.resolve('1234');
    expect(await connected).toBe(true);
    r.installed.simulator!.dropLink();
    await until(() => r.status.get().message !== undefined);
    expect(r.status.get().message).toMatchObject({ key: 'pen.disconnected', level: 'alert' });
  });
});
