/** A failure of the station in the pupil's language (the call layer's keys, else its own text). */
import type { T } from '../../i18n/text';

/** The text of a failure: its catalogue key, the server's message, or 'error caught: …'. */
export function failureText(t: T, error: unknown): string {
  const e = error as {
    name?: unknown;
    key?: unknown;
    params?: unknown;
    serverMessage?: unknown;
    message?: unknown;
  };
  if (e && e.name === 'ApiError') {
    if (typeof e.key === 'string') return t(e.key as never, e.params as never);
    if (typeof e.serverMessage === 'string') return e.serverMessage;
  }
  return t('error.caught', { text: typeof e?.message === 'string' ? e.message : String(error) });
}
