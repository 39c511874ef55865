/**
 * The pupils on the station: name, registered pen, the pen connected (or not), the live link to
 * the lesson, what of the pupil's writing is not saved yet, and the pupil's buttons.
 */
import { useT } from '../../i18n/text';
import { StationLiveBadge } from './StationLiveBadge';
import type { Station, StationPupil } from './stationModel';
import type { QueueState } from './uploadQueue';

function PupilCard(props: {
  readonly pupil: StationPupil;
  readonly pending: number;
  readonly station: Station;
  readonly connecting: boolean;
}) {
  const t = useT();
  const { pupil, station } = props;
  const penOn = pupil.pens.length > 0;
  // the card's buttons are described by the pupil's name (which pupil's pen, whose sign-out)
  const nameId = `station-pupil-${pupil.studentId}`;
  return (
    <li className="station-pupil" data-testid="station-pupil" data-student-id={pupil.studentId}>
      <div className="station-pupil-head">
        <h3 id={nameId}>{pupil.name}</h3>
        <span className="station-pupil-id">{pupil.studentId}</span>
      </div>
      <p>{pupil.mac ? t('station.pupilMac', { mac: pupil.mac }) : t('station.noPen')}</p>
      <p className={penOn ? 'station-pen on' : 'station-pen'} data-testid="station-pen">
        {penOn ? t('station.penConnected', { pen: pupil.pens.join(', ') }) : t('station.penNotConnected')}
      </p>
      <StationLiveBadge pupil={pupil} />
      {props.pending > 0 && (
        <p className="station-pupil-pending">{t('station.notSaved', { count: props.pending })}</p>
      )}
      {pupil.signInNeeded && (
        <p className="error-text" role="alert">
          {t('station.signInAgain', { name: pupil.name })}
        </p>
      )}
      <div className="station-pupil-actions">
        {penOn ? (
          <button
            type="button"
            className="button small"
            onClick={() => station.disconnectPens(pupil.studentId)}
          >
            {t('station.disconnectPen')}
          </button>
        ) : (
          <button
            type="button"
            className="button small primary"
            disabled={props.connecting}
            aria-describedby={nameId}
            onClick={() => void station.connectPen(pupil.studentId)}
            data-testid="station-connect-pen"
          >
            {t('station.connectPen')}
          </button>
        )}
        <button
          type="button"
          className="button small"
          aria-describedby={nameId}
          onClick={() => station.signOut(pupil.studentId)}
          data-testid="station-sign-out"
        >
          {t('station.signOut')}
        </button>
      </div>
    </li>
  );
}

export function PupilList(props: {
  readonly station: Station | undefined;
  readonly pupils: readonly StationPupil[];
  readonly queue: QueueState;
  readonly connecting: boolean;
}) {
  const t = useT();
  const { station } = props;
  return (
    <section className="station-pupils" aria-labelledby="station-pupils-title">
      <h2 id="station-pupils-title">{t('station.pupils')}</h2>
      {props.pupils.length === 0 || !station ? (
        <p>{t('station.noPupils')}</p>
      ) : (
        <ul>
          {props.pupils.map((p) => (
            <PupilCard
              key={p.studentId}
              pupil={p}
              station={station}
              connecting={props.connecting}
              pending={props.queue.pendingByPupil.get(p.studentId) ?? 0}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
