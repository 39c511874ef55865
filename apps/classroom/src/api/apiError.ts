/**
 * The failure every call answers (`api/client.ts`), in a module of its own without zod or the
 * contracts, so screens loaded before the API (the sign-in page) can name it too.
 */
import type { ClassroomKey } from '../i18n/en';

/** A failure as the user reads it: a catalogue key with its values, or the server's own message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status (0: no answer). */
    readonly status: number,
    readonly key: ClassroomKey | undefined,
    readonly params: Readonly<Record<string, string | number>> = {},
    /** The server's message when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? key ?? `HTTP ${status}`);
  }
}
