/**
 * The server's dot form (engine.md §3 "Server stroke form"): each dot is 17 bytes, the whole run
 * is sent as base64 text.
 *
 * Layout of one dot (all little-endian, the byte order of the pen protocol, pen-protocol.md §2.5,
 * so the same readers serve both and x86/ARM read it natively):
 *
 * | offset | size | field                                          |
 * | ------ | ---- | ---------------------------------------------- |
 * | 0      | 2    | time delta, u16 ms since the previous dot      |
 * | 2      | 4    | force, f32 (raw pen force, 0 … max pressure)   |
 * | 6      | 4    | x, f32 nu                                      |
 * | 10     | 4    | y, f32 nu                                      |
 * | 14     | 3    | spare, written as zero, ignored when read      |
 *
 * Decisions:
 * - **Time.** Dot `i` is at `startTime + delta_0 + … + delta_i`: the first dot's delta counts from
 *   the stroke's start time (0 when the stroke starts at its first dot, as ours do).
 * - **Rounding and clamping.** Times are whole milliseconds: each delta is
 *   `round(t_i) − round(t_{i−1})` (with `t_{−1}` the start time), so integer times round-trip
 *   exactly and rounding never drifts. Each delta is clamped on its own to 0 … 65,535 ms: a pause
 *   over 65.5 s inside one stroke is shortened to 65.535 s (later dots keep their spacing and
 *   move earlier by the excess), a time going backwards becomes 0. We clamp rather than split:
 *   splitting would add dots that were never written.
 * - **16-byte dots.** Older data has 16 bytes a dot: the same fields at the same offsets with
 *   2 spare bytes. The stride is `bytes / dotCount` when the record's dot count fits, otherwise
 *   17 if the length is a multiple of 17, else 16 if a multiple of 16.
 * - **JSON dots.** `[{x, y, force, ntimeDelta}, …]` with the same time rule, given as an array or
 *   as JSON text (raw or base64).
 */

import { decodeBase64, encodeBase64 } from '@dotink/ncode';
import type { DotColumns } from '../types';
import { decodeUtf8 } from './utf8';

/** Bytes per dot in the form we write. */
export const SERVER_DOT_BYTES = 17;
/** Bytes per dot in the older form we also read. */
export const SERVER_DOT_BYTES_SHORT = 16;
/** The largest time delta a dot can carry (u16). */
export const SERVER_DOT_MAX_DELTA_MS = 65535;

/** The message of every error for dot data that cannot be read. */
export const INVALID_SERVER_DOTS = 'invalid server dot data';

/** One dot of the JSON dot form. */
export interface ServerJsonDot {
  readonly x: number;
  readonly y: number;
  readonly force: number;
  /** ms since the previous dot (the first: since the stroke's start time). */
  readonly ntimeDelta: number;
}

/** The 17-byte binary form of `dots`, times counted from `startTimeMs`. */
export function encodeServerDotBytes(dots: DotColumns, startTimeMs: number): Uint8Array {
  const bytes = new Uint8Array(dots.count * SERVER_DOT_BYTES);
  writeDots(dots, startTimeMs, new DataView(bytes.buffer));
  return bytes;
}

/**
 * Scratch bytes for {@link encodeServerDots}, reused across calls (grown on demand) so encoding
 * allocates only the result text. Nothing calls out while it is in use, so sharing it is safe.
 */
let scratch = new Uint8Array(4096);
let scratchView = new DataView(scratch.buffer);

/** The base64 text of the 17-byte form of `dots`. */
export function encodeServerDots(dots: DotColumns, startTimeMs: number): string {
  const size = dots.count * SERVER_DOT_BYTES;
  if (size > scratch.length) {
    scratch = new Uint8Array(Math.max(size, scratch.length * 2));
    scratchView = new DataView(scratch.buffer);
  }
  writeDots(dots, startTimeMs, scratchView);
  return encodeBase64(scratch.subarray(0, size));
}

/** Writes the dots at the start of `view` (which must have room), spare bytes zeroed. */
function writeDots(dots: DotColumns, startTimeMs: number, view: DataView): void {
  const n = dots.count;
  const { xNu, yNu, force, timeMs } = dots;
  let prev = Math.round(startTimeMs);
  for (let i = 0, o = 0; i < n; i++, o += SERVER_DOT_BYTES) {
    const t = Math.round(timeMs[i]!);
    let d = t - prev;
    prev = t;
    // `!(d > 0)` also sends NaN to 0.
    if (!(d > 0)) d = 0;
    else if (d > SERVER_DOT_MAX_DELTA_MS) d = SERVER_DOT_MAX_DELTA_MS;
    view.setUint16(o, d, true);
    view.setFloat32(o + 2, force[i]!, true);
    view.setFloat32(o + 6, xNu[i]!, true);
    view.setFloat32(o + 10, yNu[i]!, true);
    view.setUint8(o + 14, 0);
    view.setUint16(o + 15, 0);
  }
}

