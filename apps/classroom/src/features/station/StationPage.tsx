import { createPenStatus, usePenStatus } from '@dotink/view/pens';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PenDialogs } from '../../components/PenDialogs';
import { useT } from '../../i18n/text';
import { PupilList } from './PupilList';
import { SaveIndicator } from './SaveIndicator';
import { SignInPanel } from './SignInPanel';
import { courseOf } from './stationCalls';
import type { Station, StationNotice } from './stationModel';
import { failureText } from './stationText';
import { useStation } from './useStation';

/** The pen status read before the station exists (nothing connecting). */
const NO_PENS = createPenStatus();

function Notice(props: { readonly notice: StationNotice | undefined; readonly onClose: () => void }) {
  const t = useT();
  const n = props.notice;
  if (!n) return null;
  const extra =
    n.error !== undefined && n.key === 'station.loginFailed' ? failureText(t, n.error) : undefined;
  return (
    <div
      className={n.level === 'error' ? 'station-notice error' : 'station-notice'}
      role={n.level === 'error' ? 'alert' : 'status'}
      data-testid="station-notice"
    >
      <span>
        {t(n.key, n.params)}
        {extra && extra !== t(n.key) ? ` (${extra})` : ''}
      </span>
      <button type="button" className="button small" onClick={props.onClose}>
        {t('station.dismiss')}
      </button>
    </div>
  );
}

function StationPenDialogs(props: { readonly station: Station }) {
  const t = useT();
  const pen = usePenStatus(props.station.penStatus);
  return (
    <PenDialogs
      status={props.station.penStatus}
      pen={pen}
      title={t('station.penTitle')}
      confirm={t('station.confirm')}
    />
  );
}

/** The station's service worker (apps/classroom/sw/stationWorker.js): the page reloads offline. */
export const STATION_WORKER = { url: '/station-sw.js', scope: '/pen' } as const;

/**
 * Registers the station's offline shell; false when the browser refused it (the station then
 * says that a reload without the network would not open it again).
 */
function useOfflineShell(): boolean {
  const [kept, setKept] = useState(true);
  useEffect(() => {
    // not in development (no built worker) nor where the browser has none
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
    let live = true;
    navigator.serviceWorker
      .register(STATION_WORKER.url, { scope: STATION_WORKER.scope })
      .catch((e: unknown) => {
        console.warn('station service worker', e);
        if (live) setKept(false);
      });
    return () => {
      live = false;
    };
  }, []);
  return kept;
}

export default function StationPage() {
  const t = useT();
  const offlineShell = useOfflineShell();
  const courseId = courseOf(useLocation().search);
  const { station, state, queue } = useStation(courseId);
  const pen = usePenStatus(station?.penStatus ?? NO_PENS);
  const lesson = state.lesson;
  return (
    <main id="main" className="station" data-testid="station">
      <header className="station-head">
        <h1>{t('station.title')}</h1>
        {lesson && (
          <p className="station-lesson" data-testid="station-lesson">
            {t('station.lesson', { className: lesson.className, tag: lesson.tag })}
          </p>
        )}
      </header>
      {courseId === undefined ? (
        <p className="station-notice error" role="alert" data-testid="station-no-lesson">
          {t('station.noLesson')}
        </p>
      ) : (
        <>
          <SaveIndicator queue={queue} onRetry={() => station?.retryNow()} />
          {offlineShell ? null : (
            <p className="station-notice" role="status" data-testid="station-no-offline-shell">
              {t('station.noOfflineShell')}
            </p>
          )}
          <Notice notice={state.notice} onClose={() => station?.dismiss()} />
          <div className="station-body">
            <SignInPanel station={station} busy={state.busy} />
            <PupilList station={station} pupils={state.pupils} queue={queue} connecting={pen.connecting} />
          </div>
          {station && <StationPenDialogs station={station} />}
        </>
      )}
    </main>
  );
}
