/**
 * Signing a pupil in: the id typed (the password is the id, classroom.md §7) or the QR label
 * scanned with the camera (its id, password and pen address).
 */
import { useState } from 'react';
import { useT } from '../../i18n/text';
import { ScanDialog } from './ScanDialog';
import type { Station } from './stationModel';

export function SignInPanel(props: { readonly station: Station | undefined; readonly busy: boolean }) {
  const t = useT();
  const { station } = props;
  const [id, setId] = useState('');
  const [scanning, setScanning] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!station) return;
    if (await station.signIn(id, id.trim())) setId('');
  };
  return (
    <section className="station-signin" aria-labelledby="station-signin-title">
      <h2 id="station-signin-title">{t('station.signInTitle')}</h2>
      <form className="station-signin-form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="station-id">{t('station.idLabel')}</label>
          <input
            id="station-id"
            value={id}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(e) => setId(e.target.value)}
            data-testid="station-id"
          />
        </div>
        <button type="submit" className="button primary" disabled={props.busy} data-testid="station-sign-in">
          {props.busy ? t('station.signingIn') : t('station.signIn')}
        </button>
        <button
          type="button"
          className="button"
          disabled={props.busy}
          onClick={() => setScanning(true)}
          data-testid="station-scan-open"
        >
          {t('station.scan')}
        </button>
      </form>
      {scanning && station && (
        <ScanDialog
          onLabel={(label) => {
            setScanning(false);
            void station.signIn(label.id, label.password, label.mac);
          }}
          onFailure={(notice) => station.say(notice)}
          onClose={() => setScanning(false)}
        />
      )}
    </section>
  );
}
