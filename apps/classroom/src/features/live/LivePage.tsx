/**
 * The teacher's live-lesson screen (issue 16, `/main/live`): a grid of tiles, one per pupil of the
 * lesson's class, each the pupil's current page with the ink drawn live; tiles ordered by
 * registration number or most recent activity; pupils pinned to a pinned view; a pupil enlarged
 * (click or Enter; ← → between pupils; Escape back) with the page live or the replay of the lesson
 * so far; 'show on class display' opens `/live/display` (name hidden) or switches the pupil it
 * shows; 'collect pens' opens the collect dialog of the lesson's class (features/collect).
 *
 * Query: the lecture's (curriculumId, curriculumTitle, eduClassId) and `courseId` (the lesson).
 * Without `courseId` the screen opens the lesson happening now, else the one within 30 minutes
 * after its end, else the next, else the last (`pickLiveLesson`): the lecture card's and the lecture
 * menu's 'live lesson' lead here so.
 */
import type { Textbook } from '@dotink/contracts/edu';
import type { LiveRosterData } from '@dotink/contracts/eduLive';
import { parsePageId } from '@dotink/ncode';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../api/client';
import { coursePath, readLectureQuery } from '../../api/lectureLinks';
import { useCourses, useLectureTextbooks } from '../../api/lecturesQueries';
import { type T, useT } from '../../i18n/text';
import {
  DISPLAY_CHANNEL,
  type DisplayMessage,
  displayPath,
  livePath,
  readCourseId,
} from '../../lib/liveLinks';
import { localParts } from '../../lib/localTime';
import { errorText, useServices } from '../../lib/services';
import type { CollectPensDialogSlot } from '../../lib/slots';
import { toast } from '../../lib/toasts';
import { FocusView } from './FocusView';
import { LiveStatusBadge } from './LiveStatusBadge';
import { LiveTile } from './LiveTile';
import { orderPupils, pickLiveLesson, stepIndex, type TileOrder, textbookOf, tileState } from './liveModel';
import { warmPageImages } from './pageImages';
import { RelayNotice } from './RelayNotice';
import { TileRenderer } from './tileRenderer';
import { useLiveRoom, useLiveRoster, useRoomVersion, useSecondTick } from './useLiveRoom';
import './live.css';

/** The live lesson; `app/` gives it the collect-pens dialog. */
export default function LivePage(props: { readonly CollectPensDialog: CollectPensDialogSlot }) {
  const t = useT();
  const [params] = useSearchParams();
  const courseId = readCourseId(params);
  if (courseId === undefined) return <PickLesson />;
  return (
    <section className="page live-page" aria-labelledby="live-title" data-testid="live-page">
      <LiveLesson courseId={courseId} t={t} CollectPensDialog={props.CollectPensDialog} />
      <LessonsLink />
    </section>
  );
}

/** The lecture's lessons table (add or edit lessons; the card's 'live lesson' leads here first). */
function LessonsLink() {
  const t = useT();
  const [params] = useSearchParams();
  const lecture = useMemo(() => readLectureQuery(params), [params]);
  if (!lecture) return null;
  return (
    <p className="live-lessons-link">
      <Link to={coursePath(lecture)} data-testid="live-lessons">
        {t('live.lessons')}
      </Link>
    </p>
  );
}

/** No lesson in the address: the lecture's lesson now (or next, or last). */
function PickLesson() {
  const t = useT();
  const [params] = useSearchParams();
  const lecture = useMemo(() => readLectureQuery(params), [params]);
  const courses = useCourses(lecture?.id);
  const { nowMs } = useServices();
  const navigate = useNavigate();
  const chosen = courses.data ? pickLiveLesson(courses.data, nowMs()) : undefined;
  useEffect(() => {
    if (lecture && chosen) navigate(livePath(lecture, chosen), { replace: true });
  }, [lecture, chosen, navigate]);
  let text = t('live.loading');
  if (!lecture) text = t('live.noLecture');
  else if (courses.isError) text = errorText(t, courses.error);
  else if (courses.data && !chosen) text = t('live.noLesson');
  return (
    <section className="page live-page" data-testid="live-page">
      <h1>{t('live.title')}</h1>
      <p role={courses.isError || (courses.data && !chosen) ? 'alert' : 'status'}>{text}</p>
      <LessonsLink />
    </section>
  );
}

