/**
 * The server stroke record (engine.md §3 "Server stroke form") ↔ {@link Stroke}.
 *
 * The record carries no page and no key: the page comes from the page object around it, and the
 * key is made from the page, writer, pen and start time (so the same data always gets the same
 * key) unless the caller supplies one.
 *
 * Decisions:
 * - **colour** is written as a signed 32-bit ARGB integer (the Java/Android `int` convention, e.g.
 *   black = -16777216); both signed and unsigned values are read.
 * - **brush**: the record has only `penTipType` (0 pen, 1 eraser). Reading gives the pen brush, or
 *   the eraser brush for an eraser tip; marker and the other brushes are not kept by this form.
 * - **deleteFlag** is 1 for an erased stroke (status erased, or the erased brush), else 0.
 * - **thickness** is our thickness (0.04 … 0.2) unchanged; **updated** and **startTime** are epoch
 *   ms; **writeId** is the writer id.
 */
import { type PageAddress, pageId } from '@dotink/ncode';
import { createStroke, DEFAULT_COLOR_ARGB, DEFAULT_THICKNESS } from '../stroke';
import { BrushType, type InputType, type PenTipMode, type Stroke } from '../types';
import { decodeServerDots, encodeServerDots, type ServerJsonDot } from './serverDots';

/** The server's stroke record. */
export interface ServerStroke {
  /** ARGB, 32-bit (written signed). */
  readonly color: number;
  readonly mac: string;
  readonly dotCount: number;
  /** 0 pen, 1 eraser. */
  readonly penTipType: PenTipMode;
  /** Epoch ms. */
  readonly startTime: number;
  readonly strokeType: number;
  readonly thickness: number;
  /** Epoch ms of the last change. */
  readonly updated: number;
  /** 1 when the stroke was erased. */
  readonly deleteFlag: 0 | 1;
  readonly writeId: string;
  /** Base64 of the 17-byte dot form (as written); read: also 16-byte or JSON dots. */
  readonly dots: string | readonly ServerJsonDot[];
}

/** The message of every error for a record that cannot be read. */
export const INVALID_SERVER_STROKE = 'invalid server stroke';

/** The server record of a stroke. */
export function encodeServerStroke(s: Stroke): ServerStroke & { readonly dots: string } {
  const startTime = Math.round(s.startTimeMs);
  const erased = s.status === 'erased' || s.brushType === BrushType.erased;
  return {
    color: s.colorArgb | 0,
    mac: s.mac,
    dotCount: s.dots.count,
    penTipType: s.penTipMode === 1 || s.brushType === BrushType.eraser ? 1 : 0,
    startTime,
    strokeType: s.strokeType,
    thickness: s.thickness,
    updated: Math.round(s.updatedMs),
    deleteFlag: erased ? 1 : 0,
    writeId: s.writerId,
    dots: encodeServerDots(s.dots, startTime),
  };
}

/** What the record does not say about the strokes read from it. */
export interface ServerStrokeContext {
  readonly page: PageAddress;
  /** Whose surface the strokes annotate; defaults to the writer. */
  readonly surfaceOwnerId?: string;
  readonly inputType?: InputType;
  /** The key of the stroke; defaults to {@link serverStrokeKey}. */
  readonly keyOf?: (record: ServerStroke, page: PageAddress) => string;
}

/** The default key of a record: `"s.o.b.p/writer/mac/startTime"` (stable across reloads). */
export function serverStrokeKey(record: ServerStroke, page: PageAddress): string {
  return `${pageId(page)}/${record.writeId}/${record.mac}/${record.startTime}`;
}

/** The stroke of a server record (its dots decoded column-wise). Strokes read back are uploaded. */
export function decodeServerStroke(record: ServerStroke, ctx: ServerStrokeContext): Stroke {
  const dots = decodeServerDots(record.dots, record.startTime, record.dotCount);
  const key = (ctx.keyOf ?? serverStrokeKey)(record, ctx.page);
  return createStroke(
    {
      key,
      page: ctx.page,
      mac: record.mac,
      inputType: ctx.inputType ?? 'pen',
      brushType: record.penTipType === 1 ? BrushType.eraser : BrushType.pen,
      thickness: record.thickness,
      colorArgb: record.color >>> 0,
      status: record.deleteFlag === 1 ? 'erased' : 'normal',
      penTipMode: record.penTipType,
      strokeType: record.strokeType,
      updatedMs: record.updated,
      startTimeMs: record.startTime,
      surfaceOwnerId: ctx.surfaceOwnerId ?? record.writeId,
      writerId: record.writeId,
      uploaded: true,
    },
    dots,
  );
}

/**
 * A server record from parsed JSON, checked and normalised: numbers may come as numeric text;
 * missing optional fields get defaults (black, pen tip, category 0, default thickness, updated =
 * start time, not deleted, no writer). `startTime` and `dots` (text, or the JSON dot form as an
 * array) are required. Throws `Error(INVALID_SERVER_STROKE)`.
 */
export function readServerStroke(value: unknown): ServerStroke {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(INVALID_SERVER_STROKE);
  const r = value as Record<string, unknown>;
  const startTime = numberField(r.startTime);
  if (startTime === undefined) throw new Error(INVALID_SERVER_STROKE);
  const dots = dotsField(r.dots);
  const color = numberField(r.color) ?? DEFAULT_COLOR_ARGB;
  const tip = numberField(r.penTipType) ?? 0;
  const del = r.deleteFlag === true ? 1 : (numberField(r.deleteFlag) ?? 0);
  return {
    color: color | 0,
    mac: stringField(r.mac),
    dotCount: numberField(r.dotCount) ?? 0,
    penTipType: tip === 1 ? 1 : 0,
    startTime,
    strokeType: numberField(r.strokeType) ?? 0,
    thickness: numberField(r.thickness) ?? DEFAULT_THICKNESS,
    updated: numberField(r.updated) ?? startTime,
    deleteFlag: del === 0 ? 0 : 1,
    writeId: stringField(r.writeId),
    dots,
  };
}

function numberField(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  if (!Number.isFinite(n)) throw new Error(INVALID_SERVER_STROKE);
  return n;
}

function stringField(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  throw new Error(INVALID_SERVER_STROKE);
}

function dotsField(v: unknown): string | readonly ServerJsonDot[] {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v as ServerJsonDot[];
  throw new Error(INVALID_SERVER_STROKE);
}
