/**
 * The text of a failure in the user's language (classroom.md §8), in a module of its own without
 * React, so the pen station and the print flow name failures by the same rule as every screen.
 */
import type { T } from '../i18n/text';
import type { ApiError } from './apiError';

/**
 * An {@link ApiError} by its catalogue key (an error without one by its status), never by the
 * server's own text; any other error as 'error caught: …'.
 */
export function errorText(t: T, error: unknown): string {
  const e = error as Partial<ApiError> & { message?: string };
  if (e && e.name === 'ApiError') {
    if (e.key) return t(e.key, e.params);
    const code = e.status ?? 0;
    return code >= 400 && code < 500 ? t('error.refused', { code }) : t('error.status', { code, text: '' });
  }
  return t('error.caught', { text: e?.message ?? String(error) });
}
