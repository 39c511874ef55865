/**
 * Strokes in a .GRIDA container: one JSON record per stroke (every field a caller sets) and all
 * dots in one binary blob of the 17-byte server dot form ({@link encodeServerDotBytes}), each
 * stroke's run at `dotOffset`. Derived fields (force, speed, distance, bounds) are recomputed
 * from the dots when reading, so they always agree with them.
 *
 * Lossless: x, y and force are f32 in memory and in the blob. Times go in the blob as u16 deltas
 * from the stroke's start time; when that does not reproduce every dot time exactly (fractional
 * times, a pause over 65.5 s, times going backwards), the record also carries `timesMs`.
 *
 * Two blob layouts: `server17` (containers of versions 1–2, and the board's local copy), where
 * `dotOffset` is a byte offset into 17-byte dots; and `planes` (containers from version 3, see
 * `dotPlanes.ts`), where `dotOffset` is the index of the stroke's first dot.
 */
import { pageId, parsePageId } from '@dotink/ncode';
import { createStroke } from '../../stroke';
import {
  BrushType,
  type DotColumns,
  type InputType,
  type PenTipMode,
  type Stroke,
  type StrokeStatus,
} from '../../types';
import { decodeServerDotBytes, encodeServerDotBytes, SERVER_DOT_BYTES } from '../serverDots';
import { type DotPlanes, decodeDotPlanes, dotRun, encodeDotPlanes } from './dotPlanes';
import { GridaFormatError } from './types';

/** How the dot blob is laid out (see the module notes). */
export type GridaDotsLayout = 'server17' | 'planes';

/** A stroke as stored in the container's stroke list. */
export interface StrokeRecord {
  readonly key: string;
  readonly originalKey: string;
  /** `"s.o.b.p"`. */
  readonly page: string;
  readonly mac: string;
  readonly inputType: InputType;
  readonly brushType: number;
  readonly thickness: number;
  readonly colorArgb: number;
  readonly status: StrokeStatus;
  readonly penTipMode: PenTipMode;
  readonly strokeType: number;
  readonly updatedMs: number;
  readonly startTimeMs: number;
  readonly endTimeMs: number;
  readonly surfaceOwnerId: string;
  readonly writerId: string;
  readonly uploaded: boolean;
  readonly multiPage: boolean;
  /** Byte offset of the stroke's dots in the blob. */
  readonly dotOffset: number;
  readonly dotCount: number;
  /** Every dot time, only when the blob's deltas cannot give them exactly. */
  readonly timesMs?: readonly number[];
}

/** The stroke list and dot blob of a set of strokes. */
export interface EncodedGridaStrokes {
  readonly records: StrokeRecord[];
  readonly dots: Uint8Array;
}

const INPUT_TYPES: readonly InputType[] = ['pen', 'network', 'mouse', 'sdk'];
const BRUSH_TYPES: ReadonlySet<number> = new Set(Object.values(BrushType));

/** Encodes strokes (drawing order kept), the blob in `layout` (default `server17`). */
export function encodeGridaStrokes(
  strokes: readonly Stroke[],
  layout: GridaDotsLayout = 'server17',
): EncodedGridaStrokes {
  if (layout === 'planes') {
    const { blob, timesExact } = encodeDotPlanes(strokes);
    let first = 0;
    const records = strokes.map((s, i) => {
      const r = strokeRecord(s, first, timesExact[i]!);
      first += s.dots.count;
      return r;
    });
    return { records, dots: blob };
  }
  const total = strokes.reduce((n, s) => n + s.dots.count, 0);
  const dots = new Uint8Array(total * SERVER_DOT_BYTES);
  const records: StrokeRecord[] = [];
  let offset = 0;
  for (const s of strokes) {
    const bytes = encodeServerDotBytes(s.dots, s.startTimeMs);
    dots.set(bytes, offset);
    const exact = timesReproduced(s.dots, decodeServerDotBytes(bytes, s.startTimeMs, s.dots.count));
    records.push(strokeRecord(s, offset, exact));
    offset += bytes.length;
  }
  return { records, dots };
}