function LiveLesson(props: { courseId: number; t: T; CollectPensDialog: CollectPensDialogSlot }) {
  const { t } = props;
  const roster = useLiveRoster(props.courseId);
  if (roster.isError) {
    return (
      <>
        <h1 id="live-title">{t('live.title')}</h1>
        <p role="alert" data-testid="live-problem">
          {rosterProblem(t, roster.error)}
        </p>
      </>
    );
  }
  if (!roster.data) {
    return (
      <>
        <h1 id="live-title">{t('live.title')}</h1>
        <p role="status">{t('live.loading')}</p>
      </>
    );
  }
  return <LiveGrid roster={roster.data} CollectPensDialog={props.CollectPensDialog} />;
}

/** The text of a refused roster (`GET /edu/v1/live/{courseId}`), in the user's language. */
export function rosterProblem(t: T, error: unknown): string {
  const e = error as Partial<ApiError>;
  if (e?.name === 'ApiError' && !e.key) {
    if (e.status === 404) return t('live.problem.notFound');
    if (e.status === 403) return t('live.problem.forbidden');
    if (e.status === 409) return t('live.problem.draft');
    if (e.status === 410) return t('live.status.closed');
  }
  return errorText(t, error);
}

function LiveGrid(props: { roster: LiveRosterData; CollectPensDialog: CollectPensDialogSlot }) {
  const { CollectPensDialog } = props;
  const t = useT();
  const { lesson } = props.roster;
  const room = useLiveRoom(props.roster);
  const version = useRoomVersion(room);
  // pdf.js starts while the teacher waits for the class, not with the first pages written
  useEffect(() => warmPageImages(), []);
  const now = useSecondTick();
  const textbooks = useLectureTextbooks(lesson.curriculumId).data ?? [];
  const [params, setParams] = useSearchParams();
  const [order, setOrder] = useState<TileOrder>('number');
  const [pinned, setPinned] = useState<ReadonlySet<string>>(() => new Set());
  const [view, setView] = useState<'all' | 'pinned'>('all');
  const [collecting, setCollecting] = useState(false);
  const focused = params.get('pupil') ?? undefined;
  const mode = params.get('view') === 'replay' ? 'replay' : 'live';
  const renderer = useMemo(
    () =>
      room
        ? new TileRenderer({
            inkOf: (id) => {
              const p = room.pupils.get(id);
              const page = p?.page;
              return {
                page,
                strokes: page ? room.strokesOn(id, page) : [],
                live: p && page ? [...p.live.values()].filter((l) => l.pageId === page) : [],
              };
            },
          })
        : undefined,
    [room],
  );
  useEffect(() => {
    if (!room || !renderer) return;
    room.setSink(renderer);
    return () => room.setSink(undefined);
  }, [room, renderer]);

  // the tiles, ordered (re-read on each coarse change and each second)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the room's state moves with version
  const tiles = useMemo(() => {
    if (!room) return [];
    const all = [...room.pupils.values()].map((p) => ({
      studentId: p.pupil.studentId,
      num: p.pupil.num,
      name: p.pupil.name,
      hasPen: p.pupil.mac !== null,
      page: p.page,
      state: tileState(p.signal, now),
      ...(p.lastStrokeMs !== undefined ? { lastStrokeMs: p.lastStrokeMs } : {}),
    }));
    return orderPupils(all, order);
  }, [room, version, now, order]);
  const shown = view === 'pinned' ? tiles.filter((x) => pinned.has(x.studentId)) : tiles;

  /**
   * The pupil enlarged as the arrows see it: the one shown, or the last one chosen and not shown
   * yet. Arrows pressed faster than the screen follows count from the last choice, and a key
   * handler of an earlier render (its effect not run again yet) from the pupil now shown — not
   * from the pupil of the render that made it (in a full test run, an arrow pressed just after
   * the next pupil showed went from the one before).
   */
  const shownPupil = useRef(focused);
  const choices = useRef<string[]>([]);
  useLayoutEffect(() => {
    shownPupil.current = focused;
    // choices up to the one shown are done; none of them shown: another way (back, close) won
    const at = focused === undefined ? -1 : choices.current.indexOf(focused);
    choices.current = at < 0 ? [] : choices.current.slice(at + 1);
  }, [focused]);
  const open = useCallback(
    (studentId: string) => {
      choices.current.push(studentId);
      setParams((q) => {
        const n = new URLSearchParams(q);
        n.set('pupil', studentId);
        n.delete('view');
        return n;
      });
    },
    [setParams],
  );
  // Escape (or 'back') gives the focus back to the pupil's tile once the grid shows again
  const returnTo = useRef<string | undefined>(undefined);
  const close = useCallback(() => {
    returnTo.current = choices.current.at(-1) ?? shownPupil.current;
    setParams((q) => {
      const n = new URLSearchParams(q);
      for (const k of ['pupil', 'view', ...REPLAY_KEYS]) n.delete(k);
      return n;
    });
  }, [setParams]);
  useEffect(() => {
    const id = returnTo.current;
    if (focused !== undefined || id === undefined) return;
    returnTo.current = undefined;
    document.querySelector<HTMLElement>(`[data-student="${CSS.escape(id)}"] .live-tile-open`)?.focus();
  }, [focused]);
  const pin = useCallback(
    (studentId: string) =>
      setPinned((s) => {
        const n = new Set(s);
        if (n.has(studentId)) n.delete(studentId);
        else n.add(studentId);
        return n;
      }),
    [],
  );
  const displayWindow = useRef<Window | null>(null);
  const channel = useMemo(
    () => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(DISPLAY_CHANNEL) : undefined),
    [],
  );
  useEffect(() => () => channel?.close(), [channel]);
  const display = useCallback(
    (studentId: string) => {
      const w = displayWindow.current;
      if (w && !w.closed && channel) {
        channel.postMessage({ courseId: lesson.courseId, studentId } satisfies DisplayMessage);
        w.focus();
        return;
      }
      const opened = window.open(displayPath(lesson.courseId, studentId), 'dotink-live-display');
      if (!opened) toast(t('live.displayWindowBlocked'), 'error');
      displayWindow.current = opened;
    },
    [channel, lesson.courseId, t],
  );

  const focusedTile = focused ? tiles.find((x) => x.studentId === focused) : undefined;
  const step = useCallback(
    (delta: number) => {
      const list = shown.length > 0 ? shown : tiles;
      const current = choices.current.at(-1) ?? shownPupil.current;
      const i = list.findIndex((x) => x.studentId === current);
      const next = list[stepIndex(Math.max(0, i), i < 0 ? 0 : delta, list.length)];
      if (next) open(next.studentId);
    },
    [shown, tiles, open],
  );
  const replayBook = focusedTile?.page
    ? (textbookOfPage(focusedTile.page, textbooks) ?? textbooks[0])
    : textbooks[0];
  const setMode = useCallback(
    (m: 'live' | 'replay') =>
      setParams((q) => {
        const n = new URLSearchParams(q);
        for (const k of REPLAY_KEYS) n.delete(k);
        if (m === 'live') n.delete('view');
        else {
          n.set('view', 'replay');
          n.set('studentId', focused ?? '');
          n.set('sessionId', lesson.sessionId);
          if (replayBook) {
            n.set('section', String(replayBook.section));
            n.set('owner', String(replayBook.owner));
            n.set('book', String(replayBook.book));
            n.set('ncodeStartPage', String(replayBook.ncodeStartPage));
            n.set('ncodeEndPage', String(replayBook.ncodeEndPage));
          }
        }
        return n;
      }),
    [setParams, focused, lesson.sessionId, replayBook],
  );

  const status = room?.status() ?? { kind: 'connecting' as const };
  const start = localParts(lesson.startMs);
  const when = `${start.date} ${start.time}–${localParts(lesson.endMs).time}`;
  return (
    <>
      <header className="live-head">
        <h1 id="live-title">
          {t('live.title')}{' '}
          <span className="muted">· {t('live.lessonHeading', { tag: lesson.tag, when })}</span>
        </h1>
        <LiveStatusBadge status={status} />
        <RelayNotice room={room} />
      </header>
      {focusedTile && room ? (
        <FocusView
          room={room}
          studentId={focusedTile.studentId}
          name={focusedTile.name}
          num={focusedTile.num}
          page={focusedTile.page}
          version={version}
          mode={mode}
          replayBook={replayBook}
          textbooks={textbooks}
          onMode={setMode}
          onStep={step}
          onClose={close}
        />
      ) : null}
      <div hidden={focusedTile !== undefined} className="live-grid-area">
        <div className="toolbar live-toolbar">
          <label className="live-order">
            {t('live.order')}{' '}
            <select
              value={order}
              onChange={(e) => setOrder(e.target.value as TileOrder)}
              data-testid="live-order"
            >
              <option value="number">{t('live.order.number')}</option>
              <option value="activity">{t('live.order.activity')}</option>
            </select>
          </label>
          <fieldset className="live-segmented">
            <legend className="visually-hidden">{t('live.view')}</legend>
            <button
              type="button"
              className="button small"
              aria-pressed={view === 'all'}
              onClick={() => setView('all')}
              data-testid="live-view-all"
            >
              {t('live.view.all', { count: tiles.length })}
            </button>
            <button
              type="button"
              className="button small"
              aria-pressed={view === 'pinned'}
              onClick={() => setView('pinned')}
              data-testid="live-view-pinned"
            >
              {t('live.view.pinned', { count: pinned.size })}
            </button>
          </fieldset>
          <button
            type="button"
            className="button small"
            aria-label={t('collect.open', { lesson: lesson.tag })}
            onClick={() => setCollecting(true)}
            data-testid="live-collect"
          >
            {t('collect.title')}
          </button>
        </div>
        {collecting ? (
          <CollectPensDialog
            lesson={{ eduClassId: lesson.eduClassId, title: lesson.tag, startMs: lesson.startMs }}
            onClose={() => setCollecting(false)}
          />
        ) : null}
        {view === 'pinned' && shown.length === 0 ? <p className="muted">{t('live.pinnedEmpty')}</p> : null}
        {renderer ? (
          <ul
            className={`live-grid${view === 'pinned' ? ' live-grid-pinned' : ''}`}
            aria-label={t('live.grid')}
            data-testid="live-grid"
          >
            {shown.map((x) => (
              <LiveTile
                key={x.studentId}
                studentId={x.studentId}
                name={x.name}
                num={x.num}
                hasPen={x.hasPen}
                page={x.page}
                state={x.state}
                sinceS={x.lastStrokeMs === undefined ? undefined : (now - x.lastStrokeMs) / 1000}
                pinned={pinned.has(x.studentId)}
                textbooks={textbooks}
                renderer={renderer}
                onOpen={open}
                onPin={pin}
                onDisplay={display}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

/** The replay's query keys the focus view's replay tab adds to the address. */
const REPLAY_KEYS = ['studentId', 'sessionId', 'section', 'owner', 'book', 'ncodeStartPage', 'ncodeEndPage'];

function textbookOfPage(page: string, textbooks: readonly Textbook[]): Textbook | undefined {
  const a = parsePageId(page);
  return a ? textbookOf(a, textbooks) : undefined;
}
