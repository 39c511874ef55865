/**
 * Pen decode throughput (issue 3): reassemble and decode a recorded simulator stream into pen
 * events on one core.
 *
 * Method. A simulated NWP-F121 (protocol 2.18) streams 200 strokes of 60 dots (12 000 dots, with
 * pen down, page info and pen up per stroke) after a real handshake; its notifications are
 * recorded in 20-byte pieces. Each timed run feeds every notification to a fresh
 * DeviceStreamDecoder (frame reassembly + message decoding; dots are decoded straight from the
 * reassembly buffer) and turns the messages into PenEvents with PenEventDecoder. The figure is
 * dots per second. A second figure replays a stream recorded with random split points (1–20
 * bytes) and garbage between 30 % of the frames; a third uses the frame-level path
 * (FrameReassembler + decodeDeviceFrame on every frame).
 */
import { counterKeySource, createStrokeBuilder } from '@dotink/ink';
import { type Clock, pageAddress } from '@dotink/ncode';
import {
  DeviceStreamDecoder,
  decodeDeviceFrame,
  FrameReassembler,
  type HostRequest,
  PenEventDecoder,
} from '@dotink/pen';
import {
  attachSimHost,
  createPenSimulator,
  handwriting,
  type NotifyOptions,
  type SimScheduler,
  seededPrng,
} from '@dotink/pen/simulator';
import { atLeast, type Bench, throughput } from './budget';

const STROKES = 200;
const DOTS_PER_STROKE = 60;
const DOTS = STROKES * DOTS_PER_STROKE;

/** A bare manual scheduler (the bench drives virtual time). */
function virtualScheduler(startMs: number): SimScheduler & { runAll(): void } {
  let now = startMs;
  const timers: { at: number; seq: number; task: () => void }[] = [];
  let seq = 0;
  return {
    nowMs: () => now,
    setTimer(delayMs, task) {
      const t = { at: now + Math.max(0, delayMs), seq: seq++, task };
      timers.push(t);
      return () => {
        const i = timers.indexOf(t);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    runAll() {
      while (timers.length > 0) {
        let k = 0;
        for (let i = 1; i < timers.length; i++) {
          const a = timers[i]!;
          const b = timers[k]!;
          if (a.at < b.at || (a.at === b.at && a.seq < b.seq)) k = i;
        }
        const [t] = timers.splice(k, 1);
        now = Math.max(now, t!.at);
        t!.task();
      }
    },
  };
}

/** Records the notifications of a handshake plus the handwriting script. */
function record(notify: NotifyOptions): Uint8Array[] {
  const scheduler = virtualScheduler(1_700_000_000_000);
  const sim = createPenSimulator({ scheduler, notify, seed: 11 });
  const host = attachSimHost(sim);
  sim.connect();
  const handshake: HostRequest[] = [
    { kind: 'versionRequest' },
    { kind: 'statusRequest' },
    { kind: 'setting', setting: { type: 'rtcTime', timeMs: scheduler.nowMs() } },
    { kind: 'onlineDataRequest', notes: 'all' },
  ];
  for (const r of handshake) {
    host.send(r);
    scheduler.runAll();
  }
  sim.script.play(handwriting(pageAddress(3, 27, 1068, 1), seededPrng(5), STROKES, DOTS_PER_STROKE));
  scheduler.runAll();
  host.close();
  return [...host.notifications];
}

/** Decodes a recorded stream into pen events; returns the number of move events. */
function decode(stream: readonly Uint8Array[], clock: Clock): number {
  const bytes = new DeviceStreamDecoder();
  const decoder = new PenEventDecoder({ penId: '9C:7B:D2:12:34:56', clock });
  let moves = 0;
  const onEvent = (e: { kind: string }) => {
    if (e.kind === 'move') moves++;
  };
  for (const n of stream) bytes.push(n, (m) => decoder.decode(m, onEvent));
  return moves;
}

/**
 * The figure: reassemble + decode + build strokes (the ink stroke builder closes every
 * stroke into a record). Returns the number of dots in completed strokes.
 */
function decodeAndBuild(stream: readonly Uint8Array[], clock: Clock): number {
  const bytes = new DeviceStreamDecoder();
  const decoder = new PenEventDecoder({ penId: '9C:7B:D2:12:34:56', clock });
  let dots = 0;
  const builder = createStrokeBuilder({
    keys: counterKeySource('b'),
    listener: {
      strokeCompleted(stroke) {
        dots += stroke.dots.count;
      },
    },
  });
  const onEvent = (e: Parameters<typeof builder.handle>[0]) => builder.handle(e);
  for (const n of stream) bytes.push(n, (m) => decoder.decode(m, onEvent));
  return dots;
}

/** The same through the frame-level API: every frame's payload is copied out, then decoded. */
function decodeFrameByFrame(stream: readonly Uint8Array[], clock: Clock): number {
  const reassembler = new FrameReassembler();
  const decoder = new PenEventDecoder({ penId: '9C:7B:D2:12:34:56', clock });
  let moves = 0;
  const onEvent = (e: { kind: string }) => {
    if (e.kind === 'move') moves++;
  };
  for (const n of stream) reassembler.push(n, (f) => decoder.decode(decodeDeviceFrame(f), onEvent));
  return moves;
}

export default {
  name: 'pen decode: reassemble + decode + build strokes from a recorded simulator stream',
  async run() {
    const clock: Clock = { nowMs: () => 1_700_000_000_000 };
    const clean = record({ size: 20 });
    const noisy = record({ size: 20, split: 'random', garbageProbability: 0.3, garbageMaxBytes: 6 });
    for (const s of [clean, noisy]) {
      for (const f of [decode, decodeFrameByFrame]) {
        const got = f(s, clock);
        if (got !== DOTS) throw new Error(`decoded ${got} dots, expected ${DOTS}`);
      }
    }
    const built = decodeAndBuild(clean, clock);
    if (built !== DOTS) throw new Error(`built strokes holding ${built} dots, expected ${DOTS}`);
    const buildRate = throughput(() => decodeAndBuild(clean, clock), DOTS, 1500);
    const cleanRate = throughput(() => decode(clean, clock), DOTS, 1500);
    const noisyRate = throughput(() => decode(noisy, clock), DOTS, 1000);
    const frameRate = throughput(() => decodeFrameByFrame(clean, clock), DOTS, 1000);
    return [
      atLeast('reassemble + decode + build strokes (dots/s, one core)', buildRate, 'dots/s', 1_000_000),
      atLeast('20-byte notifications → pen events (dots/s, one core)', cleanRate, 'dots/s', 1_000_000),
      atLeast('random splits + garbage → pen events (dots/s)', noisyRate, 'dots/s', 1_000_000),
      atLeast('frame-level path (FrameReassembler + decodeDeviceFrame)', frameRate, 'dots/s', 1_000_000),
    ];
  },
} satisfies Bench;
