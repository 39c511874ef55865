/**
 * The generic answer shape of the education and ink APIs (engine.md §7): `{ ok, message, data }`,
 * with the message 'Success' when the call succeeded. Server and clients share these schemas.
 */
import { z } from 'zod';

export const SUCCESS = 'Success';

/** The zod schema of a successful answer around `data`. */
export function answerSchema<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.boolean(), message: z.string(), data });
}

/** The zod schema of a failed answer (4xx/5xx): the message is shown to the user. */
export const failureSchema = z.object({ ok: z.literal(false), message: z.string(), data: z.null() });
export type Failure = z.infer<typeof failureSchema>;

/**
 * The failure message (HTTP 503) of a call whose file storage (disk or object store) did not
 * answer: nothing was stored; the apps show it in the user's language.
 */
export const FILE_STORE_UNAVAILABLE =
  'The file storage cannot be reached: nothing was stored. Try again in a moment.';
