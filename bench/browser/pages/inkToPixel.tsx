/**
 * Ink-to-pixel harness: simulated pens writing at 100 dots/s each, connected the way the board
 * connects pens (Web Bluetooth stand-in → transport → PenSession → one PenManager → one
 * StrokeBuilder → LiveInkFeed + InkStore), shown by one PageView (live and completed layers).
 *
 * Every pen notification is stamped (performance.now) by a listener the simulator calls before
 * it hands the bytes to the stand-in's characteristic, i.e. when the `characteristicvaluechanged`
 * event is dispatched; decoding through the stroke builder is synchronous from there. A dot is
 * stamped with the notification that completed it. A dot's segment (dot i − 1 → dot i; a
 * stroke's first dot alone draws nothing) is drawn by the first live-layer draw after it (the
 * view draws every pending segment per frame), or, when its stroke completed first, by the next
 * completed-layer draw. The page view's `onLayerDraw` marks those draws; the caller reads from a
 * trace when each was painted (see ../frameTrace.ts).
 */
import {
  createInkStore,
  StrokeBuilder,
  type StrokeBuilderListener,
  type StrokeKey,
  seededKeySource,
} from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { type BluetoothLike, bluetoothPenConnector, createPenManager, systemScheduler } from '@dotink/pen';
import {
  createPenSimulator,
  installSimulatedBluetooth,
  type PenSimulator,
  type ScriptDot,
  type ScriptStroke,
} from '@dotink/pen/simulator';
import { fanOutBuilderListener, type LayerDrawInfo, LiveInkFeed, PageView } from '@dotink/view';
import { createRoot } from 'react-dom/client';
import { penClockScheduler } from '../../../e2e/classroom/page/penClock';
import { CLOCK_MARK } from '../frameTrace';
import type { InkToPixelOptions, InkToPixelResult } from '../results';
import { sleep } from './frames';

const PAGE = pageAddress(3, 27, 1068, 1);
/** A4 on the identity paper, nu (595 × 842 pt at 6.72 pt per nu). */
const PAGE_NU = { width: 88, height: 125 };
const COLS = 5;

/** One pen's script: short wavy strokes in its cell of a 5-column grid on the page. */
function penScript(pen: number, pens: number, o: InkToPixelOptions): ScriptStroke[] {
  const rows = Math.ceil(pens / COLS);
  const cellW = PAGE_NU.width / COLS;
  const cellH = PAGE_NU.height / rows;
  const left = (pen % COLS) * cellW + 1;
  const top = Math.floor(pen / COLS) * cellH + 1.5;
  const dtMs = 1000 / o.dotHz;
  const strokeMs = o.dotsPerStroke * dtMs + o.gapMs + 9;
  const count = Math.ceil((o.seconds * 1000) / strokeMs);
  const perLine = Math.max(1, Math.floor((cellW - 2) / 4));
  const lines = Math.max(1, Math.floor((cellH - 2) / 3));
  const out: ScriptStroke[] = [];
  for (let k = 0; k < count; k++) {
    const x0 = left + (k % perLine) * 4;
    const y0 = top + (Math.floor(k / perLine) % lines) * 3;
    const phase = (pen * 7 + k * 3) % 11;
    const samples: ScriptDot[] = [];
    for (let i = 0; i < o.dotsPerStroke; i++) {
      const t = i / o.dotsPerStroke;
      samples.push({
        kind: 'dot',
        xNu: x0 + 3 * t + 0.4 * Math.sin(phase + 9 * t),
        yNu: y0 + 1.1 * Math.sin(phase + 5 * t),
        force: Math.round(220 + 380 * Math.sin(Math.PI * t)),
        dtMs,
      });
    }
    // pens start a little apart, as people do
    out.push({ kind: 'stroke', page: PAGE, samples, gapBeforeMs: k === 0 ? (pen * 37) % 500 : o.gapMs });
  }
  return out;
}

/** Which dot notifications are waiting for which layer draw, and the draws that took them. */
class InkProbe {
  lastNotifyMs = 0;
  measureFromMs = Number.POSITIVE_INFINITY;
  measureToMs = Number.POSITIVE_INFINITY;
  stamped = 0;
  /** Per draw that took stamps: when it ended and how many stamps it took. */
  readonly drawnAtMs: number[] = [];
  readonly drawStampCounts: number[] = [];
  readonly drawLayers: ('live' | 'completed')[] = [];
  /** The stamps (notification times), draw after draw. */
  readonly stamps: number[] = [];
  liveDraws = 0;
  completedDraws = 0;
  private readonly pending = new Map<StrokeKey, number[]>();
  private awaitingCompleted: number[] = [];

