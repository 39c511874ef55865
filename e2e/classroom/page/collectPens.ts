/**
 * Injected into the classroom page before it loads (collect-pens browser test and bench): the pen
 * simulator behind the Web Bluetooth stand-in as `navigator.bluetooth`, each pen made with
 * strokes already in its offline memory (written with no host, at the times given), and read
 * back from the test through `window.dotinkCollect`. Each `install` puts a new pen behind the
 * chooser (several pens = several installs, each connected before the next).
 */
import { pageAddress } from '@dotink/ncode';
import { type Scheduler, systemScheduler } from '@dotink/pen';
import {
  createPenSimulator,
  installSimulatedBluetooth,
  lineStroke,
  type PenSimulator,
  type ScriptStroke,
} from '@dotink/pen/simulator';

/** Strokes to put in a pen's offline memory: `count` short strokes on page "s.o.b.p". */
export interface OfflineWriting {
  readonly page: string;
  readonly count: number;
  /** Pen-down time of the first stroke (epoch ms); the others follow 300 ms apart. */
  readonly startMs: number;
  /** Dots per stroke (default 20). */
  readonly dots?: number;
}

export interface DotinkCollect {
  install(options: { mac: string; offline: readonly OfflineWriting[]; password?: string }): void;
  /** Strokes left in the offline memory of the pen `mac`. */
  offlineStrokes(mac: string): number;
  /** The pen `mac` drops the link (switched off, out of range). */
  dropLink(mac: string): void;
}

/**
 * The simulator's clock and timers, but a 0 ms timer runs as the next task of a message channel:
 * the simulator answers each request and flushes each notification through a 0 ms timer, and
 * Chromium stretches nested 0 ms `setTimeout`s to 4 ms — a delay no pen has (a real pen's delay
 * is the Bluetooth link's, which the stand-in does not model).
 */
function pageScheduler(): Scheduler {
  const system = systemScheduler();
  const channel = new MessageChannel();
  const due: (() => void)[] = [];
  channel.port1.onmessage = () => due.shift()?.();
  return {
    nowMs: system.nowMs,
    setTimer(delayMs, task) {
      if (delayMs > 0) return system.setTimer(delayMs, task);
      let cancelled = false;
      due.push(() => {
        if (!cancelled) task();
      });
      channel.port2.postMessage(0);
      return () => {
        cancelled = true;
      };
    },
  };
}

const scheduler = pageScheduler();
const pens = new Map<string, PenSimulator>();

function strokesOf(w: OfflineWriting): ScriptStroke[] {
  const [sec, own, book, pg] = w.page.split('.').map(Number) as [number, number, number, number];
  const page = pageAddress(sec, own, book, pg);
  const dots = w.dots ?? 20;
  return Array.from({ length: w.count }, (_, i) => {
    const x = 8 + (i % 40) * 1.5;
    const y = 8 + (Math.floor(i / 40) % 60) * 1.6;
    return lineStroke(page, { xNu: x, yNu: y }, { xNu: x + 1.2, yNu: y + 0.8 }, dots, {
      gapBeforeMs: i === 0 ? 0 : 300 - dots * 10,
    });
  });
}

const collect: DotinkCollect = {
  install(options) {
    // made now, not at the chooser, so the test can read its memory before it connects
    const sim = createPenSimulator({
      scheduler,
      identity: { mac: options.mac },
      ...(options.password ? { password: options.password } : {}),
    });
    for (const w of options.offline) sim.storeOffline(strokesOf(w), w.startMs);
    pens.set(options.mac, sim);
    installSimulatedBluetooth(globalThis as { navigator?: unknown }, () => sim, {
      deviceId: `sim-${options.mac}`,
    });
  },
  offlineStrokes(mac) {
    const sim = pens.get(mac);
    if (!sim) throw new Error(`no simulated pen ${mac}`);
    return sim.inspect().offlineStrokes;
  },
  dropLink(mac) {
    pens.get(mac)?.dropLink();
  },
};

(globalThis as unknown as { dotinkCollect: DotinkCollect }).dotinkCollect = collect;
