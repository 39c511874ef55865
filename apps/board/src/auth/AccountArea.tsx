/**
 * The top bar's account area: "Sign in" when signed out; the account name, the sync indicator
 * and "Sign out" when signed in. Boards stay on the device whatever happens here.
 */
import { useLanguage } from '@dotink/view';
import { useMemo } from 'react';
import type { BoardApp } from '../app/boardApp';
import { errorDetail } from '../app/errorMessages';
import type { PrintAuth } from '../print/printFlow';
import { SyncIndicator } from '../sync/SyncIndicator';
import { useBoardSync } from '../sync/useBoardSync';
import { accountText } from './accountText';
import type { AuthState, BoardAuth } from './boardAuth';
import { printAuthOf } from './useBoardAuth';

/** The print flow's sign-in while signed in (undefined when signed out). */
export function usePrintAuth(account: { auth: BoardAuth; state: AuthState }): PrintAuth | undefined {
  const signedIn = account.state.status === 'signedIn';
  return useMemo(() => (signedIn ? printAuthOf(account.auth) : undefined), [signedIn, account.auth]);
}

/**
 * "Sign out": the board signs out at once; the server's sign-out follows (the page leaves and
 * comes back); a failure there is shown, since the server may still hold the sign-in.
 */
function signOut(app: BoardApp, auth: BoardAuth, language: string): void {
  auth.signOut(window.location.href, language).catch((error: unknown) => {
    app.deps.editor.getState().showMessage('account.signOutFailed', { reason: errorDetail(error) });
  });
}

export function AccountArea(props: {
  readonly app: BoardApp;
  readonly account: { auth: BoardAuth; state: AuthState };
}) {
  const language = useLanguage();
  const text = accountText(language);
  const { auth, state } = props.account;
  const sync = useBoardSync(props.app, auth, state);
  if (state.status !== 'signedIn') {
    return (
      <button
        type="button"
        className="icon-text"
        data-testid="sign-in"
        disabled={state.status === 'signingIn'}
        onClick={() => void auth.signIn(window.location.href, language)}
      >
        <span>{state.status === 'signingIn' ? text.signingIn : text.signIn}</span>
      </button>
    );
  }
  return (
    <span className="account" data-testid="account">
      <SyncIndicator state={sync.state} onSyncNow={() => void sync.syncNow()} />
      <span className="account-name" data-testid="account-name">
        {state.account.name}
      </span>
      <button
        type="button"
        className="icon-text"
        data-testid="sign-out"
        onClick={() => signOut(props.app, auth, language)}
      >
        <span>{text.signOut}</span>
      </button>
    </span>
  );
}
