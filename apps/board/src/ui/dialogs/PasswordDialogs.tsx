/**
 * Passwords: a protected PDF ('The file is password protected. Please enter the password.',
 * then 'Incorrect password. Please try again.') and a locked pen (4 digits; after a wrong one
 * 'You entered the wrong password N times. If 10 times of incorrect password, the handwritten data
 * will be reset.').
 */
import type { PasswordPrompt } from '@dotink/pen';
import { PenPasswordForm } from '@dotink/view/pens';
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

/** A locked pen's password: the shared form (`@dotink/view/pens`) in the board's dialog. */
export function PenPasswordDialog(props: {
  prompt: PasswordPrompt;
  resolve: (pw: string | undefined) => void;
}) {
  const t = useText();
  return (
    <Dialog
      title={t('pen.passwordTitle')}
      onCancel={() => props.resolve(undefined)}
      testId="pen-password-dialog"
    >
      <PenPasswordForm prompt={props.prompt} resolve={props.resolve} />
    </Dialog>
  );
}
