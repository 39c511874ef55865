/**
 * Injected into the pen station before it loads (browser tests): several simulated pens behind
 * the Web Bluetooth stand-in, each reachable by its address. `install` puts a new pen behind the
 * chooser (the next 'connect pen' gets it); `play` writes with the pen of a chosen address, so
 * one station can carry several pupils' pens; the pens keep time (page/penClock.ts). Modelled on
 * e2e/board/page/simulatedPens.ts.
 */
import { pageAddress } from '@dotink/ncode';
import {
  createPenSimulator,
  installSimulatedBluetooth,
  lineStroke,
  type ScriptItem,
  type SimulatedBluetooth,
} from '@dotink/pen/simulator';
import { penClockScheduler } from './penClock';

/** A stroke for `play`: page "s.o.b.p" and points in nu. */
export interface SimStroke {
  readonly page: string;
  readonly points: readonly (readonly [number, number])[];
  readonly dotsPerSegment?: number;
}

export interface StationSim {
  install(options: { mac: string; password?: string }): void;
  play(mac: string, strokes: readonly SimStroke[]): Promise<void>;
}

const scheduler = penClockScheduler();
const pens = new Map<string, SimulatedBluetooth>();

function toItems(strokes: readonly SimStroke[]): ScriptItem[] {
  return strokes.map((s) => {
    const [sec, own, book, pg] = s.page.split('.').map(Number) as [number, number, number, number];
    const page = pageAddress(sec, own, book, pg);
    const pts = s.points;
    const samples = [];
    for (let k = 0; k + 1 < pts.length; k++) {
      const seg = lineStroke(
        page,
        { xNu: pts[k]![0], yNu: pts[k]![1] },
        { xNu: pts[k + 1]![0], yNu: pts[k + 1]![1] },
        s.dotsPerSegment ?? 12,
      );
      samples.push(...(k === 0 ? seg.samples : seg.samples.slice(1)));
    }
    return { kind: 'stroke', page, samples };
  });
}

const sim: StationSim = {
  install({ mac, password }) {
    pens.set(
      mac,
      installSimulatedBluetooth(
        globalThis as { navigator?: unknown },
        () => createPenSimulator({ scheduler, identity: { mac }, ...(password ? { password } : {}) }),
        { available: true, deviceId: `sim-${mac}` },
      ),
    );
  },
  async play(mac, strokes) {
    const s = pens.get(mac)?.simulator;
    if (!s) throw new Error(`no simulated pen ${mac} connected`);
    const idle = new Promise<void>((resolve) => s.script.onIdle(resolve));
    s.script.play(toItems(strokes));
    await idle;
    await new Promise((r) => setTimeout(r, 150));
  },
};

(globalThis as unknown as { stationSim: StationSim }).stationSim = sim;
