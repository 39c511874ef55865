/**
 * Signing a pupil in: the id typed (the password is the id, classroom.md §7) or the QR label
 * scanned with the camera (its id, password and pen address). When the password is refused (a
 * teacher reset it, issue 29), the panel asks it: a password field for that id, the notice saying
 * why; changing the id puts the form back to the id alone.
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
  /** The id whose password is asked (its own password was refused). */
  const [askFor, setAskFor] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const asking = askFor !== undefined && askFor === id.trim();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!station) return;
    const typed = id.trim();
    const result = await station.signIn(typed, asking ? password : typed);
    setPassword('');
    if (result === 'signedIn') {
      setId('');
      setAskFor(undefined);
    } else if (result === 'passwordNeeded') setAskFor(typed);
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
        {asking ? (
          <div className="field">
            <label htmlFor="station-password">{t('station.passwordLabel')}</label>
            <input
              id="station-password"
              type="password"
              value={password}
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: asked right after the refusal, where the typing goes on
              autoFocus
              onChange={(e) => setPassword(e.target.value)}
              data-testid="station-password"
            />
          </div>
        ) : null}
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
            void station.signIn(label.id, label.password, label.mac).then((result) => {
              if (result !== 'passwordNeeded') return;
              setId(label.id);
              setAskFor(label.id);
            });
          }}
          onFailure={(notice) => station.say(notice)}
          onClose={() => setScanning(false)}
        />
      )}
    </section>
  );
}
