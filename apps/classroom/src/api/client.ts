/**
 * The one call layer of the classroom (classroom.md §8): every call carries the bearer token,
 * every answer is validated with its zod schema, a 401 logs out, and every failure becomes an
 * {@link ApiError} whose text is one of the spec's messages in the user's language.
 */
import { FILE_STORE_UNAVAILABLE } from '@dotink/contracts/answer';
import { type EduMessageKey, eduMessageKey } from '@dotink/contracts/eduMessages';
import { serverMessageKey } from '@dotink/contracts/serverMessages';
import type { z } from 'zod';
import type { ClassroomKey } from '../i18n/en';
import { serverTextKey } from '../i18n/server';
import { ApiError } from './apiError';

export { ApiError } from './apiError';

/**
 * The spec's server messages (classroom.md §5, §8) that the screens word in their own terms, by
 * the one definition the server answers with (`EduMessage`, never a second copy of the text).
 */
export const SERVER_MESSAGE_KEYS: Readonly<Partial<Record<EduMessageKey, ClassroomKey>>> = {
  noAffiliation: 'school.noAffiliation',
  codeMismatch: 'school.codeMismatch',
  classValueMissing: 'classes.valueMissing',
  classInUse: 'classes.inUse',
  penInvalid: 'import.penWrong',
  penDuplicated: 'import.penDuplicated',
  noSchool: 'gate.noSchoolTitle',
};

/** The call layer's needs: where the server is, a token, and what to do on a 401. */
export interface ApiDeps {
  readonly serverUrl: string;
  readonly fetch: typeof fetch;
  readonly accessToken: () => Promise<string | undefined>;
  readonly onUnauthorized: () => void;
}

export type Query = Readonly<Record<string, string | number | undefined>>;

/**
 * A request with the session's bearer token: signed out fails as 'login.failed'; a 401 logs out
 * (deps.onUnauthorized) and fails likewise; no answer at all fails as 'error.network'.
 */
function authorizedSend(deps: ApiDeps) {
  return async (url: URL, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> => {
    const token = await deps.accessToken();
    // signed out (logout, or a 401 already handled): the shell's gate sends the visitor away
    if (!token) throw new ApiError(401, 'login.failed');
    const res = await send(deps.fetch, url, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${token}` },
    });
    if (res.status === 401) {
      deps.onUnauthorized();
      throw new ApiError(401, 'login.failed');
    }
    return res;
  };
}

/** A request body sent as it is (a file's bytes) rather than as JSON. */
export interface FileBody {
  readonly data: Uint8Array;
  readonly type: string;
}

/** Makes the typed call function the API module uses. */
export function createCall(deps: ApiDeps) {
  const authorized = authorizedSend(deps);
  return async function call<S extends z.ZodType>(
    schema: S,
    path: string,
    init: { method?: string; query?: Query; body?: unknown; bytes?: FileBody } = {},
  ): Promise<z.infer<S>> {
    const url = new URL(`${deps.serverUrl}${path}`);
    for (const [k, v] of Object.entries(init.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.bytes !== undefined) headers['content-type'] = init.bytes.type;
    else if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await authorized(url, {
      method: init.method ?? 'GET',
      headers,
      ...(init.bytes !== undefined
        ? { body: init.bytes.data as BodyInit }
        : init.body !== undefined
          ? { body: JSON.stringify(init.body) }
          : {}),
    });
    return readAnswer(res, schema);
  };
}

/**
 * Makes the download function of files the API points at (a material's `downloadUri`: the PDF
 * and .nproj behind replayed and live ink, issue 28 item 12): the same token, 401 and §8 rules as
 * every call; the bytes of the file.
 */
export function createDownload(deps: ApiDeps) {
  const get = createFileGet(deps);
  return async function download(uri: string): Promise<Uint8Array> {
    const res = await get(uri);
    if (!res.ok) throw answerFailure(res.status, res.statusText, await res.json().catch(() => undefined));
    return new Uint8Array(await res.arrayBuffer());
  };
}

/**
 * The GET of a file the API points at, answered as it comes (for callers with their own status
 * rules, such as the §8 attachment codes): the call layer's token and its 401 → logout.
 */
export function createFileGet(deps: ApiDeps): (uri: string) => Promise<Response> {
  const authorized = authorizedSend(deps);
  return (uri) => authorized(new URL(uri, deps.serverUrl), { method: 'GET' });
}

/** Sends a request; no answer at all (network down, refused) becomes the §8 'error.network'. */
export async function send(fetcher: typeof fetch, url: string | URL, init: RequestInit): Promise<Response> {
  try {
    return await fetcher(url, init);
  } catch (error) {
    throw new ApiError(0, 'error.network', {
      text: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Reads an answer: a failure status becomes its {@link ApiError} (the server's message in the
 * user's language when it is one of the spec's, else the §8 status message), a success is checked
 * with `schema` ('error.invalidAnswer' when it does not fit). A body that is not JSON reads as
 * undefined, so nothing is dropped.
 */
export async function readAnswer<S extends z.ZodType>(res: Response, schema: S): Promise<z.infer<S>> {
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw answerFailure(res.status, res.statusText, json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(res.status, 'error.invalidAnswer', {}, parsed.error.message);
  return parsed.data;
}

export type Call = ReturnType<typeof createCall>;
export type Download = ReturnType<typeof createDownload>;

/**
 * The failure of an answer as the user reads it: a spec message by its own key, any other
 * message of the server (education API, ink store, analytics, live paths) by its `server.*` key
 * with its values (every one in the four catalogues), any
 * other refusal (a library's validation text, …) by the generic 'error.refused' — the server's
 * text is kept on the error (for the features that refine it) but never shown as it is.
 */
export function answerFailure(status: number, statusText: string, json: unknown): ApiError {
  const message =
    typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string'
      ? (json as { message: string }).message
      : undefined;
  // 503: the server's file storage is down (issue 26)
  if (message === FILE_STORE_UNAVAILABLE) return new ApiError(status, 'error.storeUnavailable', {}, message);
  const edu = message ? eduMessageKey(message) : undefined;
  const own = edu ? SERVER_MESSAGE_KEYS[edu.key] : undefined;
  if (own) return new ApiError(status, own, {}, message);
  const known = message ? serverMessageKey(message) : undefined;
  if (known) return new ApiError(status, serverTextKey(known.key), known.params, message);
  if (status >= 400 && status < 500) return new ApiError(status, 'error.refused', { code: status }, message);
  return new ApiError(status, 'error.status', { code: status, text: statusText });
}
