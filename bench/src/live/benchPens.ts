/**
 * Injected into each pen station of the live-lesson bench before it loads: simulated pens behind
 * the Web Bluetooth stand-in (`install(mac)` puts one behind the chooser), and `write(mac, …)`
 * that makes a pen write continuously at the simulator's ~96 dots/s for a while.
 *
 * The pens keep time (e2e/classroom/page/penClock.ts): a dot meant for time t is stamped t and
 * sent as soon as the page gets to it, so a station that falls behind shows up as latency on the
 * teacher's screen instead of being hidden by late stamps.
 */
import { pageAddress } from '@dotink/ncode';
import {
  createPenSimulator,
  installSimulatedBluetooth,
  lineStroke,
  type ScriptItem,
  type SimulatedBluetooth,
} from '@dotink/pen/simulator';
import { penClockScheduler } from '../../../e2e/classroom/page/penClock';

export interface BenchPens {
  install(mac: string): void;
  /**
   * The pen `mac` writes strokes of `dotsPerStroke` dots on page "s.o.b.p", one after another
   * with a short lift, for about `seconds`; answers the dots and strokes written.
   */
  write(
    mac: string,
    page: string,
    seconds: number,
    dotsPerStroke: number,
  ): Promise<{ dots: number; strokes: number }>;
}

const scheduler = penClockScheduler();
const pens = new Map<string, SimulatedBluetooth>();

const benchPens: BenchPens = {
  install(mac) {
    pens.set(
      mac,
      installSimulatedBluetooth(
        globalThis as { navigator?: unknown },
        () => createPenSimulator({ scheduler, identity: { mac } }),
        { available: true, deviceId: `bench-${mac}` },
      ),
    );
  },
  async write(mac, pageText, seconds, dotsPerStroke) {
    const sim = pens.get(mac)?.simulator;
    if (!sim) throw new Error(`no simulated pen ${mac} connected`);
    const [s, o, b, p] = pageText.split('.').map(Number) as [number, number, number, number];
    const page = pageAddress(s, o, b, p);
    // ~96 dots/s: a stroke of n dots lasts about n × 10.4 ms, then a lift of the simulator's
    const strokes = Math.max(1, Math.round((seconds * 96) / (dotsPerStroke + 10)));
    const items: ScriptItem[] = [];
    let dots = 0;
    for (let k = 0; k < strokes; k++) {
      const y = 10 + (k % 60) * 4;
      const x = 10 + Math.floor(k / 60) * 40;
      const stroke = lineStroke(page, { xNu: x, yNu: y }, { xNu: x + 30, yNu: y + 2 }, dotsPerStroke);
      dots += stroke.samples.length;
      items.push(stroke);
    }
    const idle = new Promise<void>((resolve) => sim.script.onIdle(resolve));
    sim.script.play(items);
    await idle;
    return { dots, strokes };
  },
};

(globalThis as unknown as { benchPens: BenchPens }).benchPens = benchPens;