/** The bytes per dot of a binary run: 17 or 16 (see the module notes), or throws. */
export function serverDotStride(byteLength: number, dotCount?: number): 16 | 17 {
  if (dotCount !== undefined && dotCount > 0) {
    if (byteLength === dotCount * SERVER_DOT_BYTES) return SERVER_DOT_BYTES;
    if (byteLength === dotCount * SERVER_DOT_BYTES_SHORT) return SERVER_DOT_BYTES_SHORT;
  }
  if (byteLength % SERVER_DOT_BYTES === 0) return SERVER_DOT_BYTES;
  if (byteLength % SERVER_DOT_BYTES_SHORT === 0) return SERVER_DOT_BYTES_SHORT;
  throw new Error(INVALID_SERVER_DOTS);
}

/** Dot columns from the binary form (16 or 17 bytes a dot), times from `startTimeMs`. */
export function decodeServerDotBytes(bytes: Uint8Array, startTimeMs: number, dotCount?: number): DotColumns {
  const stride = serverDotStride(bytes.length, dotCount);
  const n = (bytes.length / stride) | 0;
  const xNu = new Float32Array(n);
  const yNu = new Float32Array(n);
  const force = new Float32Array(n);
  const timeMs = new Float64Array(n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let t = startTimeMs;
  for (let i = 0, o = 0; i < n; i++, o += stride) {
    t += view.getUint16(o, true);
    timeMs[i] = t;
    force[i] = view.getFloat32(o + 2, true);
    xNu[i] = view.getFloat32(o + 6, true);
    yNu[i] = view.getFloat32(o + 10, true);
  }
  return { count: n, xNu, yNu, force, timeMs };
}

/**
 * Dot columns from any incoming dot form: base64 of 17- or 16-byte dots, JSON text (raw or
 * base64) of the JSON dot form, or that form as an array. Throws `Error(INVALID_SERVER_DOTS)`.
 */
export function decodeServerDots(
  dots: string | readonly ServerJsonDot[],
  startTimeMs: number,
  dotCount?: number,
): DotColumns {
  if (typeof dots !== 'string') return decodeServerJsonDots(dots, startTimeMs);
  const first = firstNonSpace(dots);
  if (first === 0x5b /* [ */) return decodeServerJsonDots(parseJsonDots(dots), startTimeMs);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(dots);
  } catch {
    throw new Error(INVALID_SERVER_DOTS);
  }
  if (looksLikeJsonArray(bytes)) {
    const list = tryParseJsonDots(decodeUtf8(bytes));
    if (list) return decodeServerJsonDots(list, startTimeMs);
  }
  return decodeServerDotBytes(bytes, startTimeMs, dotCount);
}

/** Dot columns from the JSON dot form. Throws `Error(INVALID_SERVER_DOTS)` on a malformed dot. */
export function decodeServerJsonDots(list: readonly ServerJsonDot[], startTimeMs: number): DotColumns {
  if (!Array.isArray(list)) throw new Error(INVALID_SERVER_DOTS);
  const n = list.length;
  const xNu = new Float32Array(n);
  const yNu = new Float32Array(n);
  const force = new Float32Array(n);
  const timeMs = new Float64Array(n);
  let t = startTimeMs;
  for (let i = 0; i < n; i++) {
    const d = list[i] as Partial<ServerJsonDot> | null;
    if (d === null || typeof d !== 'object') throw new Error(INVALID_SERVER_DOTS);
    const x = num(d.x);
    const y = num(d.y);
    const f = num(d.force);
    const dt = d.ntimeDelta === undefined ? 0 : num(d.ntimeDelta);
    t += dt;
    timeMs[i] = t;
    xNu[i] = x;
    yNu[i] = y;
    force[i] = f;
  }
  return { count: n, xNu, yNu, force, timeMs };
}

/** The JSON dot form of `dots` (same time rule and clamping as the binary form). */
export function encodeServerJsonDots(dots: DotColumns, startTimeMs: number): ServerJsonDot[] {
  const out: ServerJsonDot[] = [];
  let prev = Math.round(startTimeMs);
  for (let i = 0; i < dots.count; i++) {
    const t = Math.round(dots.timeMs[i]!);
    let d = t - prev;
    prev = t;
    if (!(d > 0)) d = 0;
    else if (d > SERVER_DOT_MAX_DELTA_MS) d = SERVER_DOT_MAX_DELTA_MS;
    out.push({ x: dots.xNu[i]!, y: dots.yNu[i]!, force: dots.force[i]!, ntimeDelta: d });
  }
  return out;
}

function num(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  if (!Number.isFinite(n)) throw new Error(INVALID_SERVER_DOTS);
  return n;
}

function firstNonSpace(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32) return c;
  }
  return -1;
}

/** `[` first and `]` last (after white space): the binary form's last byte is a zero spare. */
function looksLikeJsonArray(b: Uint8Array): boolean {
  let i = 0;
  let j = b.length - 1;
  while (i <= j && b[i]! <= 32) i++;
  while (j >= i && b[j]! <= 32) j--;
  return i < j && b[i] === 0x5b && b[j] === 0x5d;
}

function tryParseJsonDots(text: string): ServerJsonDot[] | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as ServerJsonDot[]) : undefined;
  } catch {
    return undefined;
  }
}

function parseJsonDots(text: string): ServerJsonDot[] {
  const list = tryParseJsonDots(text);
  if (!list) throw new Error(INVALID_SERVER_DOTS);
  return list;
}
