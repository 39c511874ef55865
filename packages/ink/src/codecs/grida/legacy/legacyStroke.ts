/**
 * One GridaBoard stroke (`NeoStroke`, ncode-paper.md §8.3) → our {@link Stroke}: page from
 * `section, owner, book, page`; brush from the legacy numbering (0 pen, 1 marker, 2 pencil,
 * 3 eraser, 4 brush, 5 fountain pen); colour from CSS `"rgb(r,g,b)"`; status 0 normal, 1 erased;
 * dots from `dotArray` (x, y nu; f raw force; `time` epoch ms, else start time + deltas).
 * Unknown keys are ignored.
 */
import { type Homography, homographyFromMatrix, type PageAddress, pageAddress } from '@dotink/ncode';
import { allocDots } from '../../../dots';
import { BrushType } from '../../../types';

/** Legacy brush numbers → ours. */
export const LEGACY_BRUSH_TYPES: Readonly<Record<number, BrushType>> = Object.freeze({
  0: BrushType.pen,
  1: BrushType.marker,
  2: BrushType.pencil,
  3: BrushType.eraser,
  4: BrushType.brush,
  5: BrushType.fountainPen,
});

/** Our brush type of a legacy brush number (unknown numbers draw as a pen). */
export function legacyBrushType(n: unknown): BrushType {
  return (typeof n === 'number' && LEGACY_BRUSH_TYPES[n]) || BrushType.pen;
}

/**
 * ARGB (opaque) of a CSS colour as GridaBoard writes it: `rgb(r,g,b)`, also `rgba(…)` and
 * `#rrggbb`; anything else is black.
 */
export function legacyColorArgb(css: unknown): number {
  if (typeof css === 'string') {
    const m = /^\s*rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(css);
    if (m) {
      const [r, g, b] = [m[1], m[2], m[3]].map((v) => Math.max(0, Math.min(255, Math.round(Number(v)))));
      return (0xff000000 | (r! << 16) | (g! << 8) | b!) >>> 0;
    }
    const h = /^\s*#([0-9a-f]{6})\s*$/i.exec(css);
    if (h) return (0xff000000 | Number.parseInt(h[1]!, 16)) >>> 0;
  }
  return 0xff000000;
}

/** A legacy `TransformParameters` object (a … i or a … h) → a homography, if it is one. */
export function legacyHomography(v: unknown): Homography | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
  const m = names.map((n) => o[n]);
  if (!m.every((x) => typeof x === 'number' && Number.isFinite(x))) return undefined;
  const i = typeof o.i === 'number' && Number.isFinite(o.i) && o.i !== 0 ? o.i : 1;
  try {
    return homographyFromMatrix([...(m as number[]), i]);
  } catch {
    return undefined;
  }
}

/** A legacy stroke, read: where its dots are and how to place them. */
export interface LegacyStroke {
  readonly key: string;
  readonly page: PageAddress;
  readonly mac: string;
  readonly brushType: BrushType;
  readonly thickness: number;
  readonly colorArgb: number;
  readonly erased: boolean;
  readonly multiPage: boolean;
  readonly isPlate: boolean;
  readonly startTimeMs: number;
  /** `h_origin` (else `h`): nu → pt of the unrotated page. */
  readonly hOrigin: Homography | undefined;
  readonly dots: ReturnType<typeof allocDots>;
  /** The cached pt position of each dot (`point`), when every dot has one. */
  readonly pointsPt: Float64Array | undefined;
}

/** Reads one legacy stroke; `undefined` for a stroke without a known page. */
export function readLegacyStroke(v: unknown): LegacyStroke | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const s = v as Record<string, unknown>;
  const parts = [s.section, s.owner, s.book, s.page];
  if (!parts.every((p) => typeof p === 'number' && Number.isInteger(p) && p >= 0)) return undefined;
  const [sec, own, book, page] = parts as [number, number, number, number];
  const list = Array.isArray(s.dotArray) ? s.dotArray : [];
  const startTimeMs = typeof s.startTime === 'number' && Number.isFinite(s.startTime) ? s.startTime : 0;
  const dots = allocDots(list.length);
  const points = new Float64Array(list.length * 2);
  let allPoints = list.length > 0;
  let n = 0;
  let t = startTimeMs;
  for (const d of list) {
    if (typeof d !== 'object' || d === null) continue;
    const o = d as Record<string, unknown>;
    if (
      typeof o.x !== 'number' ||
      typeof o.y !== 'number' ||
      !Number.isFinite(o.x) ||
      !Number.isFinite(o.y)
    ) {
      continue;
    }
    if (typeof o.time === 'number' && Number.isFinite(o.time)) t = o.time;
    else if (typeof o.deltaTime === 'number' && Number.isFinite(o.deltaTime)) t += o.deltaTime;
    dots.xNu[n] = o.x;
    dots.yNu[n] = o.y;
    dots.force[n] = typeof o.f === 'number' && Number.isFinite(o.f) ? o.f : 0;
    dots.timeMs[n] = t;
    const p = o.point as Record<string, unknown> | undefined;
    if (p && typeof p.x === 'number' && typeof p.y === 'number') {
      points[n * 2] = p.x;
      points[n * 2 + 1] = p.y;
    } else allPoints = false;
    n++;
  }
  return {
    key: typeof s.key === 'string' ? s.key : '',
    page: pageAddress(sec, own, book, page),
    mac: typeof s.mac === 'string' ? s.mac : '',
    brushType: legacyBrushType(s.brushType),
    thickness: typeof s.thickness === 'number' && Number.isFinite(s.thickness) ? s.thickness : 0.2,
    colorArgb: legacyColorArgb(s.color),
    erased: s.status === 1,
    multiPage: s.multiPage === 1 || s.multiPage === true,
    isPlate: s.isPlate === true,
    startTimeMs: n > 0 && !(typeof s.startTime === 'number') ? dots.timeMs[0]! : startTimeMs,
    hOrigin: legacyHomography(s.h_origin) ?? legacyHomography(s.h),
    dots: { ...dots, count: n },
    pointsPt: allPoints && n > 0 ? points.subarray(0, n * 2) : undefined,
  };
}
