/**
 * The page view's props and its imperative handle (see {@link ./PageView}).
 */
import type { InkStore, Stroke } from '@dotink/ink';
import type { Homography, PageAddress, SizePt } from '@dotink/ncode';
import type { CSSProperties, Ref } from 'react';
import type { PageImageSource } from '../document/pageImageSource';
import type { LiveInkFeed } from '../live/liveInkFeed';
import type { RectPt } from '../overlay/crop';
import type { LaserMode } from '../overlay/hoverTrail';
import type { StrokePathCache } from '../pipeline/strokePathCache';
import type { Viewport } from '../pipeline/viewTransform';
import type { ViewScheduler } from '../timing/viewScheduler';
import type { FitMode, FitOptions } from '../viewport/fit';
import type { PointerInput } from './useViewGestures';
import type { LayerDrawInfo } from './viewStats';

/** Features a view can switch off (engine.md §2). `true` disables. */
export interface DisabledFeatures {
  /** No pen at all: no live strokes, no pointer pen. */
  readonly pen?: boolean;
  /** No pan or zoom (ctrl/alt drag, wheel, pinch, plain-drag pan). */
  readonly panZoom?: boolean;
  /** No mouse/touch/stylus pen (real pens still show). */
  readonly mousePen?: boolean;
  /** The view does not pan to follow the writing. */
  readonly autoFocus?: boolean;
  /** The view does not ask to change page when a pen writes on another page. */
  readonly autoPageChange?: boolean;
}

/** What the view offers its owner through `ref`. */
export interface PageViewHandle {
  /** Client (event) coordinates → nu on the page, or undefined off the page or with no page. */
  clientToNu(clientX: number, clientY: number): { xNu: number; yNu: number } | undefined;
  /** The page shown. */
  page(): PageAddress | undefined;
  viewport(): Viewport;
  fitMode(): FitMode;
  /** Sets the viewport (the fit mode becomes free). */
  setViewport(viewport: Viewport): void;
  setFitMode(mode: FitMode): void;
  /** Zooms by a factor around the view's centre (toolbar zoom in/out), clamped to 0.25 … 3. */
  zoomBy(factor: number): void;
}

export interface PageViewProps {
  /** The page shown; none shows the placeholder. */
  readonly page?: PageAddress;
  /** Page size in pt; defaults to the document's, else A4. */
  readonly pageSizePt?: SizePt;
  /** The page transform nu → pt; defaults to the identity paper (6.72 pt per nu). */
  readonly nuToPt?: Homography;
  /** The document image of the page. */
  readonly document?: PageImageSource;
  /** Completed strokes from the store (per-page subscription)… */
  readonly store?: InkStore;
  /** …or given directly (replay); this wins over `store`. */
  readonly strokes?: readonly Stroke[];
  /** Replay: strokes shown up to a dot count, on the live layer. */
  readonly partialStrokes?: readonly (readonly [Stroke, number])[];
  /** Live strokes and hover points. */
  readonly live?: LiveInkFeed;
  /**
   * Live ink latency: `'immediate'` (default) draws a pen's new segments in the notification's
   * task on a low-latency canvas; `'frame'` collects them for the next animation frame.
   */
  readonly liveInk?: 'immediate' | 'frame';
  /** View size in CSS px; measured from the element when not given. */
  readonly width?: number;
  readonly height?: number;
  readonly devicePixelRatio?: number;
  /** The fit mode (default full). A pan or zoom makes it free (reported through onFitChange). */
  readonly fit?: FitMode;
  readonly fitOptions?: FitOptions;
  readonly onFitChange?: (mode: FitMode) => void;
  readonly onViewportChange?: (viewport: Viewport) => void;
  /** Visible writers and surface owners (allow-lists; absent = everyone). */
  readonly visibleWriters?: readonly string[];
  readonly visibleOwners?: readonly string[];
  /** Writers whose pen may change the page (engine.md §5); defaults to visibleWriters. */
  readonly allowedWriters?: readonly string[];
  /** Strokes by other writers than this one are drawn in `otherWriterColorArgb`. */
  readonly selfWriterId?: string;
  readonly otherWriterColorArgb?: number;
  /**
   * A change redraws the completed strokes afresh, even the same ones (a replay that ended
   * draws its last frame as a still page is drawn).
   */
  readonly inkFillKey?: string | number;
  /** Overrides each stroke's colour (ARGB), e.g. a replay colour mode. */
  readonly colorOf?: (s: Stroke) => number;
  readonly disabled?: DisabledFeatures;
  /** Where the mouse/touch/stylus pen's pointer events go. */
  readonly pointerInput?: PointerInput;
  /** Auto page change: a pen started writing on another page. */
  readonly onPageRequest?: (page: PageAddress, writerId: string) => void;
  readonly grid?: boolean;
  /** Crop mode: a drag spans a rectangle, clamped to the page. */
  readonly cropMode?: boolean;
  /** The crop rectangle shown (pt). */
  readonly crop?: RectPt;
  /** A crop drag moved (`done` false) or ended (`done` true). */
  readonly onCropChange?: (rect: RectPt, done: boolean) => void;
  /** The laser pointer: hover trail (default), plain cursor, or off. */
  readonly laser?: LaserMode | 'off';
  readonly debug?: boolean;
  /** Frames, timers and clock; the browser's by default. */
  readonly scheduler?: ViewScheduler;
  /** Called after each layer draw (instrumentation). */
  readonly onLayerDraw?: (info: LayerDrawInfo) => void;
  readonly onDocumentError?: (error: unknown) => void;
  /** A path cache to share (e.g. between a view and its replay); one per view by default. */
  readonly pathCache?: StrokePathCache;
  readonly className?: string;
  readonly style?: CSSProperties;
  readonly ref?: Ref<PageViewHandle>;
}
