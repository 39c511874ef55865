/**
 * The generic answer shape of the education and ink APIs (engine.md §7): `{ ok, message, data }`,
 * with the message 'Success' when the call succeeded.
 */
import { z } from 'zod';

export const SUCCESS = 'Success';

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

/** The zod schema of a successful answer around `data` (for route response schemas). */
export function answerSchema<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.boolean(), message: z.string(), data });
}

/** The zod schema of a failed answer (4xx/5xx response schemas). */
export const failureSchema = z.object({ ok: z.literal(false), message: z.string(), data: z.null() });
