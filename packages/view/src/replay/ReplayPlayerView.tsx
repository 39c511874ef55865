/**
 * The replay player (engine.md §4): a {@link PageView} that follows the page chunk being played,
 * with the {@link ReplayControls}. Playback runs on the ink replay player, driven by the
 * `scheduler` prop (ticks of 20 ms, each advancing 20 ms × speed), so tests step it by hand.
 *
 * An owner can put the controls above the page (`controls: 'top'`), add its own controls to the
 * bar (`barExtra`), place something beside the page (`aside`, e.g. a thumbnail strip that seeks
 * the player) and draw strokes of its own over the page shown (`extraStrokes`, e.g. a teacher's
 * annotation being written: any page, only the page shown's are drawn, after the replayed ones).
 */
import {
  buildReplayModel,
  createReplayPlayer,
  type ReplayColorMode,
  type ReplayModel,
  type ReplayPlayer,
  type ReplaySnapshot,
  replayColorArgb,
  replayFrameAt,
  type Scheduler,
  type Stroke,
} from '@dotink/ink';
import { type Homography, type PageAddress, pageId, type SizePt } from '@dotink/ncode';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PageView, type PageViewHandle, type PageViewProps } from '../components/PageView';
import type { PageImageSource } from '../document/pageImageSource';
import type { FitMode } from '../viewport/fit';
import { ReplayControls } from './ReplayControls';
import { replayZoomScale } from './replayConstants';
import { replayPageSelector } from './replayPageStrokes';

export interface ReplayPlayerViewProps {
  /** The strokes to replay (any order)… */
  readonly strokes?: readonly Stroke[];
  /** …or a model built already (wins over `strokes`). */
  readonly model?: ReplayModel;
  /** Drives playback (ink's replay scheduler: `every(ms, fn)`). */
  readonly scheduler: Scheduler;
  readonly speed?: number;
  /** Start playing at once (default: live, everything shown). */
  readonly autoPlay?: boolean;
  /** A replay colour mode; absent keeps the strokes' colours. */
  readonly colorMode?: ReplayColorMode;
  readonly documentFor?: (page: PageAddress) => PageImageSource | undefined;
  readonly pageSizeFor?: (page: PageAddress) => SizePt | undefined;
  readonly nuToPtFor?: (page: PageAddress) => Homography | undefined;
  /** The page followed changed. */
  readonly onPageChange?: (page: PageAddress | undefined) => void;
  readonly onSnapshot?: (snapshot: ReplaySnapshot) => void;
  /** Where the controls go (default below the page). */
  readonly controls?: 'top' | 'bottom';
  /** Extra controls at the end of the bar. */
  readonly barExtra?: ReactNode;
  /** Show the page chunks strip in the bar (default true). */
  readonly showChunks?: boolean;
  /** Beside the page, on its right (e.g. thumbnails), given the player and its state. */
  readonly aside?: (replay: ReplayAsideContext) => ReactNode;
  /** Strokes drawn over the replayed ones on the page shown (all shown whole). */
  readonly extraStrokes?: readonly Stroke[];
  /** The page shown while live, before the user picks one: the first page written or the last (default). */
  readonly livePage?: 'first' | 'last';
  /** The first fit mode (default full); the bar offers full, width and free, and zoom makes it free. */
  readonly fit?: FitMode;
  /** Passed to the page view. */
  readonly view?: Omit<
    PageViewProps,
    | 'page'
    | 'strokes'
    | 'partialStrokes'
    | 'store'
    | 'document'
    | 'pageSizePt'
    | 'nuToPt'
    | 'colorOf'
    | 'fit'
    | 'onFitChange'
    | 'inkFillKey'
    | 'ref'
  >;
}

/** What {@link ReplayPlayerViewProps.aside} gets. */
export interface ReplayAsideContext {
  readonly player: ReplayPlayer;
  readonly snapshot: ReplaySnapshot;
  readonly model: ReplayModel;
  /** The page shown (live: whole; otherwise the one being played). */
  readonly page: PageAddress | undefined;
  /**
   * Shows a page: while live, the page with all its strokes; otherwise the player seeks to the
   * start of the page's first chunk.
   */
  showPage(page: PageAddress): void;
}

const EMPTY: readonly Stroke[] = Object.freeze([]);

