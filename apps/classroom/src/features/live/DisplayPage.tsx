/**
 * The class display of a live lesson (issue 16, `/live/display?courseId&studentId`): one pupil's
 * page, live, filling the window, with the pupil's name hidden, so a class discusses a pupil's
 * working while the pen still writes. It joins the lesson's room itself (the teacher's token of
 * this browser); the teacher's live screen switches the pupil shown through a BroadcastChannel
 * (the display then changes its own address), or by opening the display anew.
 */
import { parsePageId } from '@dotink/ncode';
import { PageView } from '@dotink/view';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePageBackground } from '../../components/replay/usePageBackground';
import { useT } from '../../i18n/text';
import { DISPLAY_CHANNEL, type DisplayMessage, readCourseId } from '../../lib/liveLinks';
import { errorText } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { rosterProblem } from './LivePage';
import { isProblem, statusText } from './LiveStatusBadge';
import { useLiveRoom, useLiveRoster, useRoomVersion, useSecondTick } from './useLiveRoom';
import './live.css';

export default function DisplayPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const courseId = readCourseId(params);
  const studentId = params.get('studentId') ?? undefined;
  useEffect(() => {
    if (typeof BroadcastChannel !== 'function' || courseId === undefined) return;
    const channel = new BroadcastChannel(DISPLAY_CHANNEL);
    channel.onmessage = (e: MessageEvent<DisplayMessage>) => {
      if (e.data?.courseId !== courseId || typeof e.data.studentId !== 'string') return;
      setParams({ courseId: String(courseId), studentId: e.data.studentId }, { replace: true });
    };
    return () => channel.close();
  }, [courseId, setParams]);
  const roster = useLiveRoster(courseId);
  const room = useLiveRoom(roster.data);
  const version = useRoomVersion(room);
  useEffect(() => (room && studentId ? room.watch(studentId) : undefined), [room, studentId]);
  const pupil = studentId ? room?.pupils.get(studentId) : undefined;
  const page = pupil?.page;
  const address = page ? parsePageId(page) : undefined;
  const background = usePageBackground(address);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the room changes
  const strokes = useMemo(
    () => (room && studentId && page ? room.strokesOn(studentId, page) : []),
    [room, studentId, page, version],
  );
  const status = room?.status();
  const now = useSecondTick();
  let problem: string | undefined;
  if (courseId === undefined) problem = t('live.noLecture');
  else if (roster.isError) problem = rosterProblem(t, roster.error);
  else if (status && isProblem(status)) problem = statusText(t, status, now);
  return (
    <main id="main" className="live-display" data-testid="live-display-page">
      <h1 className="visually-hidden">{t('live.displayTitle')}</h1>
      <div className="live-display-bar">
        {problem ? (
          <p role="alert" className="live-status live-status-closed">
            {problem}
          </p>
        ) : null}
        <button
          type="button"
          className="button small"
          onClick={() =>
            void document.documentElement
              .requestFullscreen?.()
              .catch((e: unknown) => toast(errorText(t, e), 'error'))
          }
        >
          {t('live.displayFullscreen')}
        </button>
      </div>
      <div className="live-display-page" data-testid="live-display" data-page={page ?? ''}>
        {address && pupil ? (
          <PageView
            page={address}
            strokes={strokes}
            live={pupil.feed}
            liveInk="frame"
            document={background.source}
            fit="full"
            disabled={{ mousePen: true, autoPageChange: true, autoFocus: true }}
            laser="off"
          />
        ) : (
          <p role="status">{roster.data ? t('live.displayWaiting') : t('live.loading')}</p>
        )}
      </div>
    </main>
  );
}
