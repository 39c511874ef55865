/**
 * The ink data model: dots and strokes, in Ncode units (nu) with per-dot time and force.
 *
 * Strokes are plain readonly records. Their dots are stored column-wise in typed arrays
 * ({@link DotColumns}), never as arrays of objects, so 10 M dots cost ~200 MB, not gigabytes.
 */
import type { PageAddress } from '@dotink/ncode';

/** Brush types, as numbered on the wire (engine.md §3). */
export const BrushType = {
  pen: 0,
  eraser: 1,
  marker: 2,
  pencil: 3,
  brush: 4,
  fountainPen: 5,
  /** A pen-UI (control sheet) command stroke: never drawn. */
  pui: 8,
  erased: 9,
} as const;
export type BrushType = (typeof BrushType)[keyof typeof BrushType];

/** Whether a stroke is visible ink or has been erased. */
export type StrokeStatus = 'normal' | 'erased';

/** Where a stroke came from (engine.md §3 "Pen (manager entry)"). */
export type InputType = 'pen' | 'network' | 'mouse' | 'sdk';

/** 0 = pen tip, 1 = eraser tip (the server form's penTipType). */
export type PenTipMode = 0 | 1;

/** Dot kinds within a stroke: the first is down, the last (of a closed stroke) up. */
export const DotType = { down: 0, move: 1, up: 2, hover: 3 } as const;
export type DotType = (typeof DotType)[keyof typeof DotType];

/** One dot as an object: for events and APIs, not for storage. */
export interface Dot {
  readonly xNu: number;
  readonly yNu: number;
  /** Raw pen force (0 … the pen's max pressure, 852 for a real pen, 800 for the mouse pen). */
  readonly force: number;
  /** Absolute time in epoch milliseconds. */
  readonly timeMs: number;
}

/** The dots of one stroke, column-wise. All arrays have at least `count` entries. */
export interface DotColumns {
  readonly count: number;
  readonly xNu: Float32Array;
  readonly yNu: Float32Array;
  readonly force: Float32Array;
  /** Absolute epoch milliseconds. */
  readonly timeMs: Float64Array;
}

/** Axis-aligned bounding box in nu. */
export interface BoxNu {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** A stroke's unique key. Keys are generated (or kept from the original source). */
export type StrokeKey = string & { readonly __brand: 'StrokeKey' };

/** A completed or realtime stroke. Every field of engine.md §3. */
export interface Stroke {
  readonly key: StrokeKey;
  /** The key the stroke had where it came from (a pen, a file, the server). */
  readonly originalKey: string;
  readonly page: PageAddress;
  readonly mac: string;
  readonly inputType: InputType;
  readonly brushType: BrushType;
  /** Line thickness, 0.04 … 0.2 (engine.md §9). */
  readonly thickness: number;
  /** Colour as a 32-bit ARGB value (0xAARRGGBB), the server form's colour. */
  readonly colorArgb: number;
  readonly status: StrokeStatus;
  readonly penTipMode: PenTipMode;
  /** Stroke category (e.g. strokes from a study live web); 0 = ordinary. */
  readonly strokeType: number;
  /** Last change, epoch ms. */
  readonly updatedMs: number;
  readonly startTimeMs: number;
  readonly endTimeMs: number;
  readonly durationMs: number;
  readonly dots: DotColumns;
  readonly forceMin: number;
  readonly forceMax: number;
  readonly forceSum: number;
  /** Speed between consecutive dots, nu per second. */
  readonly speedMinNuPerS: number;
  readonly speedMaxNuPerS: number;
  readonly totalDistanceNu: number;
  readonly bbox: BoxNu;
  /** Whose surface (document, page) was annotated. */
  readonly surfaceOwnerId: string;
  /** Who wrote the stroke. */
  readonly writerId: string;
  readonly uploaded: boolean;
  /** Closed (or opened) by a page change mid-stroke. */
  readonly multiPage: boolean;
}

/** The number of dots of a stroke (engine.md's dotCount). */
export function dotCount(s: Pick<Stroke, 'dots'>): number {
  return s.dots.count;
}

/** An empty bounding box (left > right) that any union fixes. */
export const EMPTY_BOX: BoxNu = Object.freeze({
  left: Number.POSITIVE_INFINITY,
  top: Number.POSITIVE_INFINITY,
  right: Number.NEGATIVE_INFINITY,
  bottom: Number.NEGATIVE_INFINITY,
});
