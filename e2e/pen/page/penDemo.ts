/**
 * The browser test page: the real pen driver with the simulator's Web Bluetooth stand-in
 * installed as `navigator.bluetooth`. `window.penDemo.run()` connects a pen the way the board
 * does (chooser → GATT → session → pen manager → ink stroke builder), lets the simulated pen
 * write a scripted stroke and reports the completed strokes.
 */
import { dotList, StrokeBuilder, seededKeySource } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { type BluetoothLike, bluetoothPenConnector, createPenManager, systemScheduler } from '@dotink/pen';
import { createPenSimulator, installSimulatedBluetooth, lineStroke } from '@dotink/pen/simulator';

/** What the page reports. */
export interface PenDemoResult {
  readonly connected: boolean;
  readonly connectedPens: number;
  readonly hadNativeBluetooth: boolean;
  readonly strokes: readonly {
    readonly page: string;
    readonly mac: string;
    readonly dots: readonly (readonly [number, number, number])[];
    readonly multiPage: boolean;
  }[];
  readonly log: readonly string[];
}

async function run(): Promise<PenDemoResult> {
  const scheduler = systemScheduler();
  const hadNativeBluetooth = 'bluetooth' in navigator;
  const installed = installSimulatedBluetooth(globalThis as { navigator?: unknown }, () =>
    createPenSimulator({ scheduler, password: '1234' }),
  );
  const log: string[] = [];
  const logger = {
    debug() {},
    info: (m: string) => log.push(m),
    warn: (m: string) => log.push(`warn: ${m}`),
    error: (m: string) => log.push(`error: ${m}`),
  };
  const manager = createPenManager({ logger });
  const strokes: PenDemoResult['strokes'][number][] = [];
  const builder = new StrokeBuilder({
    keys: seededKeySource(1),
    brushFor: (id) => manager.strokeStyle(id),
    listener: {
      strokeCompleted: (s) =>
        strokes.push({
          page: `${s.page.section}.${s.page.owner}.${s.page.book}.${s.page.page}`,
          mac: s.mac,
          dots: dotList(s.dots).map((d) => [d.xNu, d.yNu, d.force] as const),
          multiPage: s.multiPage,
        }),
    },
  });
  manager.onEvent((e) => builder.handle(e));
  // The app reads navigator.bluetooth when the user clicks "connect".
  const connector = bluetoothPenConnector({
    manager,
    bluetooth: (navigator as unknown as { bluetooth: BluetoothLike }).bluetooth,
    logger,
    session: { scheduler, askPassword: async () => '1234' },
  });
  const connected = await connector.connect();
  const sim = installed.simulator;
  if (connected && sim) {
    const p1 = pageAddress(3, 27, 1068, 1);
    const idle = new Promise<void>((resolve) => sim.script.onIdle(resolve));
    sim.script.play([
      lineStroke(p1, { xNu: 10, yNu: 20 }, { xNu: 30, yNu: 25 }, 30),
      {
        kind: 'stroke',
        page: p1,
        samples: [
          { kind: 'dot', xNu: 40, yNu: 40 },
          { kind: 'dot', xNu: 41, yNu: 40 },
          { kind: 'page', page: pageAddress(3, 27, 1068, 2) },
          { kind: 'dot', xNu: 5, yNu: 5 },
          { kind: 'dot', xNu: 6, yNu: 5 },
        ],
      },
    ]);
    await idle;
    // Let the last notifications reach the driver.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { connected, connectedPens: manager.connectedCount, hadNativeBluetooth, strokes, log };
}

(globalThis as unknown as { penDemo: { run: typeof run } }).penDemo = { run };
