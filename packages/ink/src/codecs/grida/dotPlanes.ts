/**
 * The version-3 dot blob of a .GRIDA container (`dotsLayout: "planes"`): every dot of every
 * stroke, in drawing order, stored by field rather than by dot, and each field by byte plane:
 *
 * | section  | size   | content                                                        |
 * | -------- | ------ | -------------------------------------------------------------- |
 * | time     | 2 × N  | u16 ms since the previous dot (the first: since the stroke's    |
 * |          |        | start time), low bytes of all dots, then high bytes            |
 * | force    | 4 × N  | f32 bits as u32, each minus the previous dot's (wrapping, the   |
 * |          |        | first minus 0); low bytes of all dots, then bytes 1, 2, 3      |
 * | x        | 4 × N  | f32 nu, same differences and planes                            |
 * | y        | 4 × N  | f32 nu, same differences and planes                            |
 *
 * N is the total dot count; a stroke's dots are the run `[dotOffset, dotOffset + dotCount)` of
 * every section. Neighbouring dots have close values, so the differences of their bit patterns
 * are small: their high planes are nearly all zero, which deflate makes almost nothing of, and
 * quickly; the 17-byte interleaved form of versions 1–2 mixes every byte with noise. Lossless:
 * the bit patterns come back exactly. Times follow the server dot rules
 * (whole ms, each delta clamped to 0 … 65,535); the caller keeps exact times aside when these
 * do not reproduce them.
 */
import type { DotColumns } from '../../types';
import { SERVER_DOT_MAX_DELTA_MS } from '../serverDots';

/** Bytes per dot of the planes layout. */
export const DOT_PLANE_BYTES = 14;

/** The blob of `runs` (each a stroke's dots and start time), and for each whether its times survive. */
export function encodeDotPlanes(
  runs: readonly { readonly dots: DotColumns; readonly startTimeMs: number }[],
): {
  readonly blob: Uint8Array;
  readonly timesExact: boolean[];
} {
  const n = runs.reduce((sum, r) => sum + r.dots.count, 0);
  const blob = new Uint8Array(n * DOT_PLANE_BYTES);
  const force = new Float32Array(n);
  const xNu = new Float32Array(n);
  const yNu = new Float32Array(n);
  const timesExact: boolean[] = [];
  let i = 0;
  for (const { dots, startTimeMs } of runs) {
    let exact = true;
    let prev = Math.round(startTimeMs);
    let clock = startTimeMs;
    const c = dots.count;
    force.set(dots.force.subarray(0, c), i);
    xNu.set(dots.xNu.subarray(0, c), i);
    yNu.set(dots.yNu.subarray(0, c), i);
    for (let k = 0; k < c; k++, i++) {
      const t = dots.timeMs[k]!;
      const r = Math.round(t);
      let d = r - prev;
      prev = r;
      // `!(d > 0)` also sends NaN to 0.
      if (!(d > 0)) d = 0;
      else if (d > SERVER_DOT_MAX_DELTA_MS) d = SERVER_DOT_MAX_DELTA_MS;
      clock += d;
      if (exact && !Object.is(clock, t)) exact = false;
      blob[i] = d & 0xff;
      blob[n + i] = d >>> 8;
    }
    timesExact.push(exact);
  }
  putDeltaPlanes(blob, 2 * n, n, force);
  putDeltaPlanes(blob, 6 * n, n, xNu);
  putDeltaPlanes(blob, 10 * n, n, yNu);
  return { blob, timesExact };
}

/**
 * Writes the bit patterns of `column` (as u32), each minus the previous one (wrapping; the first
 * minus 0), as four byte planes from `at`: low bytes of all values, then the next bytes...
 * Neighbouring dots have close values, so the differences have mostly zero high bytes.
 */
function putDeltaPlanes(blob: Uint8Array, at: number, n: number, column: Float32Array): void {
  const bits = new Uint32Array(column.buffer, column.byteOffset, n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const v = bits[i]!;
    const d = (v - prev) >>> 0;
    prev = v;
    blob[at + i] = d & 0xff;
    blob[at + n + i] = (d >>> 8) & 0xff;
    blob[at + 2 * n + i] = (d >>> 16) & 0xff;
    blob[at + 3 * n + i] = d >>> 24;
  }
}

/** The column written by {@link putDeltaPlanes}. */
function deltaPlanes(blob: Uint8Array, at: number, n: number): Float32Array {
  const bits = new Uint32Array(n);
  let v = 0;
  for (let i = 0; i < n; i++) {
    v =
      (v +
        (blob[at + i]! |
          (blob[at + n + i]! << 8) |
          (blob[at + 2 * n + i]! << 16) |
          (blob[at + 3 * n + i]! << 24))) >>>
      0;
    bits[i] = v;
  }
  return new Float32Array(bits.buffer);
}

/** The whole blob's columns: times are deltas (ms) here, turned into times per stroke by {@link dotRun}. */
export interface DotPlanes {
  readonly count: number;
  readonly deltaMs: Uint16Array;
  readonly force: Float32Array;
  readonly xNu: Float32Array;
  readonly yNu: Float32Array;
}

/** Reads a planes blob; undefined when its length is not a whole number of dots. */
export function decodeDotPlanes(blob: Uint8Array): DotPlanes | undefined {
  if (blob.length % DOT_PLANE_BYTES !== 0) return undefined;
  const n = blob.length / DOT_PLANE_BYTES;
  const deltaMs = new Uint16Array(n);
  for (let i = 0; i < n; i++) deltaMs[i] = blob[i]! | (blob[n + i]! << 8);
  return {
    count: n,
    deltaMs,
    force: deltaPlanes(blob, 2 * n, n),
    xNu: deltaPlanes(blob, 6 * n, n),
    yNu: deltaPlanes(blob, 10 * n, n),
  };
}
/** One stroke's dots (own copies) from the blob's columns, times counted from `startTimeMs`. */
export function dotRun(planes: DotPlanes, offset: number, count: number, startTimeMs: number): DotColumns {
  const timeMs = new Float64Array(count);
  let clock = startTimeMs;
  for (let k = 0; k < count; k++) {
    clock += planes.deltaMs[offset + k]!;
    timeMs[k] = clock;
  }
  return {
    count,
    xNu: planes.xNu.slice(offset, offset + count),
    yNu: planes.yNu.slice(offset, offset + count),
    force: planes.force.slice(offset, offset + count),
    timeMs,
  };
}
