/**
 * The whole Bluetooth path in Vitest: the chooser, GATT discovery, notifications and queued
 * 20-byte writes through the simulator's Web Bluetooth stand-in (with Chrome's refusal of
 * concurrent writes), the session, the pen manager and the ink stroke builder.
 */

import { type Stroke, StrokeBuilder, seededKeySource } from '@dotink/ink';
import { memoryLogger, pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { bluetoothPenConnector, createPenManager } from '../src/manager';
import { manualScheduler, type PenSession } from '../src/session';
import {
  createPenSimulator,
  installSimulatedBluetooth,
  lineStroke,
  type PenSimulatorOptions,
  type SimulatedBluetoothOptions,
} from '../src/simulator';
import { BluetoothErrorCode, type BluetoothLike, BluetoothUnavailableError } from '../src/transports';
import { drive, T0 } from './harness';

const P1 = pageAddress(3, 27, 1068, 1);

function setup(
  sim: Omit<Partial<PenSimulatorOptions>, 'scheduler'> = {},
  bt: SimulatedBluetoothOptions = {},
) {
  const scheduler = manualScheduler(T0);
  const logger = memoryLogger();
  const host: { navigator?: unknown } = {};
  const installed = installSimulatedBluetooth(host, () => createPenSimulator({ scheduler, ...sim }), bt);
  const bluetooth = (host.navigator as { bluetooth: BluetoothLike }).bluetooth;
  const manager = createPenManager({ logger });
  const completed: Stroke[] = [];
  const builder = new StrokeBuilder({
    keys: seededKeySource(3),
    listener: { strokeCompleted: (s) => completed.push(s) },
    brushFor: (id) => manager.strokeStyle(id),
  });
  manager.onEvent((e) => builder.handle(e));
  const sessions: PenSession[] = [];
  const connector = bluetoothPenConnector({
    manager,
    bluetooth,
    logger,
    session: { scheduler, askPassword: async () => '1234' },
    onSession: (s) => sessions.push(s),
  });
  return { scheduler, logger, installed, manager, completed, sessions, connector };
}

describe('Web Bluetooth path through the simulator stand-in', () => {
  it('connects through the chooser, and a scripted stroke becomes a completed stroke', async () => {
    const t = setup({ password: '1234' });
    expect(await drive(t.scheduler, t.connector.connect())).toBe(true);
    expect(t.manager.connectedCount).toBe(1);
    const entry = t.manager.entries()[0]!;
    expect(entry.webBluetoothId).toMatch(/^sim-/);
    const sim = t.installed.simulator!;
    const idle = new Promise<void>((r) => sim.script.onIdle(r));
    sim.script.play([lineStroke(P1, { xNu: 10, yNu: 10 }, { xNu: 20, yNu: 15 }, 25)]);
    await drive(t.scheduler, idle);
    expect(t.completed).toHaveLength(1);
    expect(t.completed[0]).toMatchObject({ page: P1, mac: entry.mac });
    expect(t.completed[0]!.dots.count).toBe(25);
    // The stand-in rejects overlapping writes as Chrome does: every request got through.
    expect(sim.received.map((q) => q.kind).slice(0, 3)).toEqual([
      'versionRequest',
      'statusRequest',
      'passwordInput',
    ]);
  });

  it('also finds a pen on the 128-bit service set', async () => {
    const t = setup({ uuidSet: '128bit' });
    expect(await drive(t.scheduler, t.connector.connect())).toBe(true);
  });

  it('a second connect of the connected pen returns false and logs', async () => {
    const t = setup();
    expect(await drive(t.scheduler, t.connector.connect())).toBe(true);
    expect(await drive(t.scheduler, t.connector.connect())).toBe(false);
    expect(t.logger.lines.map((l) => l.message)).toContain(
      'bluetooth device already connected or connecting',
    );
  });

  it('a cancelled chooser returns false and logs Device NULL', async () => {
    const t = setup({}, { chooser: () => false });
    expect(await drive(t.scheduler, t.connector.connect())).toBe(false);
    expect(t.logger.lines.map((l) => l.message)).toContain('Device NULL');
  });

  it('no Bluetooth: the typed error code', async () => {
    const t = setup({}, { available: false });
    const error = await drive(t.scheduler, t.connector.connect()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BluetoothUnavailableError);
    expect((error as BluetoothUnavailableError).code).toBe(BluetoothErrorCode.noBluetooth);
  });

  it('the pen dropping the link removes it from the manager; a new connect works again', async () => {
    const t = setup();
    const counts: number[] = [];
    t.manager.onCountChange((n) => counts.push(n));
    await drive(t.scheduler, t.connector.connect());
    t.installed.simulator!.dropLink();
    await drive(t.scheduler, Promise.resolve());
    expect(t.sessions[0]!.state).toBe('disconnected');
    expect(await drive(t.scheduler, t.connector.connect())).toBe(true);
    expect(counts).toEqual([1, 0, 1]);
    expect(t.logger.lines.map((l) => l.message)).not.toContain(
      'PenManager: something wrong, un-added pen disconnected',
    );
  });
});
