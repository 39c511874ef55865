/**
 * The handwriting replay (classroom.md §2 replay, §5, §8, §9): a pupil's writing on the pages of
 * the query, played back over the textbook page.
 *
 * - The query is read by {@link parseReplayQuery}; a refused one shows its reason.
 * - The writing loads from the IndexedDB cache and the server ('Loading writing data'); with
 *   none, 'There is no writing data to replay. Moving to the previous page.' and back.
 * - Loaded, the first page written is shown whole (live). The bar on top: play/pause, stop,
 *   rewind, the speed cycle 'x {speed}', fit full/width/free, zoom, the slider, the time and the crop
 *   rectangle toggle (the laser pointer shows a live feed's hover);
 *   the thumbnail strip on the right; strokes of other writers than the pupil in another colour.
 *
 * Extending the screen (the annotation pen): render {@link ReplayScreen} with
 * - `barExtra(context)`: controls placed at the end of the replay bar (e.g. the pen and upload
 *   buttons), given the {@link ReplayScreenContext} (pupil, page shown, reload);
 * - `extraStrokes`: strokes drawn whole over the pupil's on the page shown (e.g. the teacher's
 *   strokes not yet uploaded; any page, only the page shown's are drawn);
 * - `live`: a live ink feed whose strokes and pointer show on the page (a connected pen);
 * - `onContext`: told the context whenever it changes.
 * The route (`ReplayPage`) renders it with none of them.
 */
import { buildReplayModel, type ReplaySnapshot, type Scheduler, type Stroke } from '@dotink/ink';
import { type PageAddress, samePage } from '@dotink/ncode';
import {
  type LayerDrawInfo,
  type LiveInkFeed,
  type RectPt,
  ReplayPlayerView,
  useT as useViewT,
} from '@dotink/view';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useStudents } from '../../api/queries';
import { type T, useT } from '../../i18n/text';
import { errorText } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { parseReplayQuery, type ReplayQuery, type ReplayQueryProblem } from './replayQuery';
import { THUMBNAIL_STRIP_WIDTH_PX, ThumbnailStrip } from './ThumbnailStrip';
import { usePageBackground } from './usePageBackground';
import { useReplayInk } from './useReplayInk';
import './replay.css';

/** What an extension of the screen knows. */
export interface ReplayScreenContext {
  readonly query: ReplayQuery;
  /** The page shown. */
  readonly page: PageAddress | undefined;
  /** The crop rectangle drawn on the page (pt), if any. */
  readonly crop: RectPt | undefined;
  /** Loads the writing again (cache, then what the server has newer). */
  reload(): Promise<void>;
}

export interface ReplayScreenProps {
  readonly barExtra?: (context: ReplayScreenContext) => ReactNode;
  readonly extraStrokes?: readonly Stroke[];
  readonly live?: LiveInkFeed;
  readonly onContext?: (context: ReplayScreenContext) => void;
}

/** Other writers' strokes (e.g. a teacher's annotation): red, opaque. */
export const OTHER_WRITER_ARGB = 0xffe0_3131;

/** Playback ticks on the browser's timer. */
const browserScheduler: Scheduler = {
  every(ms, fn) {
    const id = window.setInterval(fn, ms);
    return () => window.clearInterval(id);
  },
};

export function ReplayScreen(props: ReplayScreenProps) {
  const t = useT();
  const [params] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is keyed by its text
  const parsed = useMemo(() => parseReplayQuery(params), [key]);
  return (
    <section className="replay-screen" aria-labelledby="replay-title">
      <h1 id="replay-title" className="replay-title">
        {t('replay.title')}
        {parsed.ok ? <PupilName query={parsed.query} /> : null}
      </h1>
      {parsed.ok ? (
        <LoadedReplay key={key} query={parsed.query} {...props} />
      ) : (
        <p role="alert" className="replay-problem" data-testid="replay-problem">
          {problemText(t, parsed.problem)}
        </p>
      )}
    </section>
  );
}

/** ' · {num} {name}' of the pupil replayed (from the class's list, once it is read). */
function PupilName({ query }: { readonly query: ReplayQuery }) {
  const students = useStudents(query.eduClassId);
  const pupil = students.data?.find((s) => s.id === query.studentId);
  if (!pupil) return null;
  return (
    <span className="replay-pupil" data-testid="replay-pupil">
      {' · '}
      {pupil.num} {pupil.name}
    </span>
  );
}

/** The text of a refused query, in the user's language. */
export function problemText(t: T, p: ReplayQueryProblem): string {
  switch (p.kind) {
    case 'noStudent':
      return t('replay.noStudent');
    case 'noPages':
      return t('replay.noPages');
    case 'tooManyPages':
      return t('replay.tooManyPages', { count: p.count });
    case 'badNumber':
      return t('replay.badNumber', { name: p.name });
    case 'badSection':
      return t('replay.badSection', { section: p.section });
    case 'pageArray':
      return t('replay.pageArray');
    case 'pagesUnreadable':
      return t('replay.pagesUnreadable', { message: p.message });
  }
}

/**
 * User Timing marks for benchmarks and the browser's performance panel: `dotink:replay-start`
 * when the screen starts loading, `dotink:replay-ink` after each ink layer draw until the first
 * play (detail: `drawn`, the page's strokes on the layer; `pageStrokes`, the page's strokes known).
 */
export const REPLAY_MARKS = { start: 'dotink:replay-start', ink: 'dotink:replay-ink' } as const;

