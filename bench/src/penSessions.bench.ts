/**
 * Pen session budget (issue 3): 40 simulated pens writing 100 dots/s each for 60 s through one
 * pen manager must cost < 5 % of one core.
 *
 * Method. Each pen gets a real {@link PenSession} whose handshake runs against its own simulator
 * (distinct MAC), all attached to one {@link PenManager} whose events feed one ink StrokeBuilder.
 * The pen side is then taken out of the measurement: one 60 s handwriting script (strokes of 100
 * dots, dt = 10 ms) is played once on a simulator and its notifications (20-byte pieces, with
 * their simulated times) are recorded. The measured loop replays that recording into all 40
 * sessions in time order, advancing the manual scheduler to each notification's time. The host
 * CPU spent (process.cpuUsage, user + system, JIT warm-up included) divided by the 60 s of
 * simulated time is the share of one core the host would need in real time.
 */
import { StrokeBuilder, seededKeySource } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import {
  createPenManager,
  inProcessTransport,
  listeners,
  type ManualScheduler,
  manualScheduler,
  PenSession,
  type PenTransport,
} from '@dotink/pen';
import { createPenSimulator, dot, type PenSimulator, type ScriptStroke } from '@dotink/pen/simulator';
import { type Bench, below, type Figure } from './budget';

const PENS = 40;
const SECONDS = 60;
const DOT_DT_MS = 10; // 100 dots/s
const DOTS_PER_STROKE = 100;
const T0 = 1_700_000_000_000;

const settle = () => new Promise<void>((r) => setImmediate(r));

async function drive<T>(scheduler: ManualScheduler, work: Promise<T>): Promise<T> {
  let done = false;
  void work.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 100_000 && !done; i++) {
    await settle();
    scheduler.runDue();
    await settle();
    if (!done) scheduler.advance(5);
  }
  return work;
}

/** A transport to a simulator into which recorded notifications can also be injected. */
function tapTransport(sim: PenSimulator, id: string): PenTransport & { inject(bytes: Uint8Array): void } {
  const base = inProcessTransport(sim, { id });
  const injected = listeners<Uint8Array>();
  return {
    id,
    name: base.name,
    get connected() {
      return base.connected;
    },
    write: (b) => base.write(b),
    onNotify(l) {
      const a = base.onNotify(l);
      const b = injected.add(l);
      return () => {
        a();
        b();
      };
    },
    onDisconnect: (l) => base.onDisconnect(l),
    disconnect: () => base.disconnect(),
    inject: (bytes) => injected.emit(bytes),
  };
}

function script(): ScriptStroke[] {
  const page = pageAddress(3, 27, 1068, 1);
  const strokes: ScriptStroke[] = [];
  const count = Math.floor((SECONDS * 1000) / (DOTS_PER_STROKE * DOT_DT_MS + 10));
  for (let k = 0; k < count; k++) {
    const samples = [];
    for (let i = 0; i < DOTS_PER_STROKE; i++) {
      const t = i / DOTS_PER_STROKE;
      samples.push(
        dot(
          10 + (k % 10) * 6 + 5 * t,
          10 + Math.floor(k / 10) * 4 + Math.sin(9 * t),
          300 + (i % 50),
          DOT_DT_MS,
        ),
      );
    }
    strokes.push({ kind: 'stroke', page, samples, upAfterMs: DOT_DT_MS });
  }
  return strokes;
}

/** Plays the script once on a connected simulator and records its notifications with their times. */
async function record(): Promise<{ times: number[]; chunks: Uint8Array[]; dots: number }> {
  const scheduler = manualScheduler(T0);
  const sim = createPenSimulator({ scheduler });
  const session = new PenSession({ transport: inProcessTransport(sim), scheduler });
  if (!(await drive(scheduler, session.connect()))) throw new Error('recording pen did not connect');
  const times: number[] = [];
  const chunks: Uint8Array[] = [];
  sim.onNotify((b) => {
    times.push(scheduler.nowMs());
    chunks.push(b);
  });
  let dots = 0;
  session.onEvent((e) => {
    if (e.kind === 'move') dots++;
  });
  const idle = new Promise<void>((resolve) => sim.script.onIdle(resolve));
  sim.script.play(script());
  await drive(scheduler, idle);
  const t0 = times[0] ?? 0;
  return { times: times.map((t) => t - t0), chunks, dots };
}

const bench: Bench = {
  name: 'pen sessions',
  async run(): Promise<readonly Figure[]> {
    const rec = await record();
    const spanMs = rec.times.at(-1)!;

    const scheduler = manualScheduler(T0);
    const manager = createPenManager();
    let completedDots = 0;
    let completed = 0;
    const builder = new StrokeBuilder({
      keys: seededKeySource(1),
      brushFor: (penId) => manager.strokeStyle(penId),
      listener: {
        strokeCompleted: (s) => {
          completed++;
          completedDots += s.dots.count;
        },
      },
    });
    manager.onEvent((e) => builder.handle(e));
    const taps: ReturnType<typeof tapTransport>[] = [];
    for (let p = 0; p < PENS; p++) {
      const mac = `9C:7B:D2:00:00:${p.toString(16).padStart(2, '0').toUpperCase()}`;
      const sim = createPenSimulator({ scheduler, identity: { mac } });
      const tap = tapTransport(sim, `pen-${p}`);
      const session = new PenSession({ transport: tap, scheduler });
      manager.attach(session);
      if (!(await drive(scheduler, session.connect()))) throw new Error(`pen ${p} did not connect`);
      taps.push(tap);
    }
    if (manager.connectedCount !== PENS) throw new Error('not every pen is connected');

    const start = scheduler.nowMs();
    const before = process.cpuUsage();
    const wallStart = performance.now();
    for (let i = 0; i < rec.chunks.length; i++) {
      const at = start + rec.times[i]!;
      if (at > scheduler.nowMs()) scheduler.advance(at - scheduler.nowMs());
      const bytes = rec.chunks[i]!;
      for (let p = 0; p < PENS; p++) taps[p]!.inject(bytes);
    }
    const cpu = process.cpuUsage(before);
    const wallMs = performance.now() - wallStart;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (completedDots !== rec.dots * PENS) {
      throw new Error(`lost dots: ${completedDots} of ${rec.dots * PENS} reached completed strokes`);
    }
    const share = (cpuMs / spanMs) * 100;
    const rate = rec.dots / (spanMs / 1000);
    console.log(
      `  ${PENS} pens × ${rate.toFixed(1)} dots/s over ${(spanMs / 1000).toFixed(1)} s simulated: ` +
        `${completed} strokes, ${completedDots} dots; host CPU ${cpuMs.toFixed(0)} ms (wall ${wallMs.toFixed(0)} ms)`,
    );
    return [below(`${PENS} pens × 100 dots/s, 60 s: host CPU share of one core`, share, '%', 5)];
  },
};

export default bench;
