/**
 * Test fixtures: strokes, pages and a builder wired to a store and a live feed, made with the
 * ink package's own constructors (never hand-built records).
 */
import {
  BrushType,
  counterKeySource,
  createInkStore,
  createStroke,
  createStrokeBuilder,
  dotsFrom,
  type InkStore,
  type InputType,
  type PenDriver,
  penDriver,
  type Stroke,
  type StrokeBuilder,
} from '@dotink/ink';
import { type PageAddress, pageAddress } from '@dotink/ncode';
import { fanOutBuilderListener, LiveInkFeed } from '../live/liveInkFeed';

export const PAGE_A: PageAddress = pageAddress(3, 27, 168, 1);
export const PAGE_B: PageAddress = pageAddress(3, 27, 168, 2);

let seq = 0;

export interface StrokeOptions {
  readonly key?: string;
  readonly brushType?: BrushType;
  readonly thickness?: number;
  readonly colorArgb?: number;
  readonly writerId?: string;
  readonly surfaceOwnerId?: string;
  readonly inputType?: InputType;
  readonly status?: 'normal' | 'erased';
  readonly force?: number;
  readonly startMs?: number;
  readonly stepMs?: number;
}

/** A stroke through `points` (nu) on `page`. */
export function makeStroke(
  page: PageAddress,
  points: readonly (readonly [number, number])[],
  o: StrokeOptions = {},
) {
  const start = o.startMs ?? 1_700_000_000_000 + seq * 1000;
  const step = o.stepMs ?? 10;
  const dots = dotsFrom(
    points.map(([xNu, yNu], i) => ({ xNu, yNu, force: o.force ?? 400, timeMs: start + i * step })),
  );
  return createStroke(
    {
      key: o.key ?? `s${seq++}`,
      page,
      brushType: o.brushType ?? BrushType.pen,
      thickness: o.thickness,
      colorArgb: o.colorArgb,
      writerId: o.writerId,
      surfaceOwnerId: o.surfaceOwnerId,
      inputType: o.inputType,
      status: o.status,
    },
    dots,
  );
}

/** A short diagonal line of `n` dots starting at (x, y) nu. */
export function line(x: number, y: number, n = 5): [number, number][] {
  return Array.from({ length: n }, (_, i) => [x + i, y + i * 0.5] as [number, number]);
}

/** A store, a live feed and a builder feeding both, with a pen driver. */
export interface InkRig {
  readonly store: InkStore;
  readonly feed: LiveInkFeed;
  readonly builder: StrokeBuilder;
  pen(penId?: string): PenDriver;
}

export function inkRig(writerOf: (penId: string) => string = () => ''): InkRig {
  const store = createInkStore();
  const feed = new LiveInkFeed();
  const builder = createStrokeBuilder({
    keys: counterKeySource('k'),
    listener: fanOutBuilderListener(feed, {
      strokeCompleted: (s: Stroke) => {
        store.add(s);
      },
    }),
    brushFor: (penId) => ({
      thickness: 0.2,
      brushType: BrushType.pen,
      writerId: writerOf(penId),
      surfaceOwnerId: '',
      inputType: 'pen',
    }),
  });
  return {
    store,
    feed,
    builder,
    pen: (penId = 'pen-1') => penDriver((e) => builder.handle(e), { penId }),
  };
}
