/**
 * The generic answer shape of the education and ink APIs (engine.md §7): `{ ok, message, data }`,
 * with the message 'Success' when the call succeeded.
 */
import { SUCCESS } from '@dotink/contracts/answer';

export { answerSchema, failureSchema, SUCCESS } from '@dotink/contracts/answer';

export interface Answer<T> {
  readonly ok: boolean;
  readonly message: string;
  readonly data: T;
}

/** A successful answer carrying `data`. */
export function success<T>(data: T): Answer<T> {
  return { ok: true, message: SUCCESS, data };
}

/** A failed answer: the message is shown to the user by the apps, so quote spec strings. */
export function failure(message: string): Answer<null> {
  return { ok: false, message, data: null };
}
