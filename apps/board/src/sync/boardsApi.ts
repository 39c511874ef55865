/**
 * The server's boards API (`/board/v1/boards`, apps/server/src/boards) as the board calls it:
 * list, get a board's .GRIDA file, put it with the version last seen (409 = changed elsewhere).
 */

/** A board on the server, as listed. */
export interface RemoteBoard {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: string;
  readonly version: number;
  readonly size: number;
  readonly deleted: boolean;
}

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

/** The server answered something else than expected. */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
}

const BASE = '/board/v1/boards';

async function failed(res: Response): Promise<RemoteError> {
  let message = `${res.status}`;
  try {
    message += ` ${((await res.json()) as { message?: string }).message ?? ''}`;
  } catch {}
  return new RemoteError(`boards API: ${message.trim()}`);
}

/** The boards API over an authorized fetch. */
export class BoardsApi {
  constructor(private readonly http: AuthorizedFetch) {}

  async list(): Promise<RemoteBoard[]> {
    const res = await this.http.authorizedFetch(BASE);
    if (!res.ok) throw await failed(res);
    return ((await res.json()) as { data: { boards: RemoteBoard[] } }).data.boards;
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
    return ((await res.json()) as { data: RemoteBoard }).data;
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