function strokeRecord(s: Stroke, dotOffset: number, timesExact: boolean): StrokeRecord {
  return {
    key: s.key,
    originalKey: s.originalKey,
    page: pageId(s.page),
    mac: s.mac,
    inputType: s.inputType,
    brushType: s.brushType,
    thickness: s.thickness,
    colorArgb: s.colorArgb,
    status: s.status,
    penTipMode: s.penTipMode,
    strokeType: s.strokeType,
    updatedMs: s.updatedMs,
    startTimeMs: s.startTimeMs,
    endTimeMs: s.endTimeMs,
    surfaceOwnerId: s.surfaceOwnerId,
    writerId: s.writerId,
    uploaded: s.uploaded,
    multiPage: s.multiPage,
    dotOffset,
    dotCount: s.dots.count,
    ...(timesExact ? {} : { timesMs: Array.from(s.dots.timeMs.subarray(0, s.dots.count)) }),
  };
}

function timesReproduced(a: DotColumns, b: DotColumns): boolean {
  for (let i = 0; i < a.count; i++) if (!Object.is(a.timeMs[i], b.timeMs[i])) return false;
  return true;
}

/**
 * Decodes the stroke list against its dot blob (laid out as `layout`, default `server17`).
 * Throws {@link GridaFormatError} on bad data.
 */
export function decodeGridaStrokes(
  records: unknown,
  dots: Uint8Array,
  layout: GridaDotsLayout = 'server17',
): Stroke[] {
  if (!Array.isArray(records)) throw new GridaFormatError('the stroke list is not an array');
  if (layout === 'planes') {
    const planes = decodeDotPlanes(dots);
    if (!planes) throw new GridaFormatError('dots out of range: the blob is not whole dots');
    return records.map((r, i) => decodeStroke(r, planes, i));
  }
  return records.map((r, i) => decodeStroke(r, dots, i));
}

function decodeStroke(value: unknown, blob: Uint8Array | DotPlanes, index: number): Stroke {
  const bad = (what: string) => new GridaFormatError(`stroke ${index}: ${what}`);
  if (typeof value !== 'object' || value === null) throw bad('not an object');
  const r = value as Partial<StrokeRecord>;
  const page = typeof r.page === 'string' ? parsePageId(r.page) : undefined;
  if (!page) throw bad('bad page');
  if (typeof r.key !== 'string' || r.key === '') throw bad('bad key');
  const count = r.dotCount;
  const offset = r.dotOffset;
  const end = blob instanceof Uint8Array ? blob.length : blob.count;
  const span = blob instanceof Uint8Array ? SERVER_DOT_BYTES : 1;
  if (!isIndex(count) || !isIndex(offset) || offset + count * span > end) {
    throw bad('dots out of range');
  }
  if (!BRUSH_TYPES.has(r.brushType as number)) throw bad('bad brush type');
  const start = num(r.startTimeMs, bad);
  let dots: DotColumns =
    count === 0
      ? {
          count: 0,
          xNu: new Float32Array(0),
          yNu: new Float32Array(0),
          force: new Float32Array(0),
          timeMs: new Float64Array(0),
        }
      : blob instanceof Uint8Array
        ? decodeServerDotBytes(blob.subarray(offset, offset + count * SERVER_DOT_BYTES), start, count)
        : dotRun(blob, offset, count, start);
  if (r.timesMs !== undefined) {
    if (!Array.isArray(r.timesMs) || r.timesMs.length !== count) throw bad('bad times');
    dots = { ...dots, timeMs: Float64Array.from(r.timesMs, (t) => num(t, bad)) };
  }
  return createStroke(
    {
      key: r.key,
      originalKey: typeof r.originalKey === 'string' ? r.originalKey : r.key,
      page,
      mac: str(r.mac),
      inputType: INPUT_TYPES.includes(r.inputType as InputType) ? (r.inputType as InputType) : 'pen',
      brushType: r.brushType as BrushType,
      thickness: num(r.thickness, bad),
      colorArgb: num(r.colorArgb, bad),
      status: r.status === 'erased' ? 'erased' : 'normal',
      penTipMode: r.penTipMode === 1 ? 1 : 0,
      strokeType: typeof r.strokeType === 'number' ? r.strokeType : 0,
      updatedMs: num(r.updatedMs, bad),
      startTimeMs: start,
      endTimeMs: num(r.endTimeMs, bad),
      surfaceOwnerId: str(r.surfaceOwnerId),
      writerId: str(r.writerId),
      uploaded: r.uploaded === true,
      multiPage: r.multiPage === true,
    },
    dots,
  );
}

const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function num(v: unknown, bad: (what: string) => Error): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw bad('a number field is missing or not finite');
  return v;
}
