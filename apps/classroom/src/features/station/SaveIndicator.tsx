/**
 * The station's saving state, unmistakable: a wide amber banner 'not saved yet (N strokes)' while
 * anything is queued (with why the last try failed and a 'try again now' button), a quiet green
 * 'all saved' otherwise. A live region, so a screen reader hears the change.
 */
import { useT } from '../../i18n/text';
import { failureText } from './stationText';
import type { QueueState } from './uploadQueue';

export function SaveIndicator(props: { readonly queue: QueueState; readonly onRetry: () => void }) {
  const t = useT();
  const { queue } = props;
  const unsaved = queue.pending > 0;
  if (!queue.loaded) {
    // the queue of an earlier page is being read: no claim either way yet
    return (
      <section className="station-save" data-testid="station-save" aria-live="polite">
        <strong data-testid="station-save-text">{t('station.checking')}</strong>
      </section>
    );
  }
  return (
    <section
      className={unsaved ? 'station-save unsaved' : 'station-save saved'}
      data-testid="station-save"
      data-pending={queue.pending}
      aria-live="polite"
    >
      <strong data-testid="station-save-text">
        {unsaved ? t('station.notSaved', { count: queue.pending }) : t('station.allSaved')}
      </strong>
      {unsaved && queue.uploading && <span>{t('station.saving')}</span>}
      {unsaved && queue.error !== undefined && !queue.uploading && (
        <>
          <span data-testid="station-save-error">
            {t('station.saveFailed', { reason: failureText(t, queue.error) })}
          </span>
          <button type="button" className="button small" onClick={props.onRetry}>
            {t('station.retryNow')}
          </button>
        </>
      )}
    </section>
  );
}
