/**
 * A failing file store as the callers see it: every error the storage raises (unreachable,
 * refusing, a broken disk) becomes a {@link FileStoreUnavailableError}, which the error handler
 * answers with 503 and {@link FILE_STORE_UNAVAILABLE} (a message the apps show in the user's
 * language) and logs at error level with the store's reason. Errors of the content being
 * stored (an upload cut or refused while it streams) pass through unchanged: they are the
 * caller's, not the store's.
 */
import type { Readable } from 'node:stream';
import type { FileStore, StagedFile } from './fileStore';

export { FILE_STORE_UNAVAILABLE } from '@dotink/contracts/answer';

/** The file store failed; `cause` is the storage's own error. */
export class FileStoreUnavailableError extends Error {
  override readonly name = 'FileStoreUnavailableError';
  constructor(operation: string, cause: unknown) {
    super(`file store: ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** Runs `call`, turning the store's rejection into a {@link FileStoreUnavailableError}. */
async function storeCall<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FileStoreUnavailableError) throw error;
    throw new FileStoreUnavailableError(operation, error);
  }
}

/** `content`, remembering the error it throws itself (so it is not taken for the store's). */
function watched(content: Uint8Array | AsyncIterable<Uint8Array>) {
  const own = new Set<unknown>();
  if (content instanceof Uint8Array) return { content, own };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const iterator = (content as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        own.add(error);
        throw error;
      }
      if (next.done) return;
      yield next.value;
    }
  }
  return { content: chunks(), own };
}

function stagedReporting(file: StagedFile): StagedFile {
  return {
    sha256: file.sha256,
    sizeBytes: file.sizeBytes,
    head: (maxBytes) => storeCall('read', () => file.head(maxBytes)),
    range: (offset, length) => storeCall('read', () => file.range(offset, length)),
    bytes: () => storeCall('read', () => file.bytes()),
    commit: () => storeCall('commit', () => file.commit()),
    discard: () => storeCall('discard', () => file.discard()),
  };
}

/** Where a stored file's stream failing after its answer began is logged (the server's logger). */
export type StreamFailureLog = (error: FileStoreUnavailableError) => void;

/**
 * `stream`, with its failure (the store lost while the bytes flow) logged: the answer has begun,
 * so it cannot become a 503 — the server cuts the response, and the client sees a broken download,
 * never a complete-looking short one — and the operator's trace is this error line, as a 503's.
 * A stream the client abandons is destroyed without an error: nothing is logged then.
 */
function reportingStream(stream: Readable, log: StreamFailureLog): Readable {
  stream.once('error', (error) => log(new FileStoreUnavailableError('read', error)));
  return stream;
}

/**
 * `store` with its failures reported as {@link FileStoreUnavailableError}; a stream failing once
 * open goes to `streamFailed`.
 */
export function reportingFailures(store: FileStore, streamFailed?: StreamFailureLog): FileStore {
  const stage = async (content: Uint8Array | AsyncIterable<Uint8Array>): Promise<StagedFile> => {
    const source = watched(content);
    try {
      return stagedReporting(await store.stage(source.content));
    } catch (error) {
      if (source.own.has(error) || error instanceof FileStoreUnavailableError) throw error;
      throw new FileStoreUnavailableError('write', error);
    }
  };
  const downloadUrl = store.downloadUrl?.bind(store);
  return {
    stage,
    async put(content) {
      return (await stage(content)).commit();
    },
    get: (sha256) => storeCall('read', () => store.get(sha256)),
    has: (sha256) => storeCall('read', () => store.has(sha256)),
    stream: async (sha256): Promise<Readable | undefined> => {
      const stream = await storeCall('read', () => store.stream(sha256));
      return stream && streamFailed ? reportingStream(stream, streamFailed) : stream;
    },
    ...(downloadUrl
      ? { downloadUrl: (sha256, answer) => storeCall('read', () => downloadUrl(sha256, answer)) }
      : {}),
    check: () => store.check(),
  };
}
