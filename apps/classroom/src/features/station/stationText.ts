/** A failure of the station in the pupil's language (the call layer's rule: never the server's text). */
import { errorText } from '../../api/errorText';
import type { T } from '../../i18n/text';

/** The text of a failure: its catalogue key, its status, or 'error caught: …'. */
export function failureText(t: T, error: unknown): string {
  return errorText(t, error);
}
