/**
 * The page view (engine.md §2): one page on three layered canvases — the document image, the
 * completed strokes and the live strokes — with an SVG overlay (grid, crop rectangle, laser
 * pointer) and an optional debug panel. With no page it shows the placeholder
 * 'Page not assigned. please assign a page'.
 *
 * Completed strokes come from the ink store's per-page subscription (or a `strokes` list, for
 * replay); live strokes from a {@link LiveInkFeed}. Pointer input for the mouse/touch/stylus pen
 * goes to `pointerInput` (a `PointerPen` of `@dotink/pen`, see {@link createPageViewPointerPen}).
 */
import type { Stroke } from '@dotink/ink';
import { DEFAULT_PAPER, invertHomography, paperSizePt, pageId as toPageId } from '@dotink/ncode';
import {
  type CSSProperties,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ptSize } from '../document/renderScale';
import { useT } from '../i18n/I18nProvider';
import { clampCropRect, type RectPt } from '../overlay/crop';
import { IDENTITY_PAGE_TRANSFORM } from '../pipeline/pageTransform';
import { StrokePathCache } from '../pipeline/strokePathCache';
import { pxToPt } from '../pipeline/viewTransform';
import { useTheme } from '../theme/ThemeProvider';
import { browserViewScheduler } from '../timing/viewScheduler';
import { focusOn } from '../viewport/focus';
import { zoomAround } from '../viewport/zoom';
import { DebugPanel } from './DebugPanel';
import type { DisabledFeatures, PageViewHandle, PageViewProps } from './pageViewProps';
import { useCompletedLayer } from './useCompletedLayer';
import { useDocumentLayer } from './useDocumentLayer';
import { useElementSize } from './useElementSize';
import { useLiveLayer } from './useLiveLayer';
import { usePageStrokes } from './usePageStrokes';
import { useViewGestures } from './useViewGestures';
import { useViewportState } from './useViewportState';
import { ViewOverlay } from './ViewOverlay';
import { type LayerDrawInfo, ViewStats } from './viewStats';

const A4_PT = paperSizePt(DEFAULT_PAPER);
const NO_FEATURES: DisabledFeatures = {};

export type { DisabledFeatures, PageViewHandle, PageViewProps } from './pageViewProps';

