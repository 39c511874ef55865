/**
 * The version-3 dot blob of a .GRIDA container (`dotsLayout: "planes"`): every dot of every
 * stroke, in drawing order, stored by field rather than by dot, and each field by byte plane:
 *
 * | section  | size   | content                                                        |
 * | -------- | ------ | -------------------------------------------------------------- |
 * | time     | 2 × N  | u16 ms since the previous dot (the first: since the stroke's    |
 * |          |        | start time), low bytes of all dots, then high bytes            |
 * | force    | 4 × N  | f32, little-endian byte 0 of all dots, then byte 1, 2, 3        |
 * | x        | 4 × N  | f32 nu, same planes                                            |
 * | y        | 4 × N  | f32 nu, same planes                                            |
 *
 * N is the total dot count; a stroke's dots are the run `[dotOffset, dotOffset + dotCount)` of
 * every section. The high planes (sign, exponent, top of the mantissa) barely change from dot to
 * dot, so deflate makes them almost nothing and spends little time on them; the 17-byte
 * interleaved form of versions 1–2 mixes them with noise. Times follow the server dot rules
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
  const f32 = new DataView(new ArrayBuffer(4));
  const timesExact: boolean[] = [];
  const tLo = 0;
  const tHi = n;
  const force = 2 * n;
  const x = 6 * n;
  const y = 10 * n;
  const putF32 = (section: number, i: number, v: number) => {
    f32.setFloat32(0, v, true);
    blob[section + i] = f32.getUint8(0);
    blob[section + n + i] = f32.getUint8(1);
    blob[section + 2 * n + i] = f32.getUint8(2);
    blob[section + 3 * n + i] = f32.getUint8(3);
  };
  let i = 0;
  for (const { dots, startTimeMs } of runs) {
    let exact = true;
    let prev = Math.round(startTimeMs);
    let clock = startTimeMs;
    for (let k = 0; k < dots.count; k++, i++) {
      const t = dots.timeMs[k]!;
      const r = Math.round(t);
      let d = r - prev;
      prev = r;
      // `!(d > 0)` also sends NaN to 0.
      if (!(d > 0)) d = 0;
      else if (d > SERVER_DOT_MAX_DELTA_MS) d = SERVER_DOT_MAX_DELTA_MS;
      clock += d;
      if (exact && !Object.is(clock, t)) exact = false;
      blob[tLo + i] = d & 0xff;
      blob[tHi + i] = d >>> 8;
      putF32(force, i, dots.force[k]!);
      putF32(x, i, dots.xNu[k]!);
      putF32(y, i, dots.yNu[k]!);
    }
    timesExact.push(exact);
  }
  return { blob, timesExact };
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
  const f32 = new DataView(new ArrayBuffer(4));
  const column = (section: number) => {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      f32.setUint8(0, blob[section + i]!);
      f32.setUint8(1, blob[section + n + i]!);
      f32.setUint8(2, blob[section + 2 * n + i]!);
      f32.setUint8(3, blob[section + 3 * n + i]!);
      out[i] = f32.getFloat32(0, true);
    }
    return out;
  };
  return { count: n, deltaMs, force: column(2 * n), xNu: column(6 * n), yNu: column(10 * n) };
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
