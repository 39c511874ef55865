/**
 * Codec budget (issue 2): the 17-byte server dot form, base64 included, on one core —
 * decode ≥ 5 M dots/s (base64 text → dot columns) and encode ≥ 5 M dots/s (dot columns → base64
 * text). Measured over a page's worth of handwriting-sized strokes (150 dots each), since that is
 * what uploads and ink store reads carry. Each figure is the best of 5 rounds of 0.4 s.
 */
import { type DotColumns, decodeServerDots, encodeServerDots } from '@dotink/ink';
import { atLeast, type Bench, seededRandom, throughput } from './budget';

const STROKES = 2000;
/** Rounds per figure; the best is kept, so other work on the machine weighs less. */
const ROUNDS = 5;
const DOTS = 150;
const T0 = 1_700_000_000_000;

/** Handwriting-like strokes: 2-decimal nu positions on an A4 page, pen forces, ~12 ms a dot. */
function strokes(): { startMs: number; dots: DotColumns }[] {
  const r = seededRandom(7);
  const out: { startMs: number; dots: DotColumns }[] = [];
  for (let s = 0; s < STROKES; s++) {
    const startMs = T0 + s * 3000;
    const xNu = new Float32Array(DOTS);
    const yNu = new Float32Array(DOTS);
    const force = new Float32Array(DOTS);
    const timeMs = new Float64Array(DOTS);
    let x = r() * 85;
    let y = r() * 120;
    for (let i = 0; i < DOTS; i++) {
      x += r() * 0.2 - 0.1;
      y += r() * 0.2 - 0.1;
      xNu[i] = Math.round(x * 100) / 100;
      yNu[i] = Math.round(y * 100) / 100;
      force[i] = Math.round(200 + r() * 600);
      timeMs[i] = startMs + i * 12 + Math.round(r() * 3);
    }
    out.push({ startMs, dots: { count: DOTS, xNu, yNu, force, timeMs } });
  }
  return out;
}

export default {
  name: 'codecs: 17-byte server dot form with base64',
  async run() {
    const list = strokes();
    const texts = list.map((s) => encodeServerDots(s.dots, s.startMs));
    const totalDots = STROKES * DOTS;
    let sink = 0;
    const decode = () => {
      for (let i = 0; i < texts.length; i++)
        sink += decodeServerDots(texts[i]!, list[i]!.startMs, DOTS).count;
    };
    const encode = () => {
      for (let i = 0; i < list.length; i++) sink += encodeServerDots(list[i]!.dots, list[i]!.startMs).length;
    };
    let decodeRate = 0;
    let encodeRate = 0;
    for (let r = 0; r < ROUNDS; r++) {
      decodeRate = Math.max(decodeRate, throughput(decode, totalDots, 400));
      encodeRate = Math.max(encodeRate, throughput(encode, totalDots, 400));
    }
    if (sink === 0) throw new Error('nothing was coded');
    return [
      atLeast('decode 17-byte dots from base64 (150-dot strokes)', decodeRate, 'dots/s', 5_000_000),
      atLeast('encode 17-byte dots to base64 (150-dot strokes)', encodeRate, 'dots/s', 5_000_000),
    ];
  },
} satisfies Bench;