/** The page view. See {@link PageViewProps}; `ref` gives a {@link PageViewHandle}. */
export function PageView(props: PageViewProps) {
  const t = useT();
  const theme = useTheme();
  const rootRef = useRef<HTMLDivElement>(null);
  const docRef = useRef<HTMLCanvasElement>(null);
  const inkRef = useRef<HTMLCanvasElement>(null);
  const liveRef = useRef<HTMLCanvasElement>(null);
  const disabled = props.disabled ?? NO_FEATURES;
  const [defaultScheduler] = useState(browserViewScheduler);
  const scheduler = props.scheduler ?? defaultScheduler;
  const [ownCache] = useState(() => new StrokePathCache());
  const cache = props.pathCache ?? ownCache;
  const [stats] = useState(() => new ViewStats());
  const dpr = props.devicePixelRatio ?? (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
  const nuToPt = props.nuToPt ?? IDENTITY_PAGE_TRANSFORM;
  const ptToNu = useMemo(() => invertHomography(nuToPt), [nuToPt]);
  const sizePt = props.pageSizePt ?? props.document?.sizePt ?? A4_PT;
  const { widthPt, heightPt } = sizePt;
  const pagePt = useMemo(() => ptSize({ widthPt, heightPt }), [widthPt, heightPt]);
  const viewPx = useElementSize(rootRef, { width: props.width, height: props.height });
  const page = props.page;
  const pid = page ? toPageId(page) : undefined;

  const { viewport, fitMode, setViewport, setFitMode } = useViewportState(
    props.fit,
    viewPx,
    pagePt,
    props.fitOptions,
    props.onFitChange,
    props.onViewportChange,
  );
  const vpRef = useRef(viewport);
  vpRef.current = viewport;

  // callbacks from props are read through a ref, so a new closure never forces a redraw
  const onLayerDraw = useRef(props.onLayerDraw);
  onLayerDraw.current = props.onLayerDraw;
  const onDraw = useCallback(
    (info: LayerDrawInfo) => {
      stats.record(info);
      onLayerDraw.current?.(info);
    },
    [stats],
  );

  // completed strokes: the given list, or the store's page (per-page subscription, followed by
  // the completed layer itself; the view renders on a store change only for the debug panel)
  const storeSource =
    page && pid && !props.strokes && props.store
      ? { store: props.store, pageId: pid, writers: props.visibleWriters, owners: props.visibleOwners }
      : undefined;
  const fromStore = usePageStrokes(
    props.debug ? storeSource?.store : undefined,
    pid,
    props.visibleWriters,
    props.visibleOwners,
  );
  const strokes = page ? (props.strokes ?? fromStore.strokes) : NO_STROKES;

  useDocumentLayer(docRef, {
    source: page ? props.document : undefined,
    pagePt,
    viewport,
    viewPx,
    devicePixelRatio: dpr,
    scheduler,
    paperColor: theme.colors.paper,
    edgeColor: theme.colors.paperEdge,
    onDraw,
    onRenderError: props.onDocumentError,
  });
  useCompletedLayer(inkRef, {
    strokes: page ? (props.strokes ?? NO_STROKES) : NO_STROKES,
    source: storeSource,
    viewport,
    viewPx,
    pagePt,
    devicePixelRatio: dpr,
    nuToPt,
    cache,
    scheduler,
    selfWriterId: props.selfWriterId,
    otherWriterArgb: props.otherWriterColorArgb,
    colorOf: props.colorOf,
    fillKey: props.inkFillKey,
    onDraw,
  });

  const autoFocus = !disabled.autoFocus;
  const onNewestPoint = useCallback(
    (p: { x: number; y: number }) => {
      if (!autoFocus) return;
      const next = focusOn(vpRef.current, p, viewPx);
      if (next !== vpRef.current) setViewport(next);
    },
    [autoFocus, viewPx, setViewport],
  );
  const penOn = !disabled.pen;
  useLiveLayer(liveRef, {
    feed: penOn ? props.live : undefined,
    pageId: pid,
    viewport,
    viewPx,
    devicePixelRatio: dpr,
    nuToPt,
    selfWriterId: props.selfWriterId,
    otherWriterArgb: props.otherWriterColorArgb,
    colorOf: props.colorOf,
    partials: page ? props.partialStrokes : undefined,
    scheduler,
    onNewestPoint,
    onDraw,
    immediate: props.liveInk !== 'frame',
  });

  // auto page change: a pen (of an allowed writer) starts writing on another page
  const live = props.live;
  const pageRequest = useRef(props.onPageRequest);
  pageRequest.current = props.onPageRequest;
  const wantsPageRequests = props.onPageRequest !== undefined;
  const allowed = props.allowedWriters ?? props.visibleWriters;
  const allowedKey = allowed?.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the allow-list is keyed by content
  useEffect(() => {
    if (!live || !wantsPageRequests || disabled.autoPageChange || !penOn) return;
    const writers = allowed ? new Set(allowed) : undefined;
    return live.subscribeAll({
      started(s) {
        if (s.role !== 'ink' || s.pageId === pid) return;
        if (writers && !writers.has(s.writerId)) return;
        pageRequest.current?.(s.page, s.writerId);
      },
    });
  }, [live, wantsPageRequests, disabled.autoPageChange, penOn, pid, allowedKey]);

  // crop rectangle: shown from the prop, or from the drag in progress
  const [dragCrop, setDragCrop] = useState<RectPt | undefined>(undefined);
  const onCropChange = props.onCropChange;
  const onCrop = useCallback(
    (rect: RectPt, done: boolean) => {
      setDragCrop(done ? undefined : rect);
      onCropChange?.(rect, done);
    },
    [onCropChange],
  );
  const crop = props.cropMode
    ? (dragCrop ?? (props.crop ? clampCropRect(props.crop, pagePt) : undefined))
    : undefined;

  const penInput = page && penOn && !disabled.mousePen ? props.pointerInput : undefined;
  useViewGestures(rootRef, {
    viewport,
    pagePt,
    setViewport,
    panZoom: !disabled.panZoom && page !== undefined,
    pen: penInput,
    cropMode: Boolean(props.cropMode) && page !== undefined,
    onCrop,
  });

  const pageRef = useRef(page);
  pageRef.current = page;
  const fitRef = useRef(fitMode);
  fitRef.current = fitMode;
  const geometry = useRef({ pagePt, ptToNu, viewPx });
  geometry.current = { pagePt, ptToNu, viewPx };
  useImperativeHandle(
    props.ref,
    (): PageViewHandle => ({
      clientToNu(clientX, clientY) {
        const el = rootRef.current;
        if (!el || !pageRef.current) return undefined;
        const r = el.getBoundingClientRect();
        const pt = pxToPt({ x: clientX - r.left, y: clientY - r.top }, vpRef.current);
        const g = geometry.current;
        if (pt.x < 0 || pt.y < 0 || pt.x > g.pagePt.width || pt.y > g.pagePt.height) return undefined;
        const h = g.ptToNu;
        const w = h.g * pt.x + h.h * pt.y + h.i;
        return { xNu: (h.a * pt.x + h.b * pt.y + h.c) / w, yNu: (h.d * pt.x + h.e * pt.y + h.f) / w };
      },
      page: () => pageRef.current,
      viewport: () => vpRef.current,
      fitMode: () => fitRef.current,
      setViewport,
      setFitMode,
      zoomBy(factor) {
        const v = geometry.current.viewPx;
        setViewport(
          zoomAround(vpRef.current, vpRef.current.scale * factor, { x: v.width / 2, y: v.height / 2 }),
        );
      },
    }),
    [setViewport, setFitMode],
  );

  const layer: CSSProperties = {
    position: 'absolute',
    left: 0,
    top: 0,
    width: viewPx.width,
    height: viewPx.height,
  };
  return (
    <div
      ref={rootRef}
      className={props.className}
      data-testid="page-view"
      data-page={pid}
      style={{
        position: 'relative',
        overflow: 'hidden',
        touchAction: 'none',
        userSelect: 'none',
        background: theme.colors.canvas,
        width: props.width ?? '100%',
        height: props.height ?? '100%',
        ...props.style,
      }}
    >
      {page ? (
        <>
          <canvas ref={docRef} data-layer="document" style={layer} />
          <canvas ref={inkRef} data-layer="completed" style={layer} />
          <canvas ref={liveRef} data-layer="live" style={layer} />
          <ViewOverlay
            viewPx={viewPx}
            pagePt={pagePt}
            viewport={viewport}
            grid={Boolean(props.grid)}
            crop={crop}
            laser={{
              feed: penOn ? props.live : undefined,
              pageId: pid,
              mode: props.laser ?? 'hover',
              nuToPt,
              scheduler,
            }}
            theme={theme}
          />
          {props.debug && (
            <DebugPanel
              pageId={pid}
              viewport={viewport}
              fitMode={fitMode}
              strokeCount={strokes.length}
              version={fromStore.version}
              stats={stats}
              cache={cache}
              theme={theme}
            />
          )}
        </>
      ) : (
        <div
          data-testid="page-placeholder"
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: theme.colors.mutedText,
            font: `${theme.font.sizePx}px ${theme.font.family}`,
          }}
        >
          {t('view.pageNotAssigned')}
        </div>
      )}
    </div>
  );
}

const NO_STROKES: readonly Stroke[] = Object.freeze([]);