export function ReplayPlayerView(props: ReplayPlayerViewProps) {
  const strokes = props.strokes ?? EMPTY;
  const model = useMemo(() => props.model ?? buildReplayModel(strokes), [props.model, strokes]);
  const [player] = useState(() =>
    createReplayPlayer(model, { scheduler: props.scheduler, speed: props.speed }),
  );
  const [snap, setSnap] = useState<ReplaySnapshot>(() => player.snapshot());
  const onSnapshot = useRef(props.onSnapshot);
  onSnapshot.current = props.onSnapshot;

  useEffect(() => {
    const off = player.subscribe((s) => {
      setSnap(s);
      onSnapshot.current?.(s);
    });
    return off;
  }, [player]);
  useEffect(() => () => player.dispose(), [player]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    player.setModel(model);
  }, [player, model]);
  const autoPlay = props.autoPlay;
  useEffect(() => {
    if (autoPlay) player.play();
  }, [player, autoPlay]);

  // while live, a page the owner picked (showPage), else the first or last page written
  const [picked, setPicked] = useState<PageAddress | undefined>(undefined);
  const live = snap.state === 'live';
  useEffect(() => {
    if (!live) setPicked(undefined);
  }, [live]);
  const page = live
    ? (picked ?? (props.livePage === 'first' ? model.pageChunks[0]?.page : snap.page))
    : snap.page;
  const showPage = useCallback(
    (p: PageAddress) => {
      if (player.snapshot().state === 'live') {
        setPicked(p);
        return;
      }
      const chunk = model.pageChunks.find((c) => pageId(c.page) === pageId(p));
      if (chunk) player.seek(chunk.startDeltaMs);
    },
    [player, model],
  );
  const onPageChange = props.onPageChange;
  const pid = page ? pageId(page) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page is followed by its id
  useEffect(() => {
    onPageChange?.(page);
  }, [pid, onPageChange]);

  const select = useMemo(() => replayPageSelector(model), [model]);
  const frame = useMemo(() => replayFrameAt(model, snap.timeMs), [model, snap.timeMs]);
  const shown = pid ? select(pid, frame) : undefined;
  const extra = props.extraStrokes;
  const extraHere = useMemo(
    () => (extra && pid ? extra.filter((s) => pageId(s.page) === pid) : EMPTY),
    [extra, pid],
  );
  const replayed = shown?.complete ?? EMPTY;
  const complete = useMemo(
    () => (extraHere.length === 0 ? replayed : [...replayed, ...extraHere]),
    [replayed, extraHere],
  );

  const [fit, setFit] = useState<FitMode>(props.fit ?? 'full');
  const viewRef = useRef<PageViewHandle>(null);
  const onZoom = useCallback((direction: 1 | -1) => {
    const handle = viewRef.current;
    if (!handle) return;
    const scale = handle.viewport().scale;
    handle.zoomBy(replayZoomScale(scale, direction) / scale);
  }, []);

  const mode = props.colorMode;
  const colorOf = useCallback((s: Stroke) => replayColorArgb(mode ?? 'android', s.colorArgb), [mode]);

  const controls = (
    <ReplayControls
      player={player}
      snapshot={snap}
      model={model}
      fitMode={fit}
      onFitChange={setFit}
      onZoom={onZoom}
      showChunks={props.showChunks}
    >
      {props.barExtra}
    </ReplayControls>
  );
  const top = props.controls === 'top';
  return (
    <div data-testid="replay-player" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {top && controls}
      <div style={{ flex: 1, minHeight: 0, display: 'flex' }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <PageView
            {...props.view}
            page={page}
            strokes={complete}
            partialStrokes={shown?.partials}
            document={page ? props.documentFor?.(page) : undefined}
            pageSizePt={page ? props.pageSizeFor?.(page) : undefined}
            nuToPt={page ? props.nuToPtFor?.(page) : undefined}
            colorOf={mode ? colorOf : undefined}
            fit={fit}
            onFitChange={setFit}
            inkFillKey={snap.state === 'play' ? 'playing' : 'still'}
            ref={viewRef}
          />
        </div>
        {props.aside?.({ player, snapshot: snap, model, page, showPage })}
      </div>
      {!top && controls}
    </div>
  );
}
