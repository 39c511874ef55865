/**
 * The board's sign-in in React: one {@link BoardAuth} per running board app (made on first use
 * from the page's address: the board is served at `${server}/board/`), its state as a hook, and
 * the finishing of a sign-in when the server sends the browser back with a code, and of a
 * sign-out when it sends the browser back from its sign-out page.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { BoardApp } from '../app/boardApp';
import type { PrintAuth } from '../print/printFlow';
import { type AuthState, BoardAuth } from './boardAuth';

const byApp = new WeakMap<BoardApp, BoardAuth>();

/** The server the board came from: the parent of its `/board/` folder. */
export function serverUrlOf(pageUrl: string): string {
  return new URL('../', pageUrl).href.replace(/\/$/, '');
}

/** The sign-in of this board app. */
export function authFor(app: BoardApp): BoardAuth {
  let auth = byApp.get(app);
  if (!auth) {
    const page = window.location.href;
    auth = new BoardAuth({
      serverUrl: serverUrlOf(page),
      redirectUri: new URL('./', page).href,
      storage: window.sessionStorage,
      fetch: (...args) => window.fetch(...args),
      nowMs: app.deps.nowMs,
      navigate: (url) => window.location.assign(url),
    });
    byApp.set(app, auth);
  }
  return auth;
}

/** The sign-in state; finishes a sign-in the page was opened with. */
export function useBoardAuth(app: BoardApp): { auth: BoardAuth; state: AuthState } {
  const auth = authFor(app);
  const state = useSyncExternalStore(auth.subscribe, auth.getState);
  useEffect(() => {
    // back from the server's sign-out: the address the board had
    const afterSignOut = auth.completeSignOut(window.location.href);
    if (afterSignOut) window.history.replaceState(null, '', afterSignOut);
    void auth.completeSignIn(window.location.href).then((to) => {
      if (to) window.history.replaceState(null, '', to);
    });
  }, [auth]);
  return { auth, state };
}

/** The print flow's view of the sign-in (code requests with the bearer token). */
export function printAuthOf(auth: BoardAuth): PrintAuth {
  return { serverUrl: auth.serverUrl, accessToken: () => auth.accessToken() };
}
