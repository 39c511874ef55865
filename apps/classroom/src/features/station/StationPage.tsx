/**
 * The pen station (issue 16, `/pen?course={courseId}`): a page a pupil or a classroom tablet
 * opens — outside the teacher's session — to sign pupils in (QR label or typed id), connect each
 * pupil's pen, stream the writing live to the lesson's room and save every stroke to the ink
 * store through a queue that survives reloads and network loss. See `stationModel.ts`.
 */
import { useT as useViewText } from '@dotink/view/i18n';
import { createPenStatus, PenPasswordForm, usePenStatus } from '@dotink/view/pens';
import { useLocation } from 'react-router';
import { AlertDialog, AppDialog } from '../../components/Dialog';
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

function PenDialogs(props: { readonly station: Station }) {
  const t = useT();
  const viewText = useViewText();
  const pen = usePenStatus(props.station.penStatus);
  const message = pen.message;
  return (
    <>
      {pen.password && (
        <AppDialog
          title={viewText('pen.passwordTitle')}
          isOpen
          onClose={() => pen.password?.resolve(undefined)}
          testId="pen-password-dialog"
        >
          <PenPasswordForm
            key={pen.password.prompt.retryCount}
            prompt={pen.password.prompt}
            resolve={pen.password.resolve}
            buttonClassName="button"
          />
        </AppDialog>
      )}
      <AlertDialog
        title={t('station.penTitle')}
        message={message ? viewText(message.key, message.params) : undefined}
        confirm={t('station.confirm')}
        onClose={() => props.station.penStatus.dismiss()}
        testId="pen-message"
      />
    </>
  );
}

export default function StationPage() {
  const t = useT();
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
          <Notice notice={state.notice} onClose={() => station?.dismiss()} />
          <div className="station-body">
            <SignInPanel station={station} busy={state.busy} />
            <PupilList station={station} pupils={state.pupils} queue={queue} connecting={pen.connecting} />
          </div>
          {station && <PenDialogs station={station} />}
        </>
      )}
    </main>
  );
}
