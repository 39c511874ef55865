/**
 * The pen controls both apps show: the connect button (with 'Connecting…' while a connection is
 * under way) and the locked pen's password form (4 digits; after a wrong one 'You entered the
 * wrong password N times. If 10 times of incorrect password, the handwritten data will be
 * reset.'). Each app puts the form in its own dialog (title: `pen.passwordTitle`).
 */
import type { PasswordPrompt } from '@dotink/pen';
import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/I18nProvider';

export function PenConnectButton(props: {
  readonly connecting: boolean;
  readonly onConnect: () => void;
  readonly className?: string;
  /** Shown before the label (the board's Bluetooth icon). */
  readonly icon?: ReactNode;
  readonly testId?: string;
  /** Wraps the label (the board hides it on narrow screens through `.label`). */
  readonly labelClassName?: string;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className={props.className}
      data-testid={props.testId ?? 'connect-pen'}
      disabled={props.connecting}
      onClick={props.onConnect}
    >
      {props.icon}
      <span className={props.labelClassName ?? 'label'}>
        {props.connecting ? t('pen.connecting') : t('pen.connect')}
      </span>
    </button>
  );
}

/** The password form of a locked pen; `resolve(undefined)` gives up. */
export function PenPasswordForm(props: {
  readonly prompt: PasswordPrompt;
  readonly resolve: (password: string | undefined) => void;
  /** Class of both buttons (the primary one adds `primary`). */
  readonly buttonClassName?: string;
}) {
  const t = useT();
  const [pw, setPw] = useState('');
  const [bad, setBad] = useState(false);
  const button = props.buttonClassName ?? '';
  return (
    <form
      className="pen-password-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!/^\d{4}$/.test(pw)) {
          setBad(true);
          return;
        }
        props.resolve(pw);
      }}
    >
      <p className="dialog-message">{t('pen.passwordPrompt')}</p>
      {props.prompt.wrong && props.prompt.retryCount > 0 && (
        <p className="dialog-message warning" role="alert" data-testid="message-text">
          {t('pen.passwordWrong', { count: props.prompt.retryCount })}
        </p>
      )}
      <label className="field">
        <span>{t('pen.passwordTitle')}</span>
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          pattern="\d{4}"
          value={pw}
          data-testid="pen-password"
          aria-invalid={bad}
          onChange={(e) => {
            setPw(e.target.value.replace(/\D/g, '').slice(0, 4));
            setBad(false);
          }}
        />
      </label>
      <p className="field-error" role="alert">
        {bad || props.prompt.invalid ? t('pen.passwordFormat') : ''}
      </p>
      <div className="dialog-buttons">
        <button type="button" className={button || undefined} onClick={() => props.resolve(undefined)}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={`${button} primary`.trim()} data-testid="pen-password-ok">
          {t('common.ok')}
        </button>
      </div>
    </form>
  );
}
