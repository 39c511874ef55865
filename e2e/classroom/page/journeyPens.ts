/**
 * Injected into the pen stations of the live-lesson journey test: the station's simulated pens
 * (the same `window.stationSim` as page/stationPens.ts: `install` a pen by address, `play`
 * strokes with it) on a pen clock that keeps time. The simulator stamps each dot with its planned
 * time (pen-down + the sampling intervals) and waits for it with chained timers; on a loaded
 * machine each timer fires late and the lateness adds up over a stroke, so the dots would leave
 * the pen later and later behind their own stamps — which no real pen does (its dots leave as
 * they are sampled). Here a timer set from a timer's task counts from that task's planned time,
 * so a late pen catches up: what the live screen's probe measures is the station, the server and
 * the teacher's screen, not the simulator's drift.
 */
import { pageAddress } from '@dotink/ncode';
import { type Scheduler, systemScheduler } from '@dotink/pen';
import {
  createPenSimulator,
  installSimulatedBluetooth,
  lineStroke,
  type ScriptItem,
  type SimulatedBluetooth,
} from '@dotink/pen/simulator';
import type { SimStroke, StationSim } from './stationPens';

/** Timers counted from the planned time of the task that sets them (a pen's steady clock). */
function penClockScheduler(): Scheduler {
  const system = systemScheduler();
  const channel = new MessageChannel();
  const due: (() => void)[] = [];
  channel.port1.onmessage = () => due.shift()?.();
  let running: number | undefined;
  return {
    nowMs: system.nowMs,
    setTimer(delayMs, task) {
      const target = (running ?? system.nowMs()) + Math.max(0, delayMs);
      let cancelled = false;
      const run = () => {
        if (cancelled) return;
        const outer = running;
        running = target;
        try {
          task();
        } finally {
          running = outer;
        }
      };
      const wait = target - system.nowMs();
      if (wait > 0) {
        const cancel = system.setTimer(wait, run);
        return () => {
          cancelled = true;
          cancel();
        };
      }
      // due now: the next task (a nested 0 ms setTimeout would wait 4 ms)
      due.push(run);
      channel.port2.postMessage(0);
      return () => {
        cancelled = true;
      };
    },
  };
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
