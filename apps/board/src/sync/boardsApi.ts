/**
 * The server's boards API (`/board/v1/boards`, apps/server/src/boards) as the board calls it:
 * list, get a board's .GRIDA file, put it with the version last seen (409 = changed elsewhere).
 * Answers are checked against the contract the server validates with (`@dotink/contracts/boards`).
 */
import { answerSchema } from '@dotink/contracts/answer';
import { type BoardSummary, boardListData, boardSummarySchema } from '@dotink/contracts/boards';
import type { z } from 'zod';

/** A board on the server, as listed (the wire type of `@dotink/contracts/boards`). */
export type RemoteBoard = BoardSummary;

/** Calls the server with the signed-in account's token (see `auth/boardAuth.ts`). */
export interface AuthorizedFetch {
  authorizedFetch(path: string, init?: RequestInit): Promise<Response>;
}

/** The server's copy changed since the version given. */
export class RemoteConflict extends Error {
  override readonly name = 'RemoteConflict';
  constructor(readonly boardId: string) {
    super(`board ${boardId} changed on the server`);
  }
}

/** The server answered something else than expected (`status`: its HTTP status, when it failed). */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const BASE = '/board/v1/boards';

const listAnswer = answerSchema(boardListData);
const boardAnswer = answerSchema(boardSummarySchema);

/** The `data` of a JSON answer checked against `schema`; a {@link RemoteError} when it does not match. */
async function dataOf<T extends z.ZodType<{ data: unknown }>>(
  res: Response,
  schema: T,
): Promise<z.infer<T>['data']> {
  // a body that is not JSON parses as undefined, which the schema refuses: a RemoteError below
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success)
    throw new RemoteError(`boards API: unexpected answer (${parsed.error.issues[0]?.message ?? ''})`);
  return (parsed.data as { data: unknown }).data as z.infer<T>['data'];
}

async function failed(res: Response): Promise<RemoteError> {
  let message = `${res.status}`;
  try {
    message += ` ${((await res.json()) as { message?: string }).message ?? ''}`;
  } catch {}
  return new RemoteError(`boards API: ${message.trim()}`, res.status);
}

/** The boards API over an authorized fetch. */
export class BoardsApi {
  constructor(private readonly http: AuthorizedFetch) {}

  async list(): Promise<RemoteBoard[]> {
    const res = await this.http.authorizedFetch(BASE);
    if (!res.ok) throw await failed(res);
    return (await dataOf(res, listAnswer)).boards;
  }

  /** The board's file and version; undefined when absent or deleted. */
  async get(id: string): Promise<{ bytes: Uint8Array; version: number } | undefined> {
    const res = await this.http.authorizedFetch(`${BASE}/${encodeURIComponent(id)}`);
    if (res.status === 404) return undefined;
    if (!res.ok) throw await failed(res);
    const version = Number((res.headers.get('etag') ?? '').replace(/\D/g, ''));
    return { bytes: new Uint8Array(await res.arrayBuffer()), version };
  }

  /** Stores the file over `expectedVersion` (0 = new); the new version. Throws {@link RemoteConflict}. */
  async put(id: string, title: string, bytes: Uint8Array, expectedVersion: number): Promise<RemoteBoard> {
    const res = await this.http.authorizedFetch(
      `${BASE}/${encodeURIComponent(id)}?title=${encodeURIComponent(title)}`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', 'if-match': `"${expectedVersion}"` },
        body: bytes as BodyInit,
      },
    );
    if (res.status === 409) throw new RemoteConflict(id);
    if (!res.ok) throw await failed(res);
    return await dataOf(res, boardAnswer);
  }

  /**
   * Deletes the server's copy if it is still `expectedVersion` (a tombstone stays for other
   * devices). False when it is already gone. Throws {@link RemoteConflict} when it changed since.
   */
  async delete(id: string, expectedVersion: number): Promise<boolean> {
    const res = await this.http.authorizedFetch(`${BASE}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: { 'if-match': `"${expectedVersion}"` },
    });
    if (res.status === 404) return false;
    if (res.status === 409) throw new RemoteConflict(id);
    if (!res.ok) throw await failed(res);
    return true;
  }
}
