/**
 * The annotation calls of classroom.md §6–§7. The upload is the student's, not the teacher's:
 * the app signs in as the student (`POST /oauth/token`, password grant, the student's id as the
 * name and the password the teacher reads with `credentials` — the id itself until a teacher
 * resets it) and sends `POST /inkstore/v1/data` with the student's bearer token. Neither call
 * goes through the teacher's call layer (its token and its 401 → logout are the teacher's).
 */
import { answerSchema } from '@dotink/contracts/answer';
import { type UploadData, type UploadRecord, uploadData } from '@dotink/contracts/inkstore';
import { z } from 'zod';
import { CLASSROOM_CLIENT_ID } from '../auth/session';
import { ApiError, type Call, readAnswer, send } from './client';

/** The calls on the teacher's call layer (the pupil's password is `eduApi.credentials`). */
export function annotationApi(_call: Call) {
  return {};
}

export type AnnotationApi = ReturnType<typeof annotationApi>;

/** Where the student's calls go. */
export interface StudentCallDeps {
  /** The server's origin (the app's own). */
  readonly serverUrl: string;
  readonly fetch: typeof fetch;
}

const tokenAnswer = z.object({ access_token: z.string().min(1) });

/** The student's calls: sign-in and the writing upload. */
export interface StudentInkCalls {
  /** Signs in as the student; the access token. Rejects with `annotation.loginFailed`. */
  login(username: string, password: string): Promise<string>;
  /** Uploads page records with the student's token. Rejects with an {@link ApiError}. */
  upload(token: string, records: readonly UploadRecord[]): Promise<UploadData>;
}

/** The student's calls against one server. */
export function studentInkCalls(deps: StudentCallDeps): StudentInkCalls {
  return {
    async login(username, password) {
      // classroom.md §7: grant_type=password, username, password, the app's client (public: no secret)
      const body = new URLSearchParams({
        grant_type: 'password',
        username,
        password,
        client_id: CLASSROOM_CLIENT_ID,
      });
      const res = await send(deps.fetch, `${deps.serverUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      });
      // A body that is not JSON is no token: the sign-in failure below says so.
      const json: unknown = await res.json().catch(() => undefined);
      const parsed = tokenAnswer.safeParse(json);
      if (!res.ok || !parsed.success) {
        const reason = (json as { error_description?: unknown } | undefined)?.error_description;
        throw new ApiError(
          res.status,
          'annotation.loginFailed',
          {},
          typeof reason === 'string' ? reason : undefined,
        );
      }
      return parsed.data.access_token;
    },
    async upload(token, records) {
      const res = await send(deps.fetch, `${deps.serverUrl}/inkstore/v1/data`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(records),
      });
      // the student's 401 is not the teacher's: no logout, the failure is shown like any other
      return (await readAnswer(res, answerSchema(uploadData))).data;
    },
  };
}