  readonly listener: StrokeBuilderListener = {
    strokeDots: (live, from) => {
      const t = this.lastNotifyMs;
      if (t < this.measureFromMs || t > this.measureToMs) return;
      let list = this.pending.get(live.key);
      if (!list) {
        list = [];
        this.pending.set(live.key, list);
      }
      for (let i = Math.max(1, from); i < live.dots.count; i++) {
        list.push(t);
        this.stamped++;
      }
    },
    strokeCompleted: (stroke) => {
      const list = this.pending.get(stroke.key);
      if (!list) return;
      this.pending.delete(stroke.key);
      for (const t of list) this.awaitingCompleted.push(t);
    },
  };

  readonly onLayerDraw = (info: LayerDrawInfo): void => {
    const before = this.stamps.length;
    if (info.layer === 'live') {
      this.liveDraws++;
      for (const [key, list] of this.pending) {
        for (const t of list) this.stamps.push(t);
        if (list.length === 0) this.pending.delete(key);
        list.length = 0;
      }
    } else if (info.layer === 'completed') {
      this.completedDraws++;
      for (const t of this.awaitingCompleted) this.stamps.push(t);
      this.awaitingCompleted = [];
    }
    if (this.stamps.length === before) return;
    this.drawnAtMs.push(performance.now());
    this.drawStampCounts.push(this.stamps.length - before);
    this.drawLayers.push(info.layer === 'live' ? 'live' : 'completed');
  };
}

async function run(o: InkToPixelOptions): Promise<InkToPixelResult> {
  const probe = new InkProbe();
  const scheduler = systemScheduler();
  const penClock = penClockScheduler();
  const manager = createPenManager();
  const store = createInkStore();
  const feed = new LiveInkFeed();
  let completedStrokes = 0;
  const builder = new StrokeBuilder({
    keys: seededKeySource(5),
    brushFor: (id) => manager.strokeStyle(id),
    listener: fanOutBuilderListener(probe.listener, feed, {
      strokeCompleted: (s) => {
        completedStrokes++;
        store.add(s);
      },
    }),
  });
  manager.onEvent((e) => builder.handle(e));

  const root = createRoot(document.getElementById('root')!);
  root.render(
    <PageView
      page={PAGE}
      store={store}
      live={feed}
      width={1280}
      height={800}
      devicePixelRatio={1}
      fit="full"
      laser="off"
      disabled={{ autoFocus: true, autoPageChange: true }}
      onLayerDraw={probe.onLayerDraw}
    />,
  );

  const sims: PenSimulator[] = [];
  for (let i = 0; i < o.pens; i++) {
    const mac =
      `9C:7B:D2:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 0xff).toString(16).padStart(2, '0')}`.toUpperCase();
    const installed = installSimulatedBluetooth({}, () => {
      const sim = createPenSimulator({ scheduler: penClock, identity: { mac } });
      // called before the stand-in's own listener: the notification's arrival time
      sim.onNotify(() => {
        probe.lastNotifyMs = performance.now();
      });
      sims.push(sim);
      return sim;
    });
    const connector = bluetoothPenConnector({
      manager,
      bluetooth: installed.bluetooth as unknown as BluetoothLike,
      session: { scheduler, hover: false },
    });
    if (!(await connector.connect())) throw new Error(`pen ${i} did not connect`);
  }

  const intervals: number[] = [];
  let lastFrame = 0;
  let measuring = true;
  const loop = (t: number) => {
    if (!measuring) return;
    if (lastFrame > 0 && t >= probe.measureFromMs) intervals.push(t - lastFrame);
    lastFrame = t;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);

  let longTasks = 0;
  let longTaskMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.startTime < probe.measureFromMs) continue;
      longTasks++;
      longTaskMs += e.duration;
    }
  });
  observer.observe({ type: 'longtask', buffered: false });

  const start = performance.now();
  probe.measureFromMs = start + o.warmUpSeconds * 1000;
  const idle = sims.map((sim) => new Promise<void>((resolve) => sim.script.onIdle(resolve)));
  sims.forEach((sim, i) => {
    sim.script.play(penScript(i, o.pens, o));
  });
  await Promise.all(idle);
  probe.measureToMs = performance.now();
  await sleep(300);
  measuring = false;
  observer.disconnect();
  const liveCanvas = document.querySelector<HTMLCanvasElement>('canvas[data-layer="live"]');
  const liveLowLatency = liveCanvas?.getContext('2d')?.getContextAttributes().desynchronized === true;
  root.unmount();

  return {
    connectedPens: manager.connectedCount,
    dots: probe.stamped,
    drawnAtMs: probe.drawnAtMs,
    drawStampCounts: probe.drawStampCounts,
    drawLayers: probe.drawLayers,
    liveLowLatency,
    stamps: probe.stamps,
    clockMarkMs: performance.mark(CLOCK_MARK).startTime,
    frameIntervalsMs: intervals,
    liveDraws: probe.liveDraws,
    completedDraws: probe.completedDraws,
    completedStrokes,
    longTasks,
    longTaskMs,
    measuredSeconds: (probe.measureToMs - probe.measureFromMs) / 1000,
    measureFromMs: probe.measureFromMs,
    measureToMs: probe.measureToMs,
  };
}

(globalThis as unknown as { bench: unknown }).bench = { run };