function LoadedReplay(props: ReplayScreenProps & { query: ReplayQuery }) {
  const t = useT();
  const viewT = useViewT();
  const [started] = useState(() => performance.mark(REPLAY_MARKS.start));
  const marking = useRef(started !== undefined);
  // the strokes of the page shown (live: all of them are drawn), for the ink marks
  const pageStrokes = useRef(0);
  const onLayerDraw = useCallback((d: LayerDrawInfo) => {
    if (!marking.current || d.layer !== 'completed') return;
    // a whole fill reports the strokes it holds so far; an append completes the page at once
    const drawn = d.full ? (d.bitmap ?? d.count) : pageStrokes.current;
    performance.mark(REPLAY_MARKS.ink, { detail: { drawn, pageStrokes: pageStrokes.current } });
  }, []);
  const onSnapshot = useCallback((s: ReplaySnapshot) => {
    if (s.state !== 'live') marking.current = false;
  }, []);
  const navigate = useNavigate();
  const { query } = props;
  const ink = useReplayInk(query);
  // while loading, the strokes known so far (the cache's, then each answer page's)
  const strokes = ink.data?.strokes ?? ink.partial;
  const loading = ink.isPending;
  // the replay's time spans the pupil's own strokes; a teacher's annotation shows without stretching it
  const model = useMemo(
    () => (strokes ? buildReplayModel(strokes, { timedWriter: query.studentId }) : undefined),
    [strokes, query.studentId],
  );
  const [page, setPage] = useState<PageAddress | undefined>(undefined);
  pageStrokes.current = useMemo(() => {
    // before the view reports its page, it shows the first page written (live)
    const shown = page ?? model?.pageChunks[0]?.page;
    if (!model || !shown) return 0;
    let n = 0;
    for (const s of model.strokes) if (samePage(s.page, shown)) n++;
    return n;
  }, [model, page]);
  const empty = ink.isSuccess && model !== undefined && model.strokes.length === 0;
  const cacheUnavailable = ink.data?.cacheUnavailable === true;

  useEffect(() => {
    if (cacheUnavailable) toast(t('replay.cacheUnavailable'), 'info');
  }, [cacheUnavailable, t]);
  useEffect(() => {
    if (!empty) return;
    toast(t('replay.noData'), 'info');
    const id = window.setTimeout(
      () => (window.history.length > 1 ? navigate(-1) : navigate('/main/curriculum', { replace: true })),
      1500,
    );
    return () => window.clearTimeout(id);
  }, [empty, navigate, t]);

  // the textbook page behind the ink (the page shown)
  const shownPage = page ?? model?.pageChunks[0]?.page;
  const background = usePageBackground(shownPage);
  const documentFor = useCallback(
    (p: PageAddress) => (background.page && samePage(p, background.page) ? background.source : undefined),
    [background.page, background.source],
  );

  // the crop rectangle (replay context, classroom.md §3): spanned by a drag in crop mode
  const [cropMode, setCropMode] = useState(false);
  const [crop, setCrop] = useState<RectPt | undefined>(undefined);
  const onCropChange = useCallback((rect: RectPt, done: boolean) => {
    if (done) setCrop(rect);
  }, []);

  const refetch = ink.refetch;
  const context = useMemo<ReplayScreenContext>(
    () => ({
      query,
      page,
      crop,
      reload: async () => {
        await refetch();
      },
    }),
    [query, page, crop, refetch],
  );
  const onContext = useRef(props.onContext);
  onContext.current = props.onContext;
  useEffect(() => {
    onContext.current?.(context);
  }, [context]);

  if (ink.isPending && !model) {
    return (
      <p role="status" className="replay-loading" data-testid="replay-loading">
        {t('replay.loading')}
      </p>
    );
  }
  if (ink.isError) {
    return (
      <p role="alert" className="replay-problem" data-testid="replay-problem">
        {errorText(t, ink.error)}
      </p>
    );
  }
  if (!model || empty || model.strokes.length === 0) {
    return (
      <p role="alert" className="replay-problem" data-testid="replay-no-data">
        {t('replay.noData')}
      </p>
    );
  }
  return (
    <div
      className="replay-body"
      data-testid="replay-screen"
      data-loading={loading}
      data-strokes={model.strokes.length}
      data-cached={ink.data?.cached}
      data-fetched={ink.data?.fetched}
      data-requests={ink.data?.requests}
    >
      <ReplayPlayerView
        model={model}
        scheduler={browserScheduler}
        controls="top"
        livePage="first"
        showChunks={false}
        onPageChange={setPage}
        documentFor={documentFor}
        onSnapshot={onSnapshot}
        extraStrokes={props.extraStrokes}
        barExtra={
          <>
            {loading && (
              <span role="status" className="replay-loading-more" data-testid="replay-loading">
                {t('replay.loading')}
              </span>
            )}
            <span className="replay-legend" aria-hidden="true">
              <span className="replay-swatch student" /> {t('replay.legendStudent')}
              <span className="replay-swatch other" /> {t('replay.legendOther')}
            </span>
            <button
              type="button"
              className="replay-crop"
              aria-pressed={cropMode}
              onClick={() => setCropMode((on) => !on)}
            >
              {viewT('view.crop')}
            </button>
            {props.barExtra?.(context)}
          </>
        }
        aside={(replay) => (
          <ThumbnailStrip
            model={replay.model}
            page={replay.page}
            onShow={replay.showPage}
            selfWriterId={query.studentId}
            otherWriterArgb={OTHER_WRITER_ARGB}
            deferDrawing={loading}
          />
        )}
        view={{
          selfWriterId: query.studentId,
          otherWriterColorArgb: OTHER_WRITER_ARGB,
          live: props.live,
          disabled: { autoPageChange: true, mousePen: true },
          style: { minHeight: 240 },
          cropMode,
          crop,
          onCropChange,
          onLayerDraw,
        }}
      />
    </div>
  );
}

export { THUMBNAIL_STRIP_WIDTH_PX };
