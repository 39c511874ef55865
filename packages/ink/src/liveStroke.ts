/**
 * Live (realtime) strokes: a stroke being written, its brush and its growing dots. The stroke
 * builder makes them; views draw them; the eraser follows eraser strokes through them.
 */
import { type PageAddress, type PageId, pageId } from '@dotink/ncode';
import { DotBuffer } from './dots';
import type { PenId } from './penEvents';
import { createStroke, DEFAULT_COLOR_ARGB, DEFAULT_THICKNESS } from './stroke';
import {
  BrushType,
  type DotColumns,
  DotType,
  type InputType,
  type PenTipMode,
  type Stroke,
  type StrokeKey,
} from './types';

/**
 * What a stroke is for. `ink` is drawn and stored; `eraser` strokes (an eraser brush or the pen's
 * eraser tip) erase what they cross; `pui` strokes are written on a control (PUI) sheet: never
 * drawn, their first dot is a button press.
 */
export type StrokeRole = 'ink' | 'eraser' | 'pui';

/** The brush a pen writes with, supplied per pen by the caller (engine.md §3 "Pen"). */
export interface BrushState {
  /** ARGB. When absent, the colour the pen reported at pen down, else black. */
  readonly colorArgb?: number;
  readonly thickness: number;
  readonly brushType: BrushType;
  readonly writerId: string;
  readonly surfaceOwnerId: string;
  /** The pen's MAC address; defaults to the pen id. */
  readonly mac?: string;
  readonly inputType: InputType;
  /** Stroke category (0 = ordinary). */
  readonly strokeType?: number;
}

/** A black pen of the default thickness, nobody's. */
export const DEFAULT_BRUSH: BrushState = Object.freeze({
  colorArgb: DEFAULT_COLOR_ARGB,
  thickness: DEFAULT_THICKNESS,
  brushType: BrushType.pen,
  writerId: '',
  surfaceOwnerId: '',
  inputType: 'pen',
});

/** A stroke being written. `dots` grows; it shares storage with the builder (read it at once). */
export interface LiveStroke {
  readonly key: StrokeKey;
  readonly penId: PenId;
  readonly page: PageAddress;
  readonly pageId: PageId;
  readonly role: StrokeRole;
  readonly brushType: BrushType;
  readonly colorArgb: number;
  readonly thickness: number;
  readonly penTipMode: PenTipMode;
  readonly writerId: string;
  readonly surfaceOwnerId: string;
  readonly mac: string;
  readonly inputType: InputType;
  /** Opened by a page change in the middle of a pen stroke. */
  readonly openedByPageChange: boolean;
  /** The dots so far (valid until the next dot arrives). */
  readonly dots: DotColumns;
}

/** The brush type a stroke of this role is recorded with. */
export function brushTypeFor(role: StrokeRole, brush: BrushState): BrushType {
  if (role === 'eraser') return BrushType.eraser;
  if (role === 'pui') return BrushType.pui;
  return brush.brushType;
}

/** The role of a completed stroke, from its brush type and pen tip. */
export function strokeRole(s: Pick<Stroke, 'brushType' | 'penTipMode'>): StrokeRole {
  if (s.brushType === BrushType.pui) return 'pui';
  if (s.brushType === BrushType.eraser || s.penTipMode === 1) return 'eraser';
  return 'ink';
}

/**
 * The type of dot `i` of a closed stroke of `count` dots: the first is down, the last is up (the
 * pen-up dot), the others move. A one-dot stroke's dot is down.
 */
export function dotTypeAt(i: number, count: number): DotType {
  if (i === 0) return DotType.down;
  return i === count - 1 ? DotType.up : DotType.move;
}

/** The builder's mutable side of a live stroke. */
export class LiveStrokeBuffer implements LiveStroke {
  readonly pageId: PageId;
  readonly brushType: BrushType;
  readonly colorArgb: number;
  readonly thickness: number;
  readonly writerId: string;
  readonly surfaceOwnerId: string;
  readonly mac: string;
  readonly inputType: InputType;
  private readonly buf = new DotBuffer(64);

  constructor(
    readonly key: StrokeKey,
    readonly penId: PenId,
    readonly page: PageAddress,
    readonly role: StrokeRole,
    readonly penTipMode: PenTipMode,
    readonly openedByPageChange: boolean,
    private readonly brush: BrushState,
    deviceColorArgb: number | undefined,
  ) {
    this.pageId = pageId(page);
    this.brushType = brushTypeFor(role, brush);
    this.colorArgb = (brush.colorArgb ?? deviceColorArgb ?? DEFAULT_COLOR_ARGB) >>> 0;
    this.thickness = brush.thickness;
    this.writerId = brush.writerId;
    this.surfaceOwnerId = brush.surfaceOwnerId;
    this.mac = brush.mac ?? penId;
    this.inputType = brush.inputType;
  }

  get dots(): DotColumns {
    return this.buf.view();
  }

  get count(): number {
    return this.buf.count;
  }

  push(xNu: number, yNu: number, force: number, timeMs: number): void {
    this.buf.push(xNu, yNu, force, timeMs);
  }

  /** The completed stroke: the last dot is the pen-up dot. */
  complete(updatedMs: number, closedByPageChange: boolean): Stroke {
    return createStroke(
      {
        key: this.key,
        page: this.page,
        mac: this.mac,
        inputType: this.inputType,
        brushType: this.brushType,
        thickness: this.thickness,
        colorArgb: this.colorArgb,
        status: this.role === 'eraser' ? 'erased' : 'normal',
        penTipMode: this.penTipMode,
        strokeType: this.brush.strokeType ?? 0,
        updatedMs,
        surfaceOwnerId: this.surfaceOwnerId,
        writerId: this.writerId,
        multiPage: this.openedByPageChange || closedByPageChange,
      },
      this.buf.view(),
    );
  }
}
