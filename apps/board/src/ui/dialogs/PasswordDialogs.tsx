/**
 * Passwords: a protected PDF ('The file is password protected. Please enter the password.',
 * then 'Incorrect password. Please try again.') and a locked pen (4 digits; after a wrong one
 * 'You entered the wrong password N times. If 10 times of incorrect password, the handwritten data
 * will be reset.').
 */
import type { PasswordPrompt } from '@dotink/pen';
import { useState } from 'react';
import { useText } from '../../i18n/text';
import { Dialog } from '../Dialog';

export function PdfPasswordDialog(props: {
  wrong: boolean;
  /** The protected file (named in the dialog). */
  fileName?: string;
  resolve: (pw: string | undefined) => void;
}) {
  const t = useText();
  const [pw, setPw] = useState('');
  return (
    <Dialog
      title={t('pdf.passwordTitle')}
      onCancel={() => props.resolve(undefined)}
      testId="pdf-password-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.resolve(pw);
        }}
      >
        {props.fileName ? (
          <p className="dialog-file" data-testid="pdf-password-file">
            {t('pdf.passwordFile', { name: props.fileName })}
          </p>
        ) : null}
        <p className="dialog-message" role="alert" data-testid="message-text">
          {t(props.wrong ? 'pdf.passwordWrong' : 'pdf.passwordRequired')}
        </p>
        <p className="dialog-hint" data-testid="pdf-password-cancel-hint">
          {t('pdf.passwordCancelHint')}
        </p>
        <label className="field">
          <span>{t('pdf.password')}</span>
          <input
            type="password"
            autoComplete="off"
            value={pw}
            data-testid="pdf-password"
            onChange={(e) => setPw(e.target.value)}
          />
        </label>
        <div className="dialog-buttons">
          <button type="button" data-testid="pdf-password-cancel" onClick={() => props.resolve(undefined)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="primary" data-testid="pdf-password-ok">
            {t('common.ok')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function PenPasswordDialog(props: {
  prompt: PasswordPrompt;
  resolve: (pw: string | undefined) => void;
}) {
  const t = useText();
  const [pw, setPw] = useState('');
  const [bad, setBad] = useState(false);
  return (
    <Dialog
      title={t('pen.passwordTitle')}
      onCancel={() => props.resolve(undefined)}
      testId="pen-password-dialog"
    >
      <form
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
          <button type="button" onClick={() => props.resolve(undefined)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="primary" data-testid="pen-password-ok">
            {t('common.ok')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
