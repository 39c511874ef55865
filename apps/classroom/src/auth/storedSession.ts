/**
 * Whether tokens are stored, without loading the sign-in code: the landing page reads only this,
 * so a first visit downloads no OAuth, API or validation code.
 */

/** Where the tokens are kept in localStorage. */
export const TOKENS_KEY = 'dotink-classroom.auth';

/** True when this browser holds classroom tokens. */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(TOKENS_KEY) !== null;
  } catch {
    return false; // storage blocked: nobody is signed in
  }
}

/** Where a sign-out at the server remembers its `state` and what comes after it. */
export const LOGOUT_KEY = 'dotink-classroom.auth.logout';

/** What the app does once the server has ended its sign-in. */
export type AfterLogout = 'landing' | 'otherAccount';

/**
 * The end of a sign-out the server sent this browser back from (`search` of the landing page
 * holds the `state` this browser remembered): what comes next, or undefined for any other visit.
 */
export function readLogoutReturn(search: string): AfterLogout | undefined {
  const state = new URLSearchParams(search).get('state');
  if (!state) return undefined;
  try {
    const text = window.localStorage.getItem(LOGOUT_KEY);
    const pending = text ? (JSON.parse(text) as { state?: string; next?: AfterLogout }) : undefined;
    return pending?.state === state ? (pending.next ?? 'landing') : undefined;
  } catch {
    return undefined; // storage blocked or damaged: an ordinary visit of the landing page
  }
}

/** Forgets the sign-out once its return was handled (storage was readable: it held it). */
export function forgetLogoutReturn(): void {
  window.localStorage.removeItem(LOGOUT_KEY);
}
