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
